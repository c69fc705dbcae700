import ChronoSketchSyntax
/// Offsets of one zone over time.
///
/// Instants are UTC seconds (seconds since 1970-01-01T00:00:00Z); wall-clock times are
/// local seconds (seconds since 1970-01-01T00:00 on the zone's own clock). Offsets are
/// seconds east of UTC.
public protocol ZoneRules: AnyObject, Sendable {
    /// The zone's name as the user or file gave it (an IANA name, "UTC", a TZID).
    var identifier: String { get }
    /// The UTC offset in effect at an instant.
    func offset(atUTC seconds: Int) -> Int
    /// Every change with `from <= utc < to`, in order. Must stay bounded: callers pass ranges of
    /// at most a few centuries; implementations generate rule-based changes lazily.
    func transitions(fromUTC from: Int, toUTC to: Int) -> [ZoneTransition]
}

/// How a wall-clock time maps onto the instants of a zone.
public enum LocalTimeResolution: Sendable, Hashable {
    /// The wall-clock time occurs exactly once.
    case unique
    /// The wall-clock time was skipped when clocks sprang forward; it was read with the offset
    /// before the change, so the clock shows it `shiftedBy` seconds later.
    case gap(shiftedBy: Int)
    /// The wall-clock time occurs twice because clocks fell back; the first occurrence was chosen.
    case fold
}

extension ZoneRules {
    /// The instant a wall-clock time denotes in this zone (RFC 5545 §3.3.5).
    ///
    /// A time in a spring-forward gap is read with the offset before the gap (02:30 on the night
    /// clocks go from 02:00 to 03:00 is the instant shown as 03:30); an ambiguous time in a
    /// fall-back fold means its first occurrence (the earlier instant, with the offset before
    /// the change).
    /// - Complexity: One ``transitions(fromUTC:toUTC:)`` call over four days plus a few
    ///   ``offset(atUTC:)`` calls.
    public func utcSeconds(forLocal local: Int) -> Int {
        resolve(local: local).utc
    }

    /// The wall clock at an instant: `utc + offset(atUTC: utc)`.
    ///
    /// Instants beyond ±2⁶² seconds (about ±146 billion years) are clamped to that range.
    public func localSeconds(forUTC utc: Int) -> Int {
        let clamped = ZoneCalendar.clampInstant(utc)
        return clamped + offset(atUTC: clamped)
    }

    /// The instant a wall-clock time denotes, as ``utcSeconds(forLocal:)``, together with
    /// whether the time fell in a gap or a fold, so callers can warn.
    ///
    /// Every offset in effect within two days of `local` is a candidate; a candidate `o` is valid
    /// when `offset(atUTC: local - o) == o`. One valid offset is a unique time, several are a fold
    /// (the earliest instant wins), none is a gap (the offset before the skipping change is used).
    /// Wall-clock values beyond ±2⁶² seconds are clamped to that range.
    /// - Complexity: One ``transitions(fromUTC:toUTC:)`` call over four days plus a few
    ///   ``offset(atUTC:)`` calls.
    public func resolve(local: Int) -> (utc: Int, resolution: LocalTimeResolution) {
        let local = ZoneCalendar.clampInstant(local)
        let window = 2 * ZoneCalendar.secondsPerDay
        let changes = transitions(fromUTC: local - window, toUTC: local + window)
        let initial = offset(atUTC: local - window)
        if changes.isEmpty {
            return (local - initial, .unique)
        }

        var earliestValid: Int?
        var validCount = 0
        var seen: [Int] = []
        for candidate in [initial] + changes.map(\.offsetAfter) where !seen.contains(candidate) {
            seen.append(candidate)
            guard offset(atUTC: local - candidate) == candidate else { continue }
            validCount += 1
            earliestValid = max(earliestValid ?? candidate, candidate)
        }
        if let offset = earliestValid {
            return (local - offset, validCount == 1 ? .unique : .fold)
        }

        let skipping = changes.first { change in
            change.offsetAfter > change.offsetBefore
                && change.utc + change.offsetBefore <= local
                && local < change.utc + change.offsetAfter
        }
        let chosen = skipping ?? changes.last { $0.utc + $0.offsetBefore <= local } ?? changes[0]
        return (
            local - chosen.offsetBefore, .gap(shiftedBy: chosen.offsetAfter - chosen.offsetBefore)
        )
    }
}
