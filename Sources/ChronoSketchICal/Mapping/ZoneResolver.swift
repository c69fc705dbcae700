import ChronoSketchCore

/// Finds the zone a TZID names, in the order SPEC §3 gives: the VTIMEZONE embedded in the
/// same calendar (whatever its name, Outlook's "Customized Time Zone" included), the IANA
/// database, a Windows zone ID or Outlook display name (CLDR windowsZones), the IANA name inside
/// a prefixed TZID such as `/mozilla.org/20050126_1/Europe/Berlin`, and last an IANA name
/// written with a dash for its slash (`America-Chicago`, `US-Eastern`).
final class ZoneResolver {
    /// How a TZID was resolved, for messages.
    enum Source: Sendable, Equatable {
        case embedded, database, windows(String), prefixedDatabase(String), dashed(String)
    }

    private let database: ZoneInfoDatabase
    private var cache: [Key: (zone: (any ZoneRules)?, source: Source?)] = [:]

    private struct Key: Hashable {
        var file: Int
        var calendar: Int
        var tzid: String
    }

    init(database: ZoneInfoDatabase) {
        self.database = database
    }

    /// The zone for `tzid` as seen from calendar `calendar` of file `file`, or nil.
    func zone(_ tzid: String, file: Int, calendar: Int, scope: CalendarScope) -> (
        zone: any ZoneRules, source: Source
    )? {
        let key = Key(file: file, calendar: calendar, tzid: tzid)
        if let cached = cache[key] {
            guard let zone = cached.zone, let source = cached.source else { return nil }
            return (zone, source)
        }
        let found = lookUp(tzid, scope: scope)
        cache[key] = (found?.zone, found?.source)
        return found
    }

    private func lookUp(_ tzid: String, scope: CalendarScope) -> (
        zone: any ZoneRules, source: Source
    )? {
        if let component = scope.zones[tzid], let zone = EmbeddedZone(component, tzid: tzid) {
            // A VTIMEZONE for a few years only is completed by the IANA zone it names.
            if let span = zone.definedSpan,
                let full = [tzid, component.property("X-LIC-LOCATION")?.value?.text].lazy
                    .compactMap({ $0 }).compactMap({ self.external($0)?.zone }).first
            {
                return (BoundedZone(embedded: zone, span: span, database: full), .embedded)
            }
            return (zone, .embedded)
        }
        return external(tzid)
    }

    /// The zone a name denotes outside the calendar: the database, Windows names, a prefixed
    /// or a dashed IANA name.
    private func external(_ tzid: String) -> (zone: any ZoneRules, source: Source)? {
        if let zone = database.zone(named: tzid) {
            return (zone, .database)
        }
        if let name = WindowsZoneNames.ianaName(for: tzid), let zone = database.zone(named: name) {
            return (zone, .windows(name))
        }
        if tzid.hasPrefix("/") {
            let parts = tzid.split(separator: "/")
            for start in parts.indices.dropLast() {
                let candidate = parts[start...].joined(separator: "/")
                if candidate.contains("/"), let zone = database.zone(named: candidate) {
                    return (zone, .prefixedDatabase(candidate))
                }
            }
        }
        if !tzid.contains("/"), let dash = tzid.firstIndex(of: "-") {
            let candidate = tzid[..<dash] + "/" + tzid[tzid.index(after: dash)...]
            if let zone = database.zone(named: String(candidate)) {
                return (zone, .dashed(String(candidate)))
            }
        }
        return nil
    }
}
