import ChronoSketchCore
import ChronoSketchSyntax

/// How a TZID was resolved (``ZoneResolver``).
public enum ZoneResolution: Sendable, Hashable {
    /// A VTIMEZONE in the same calendar.
    case embedded
    /// The IANA database, by the name as written.
    case database
    /// A Windows zone ID or Outlook display name, read as this IANA zone.
    case windows(String)
    /// The IANA name inside a prefixed TZID (`/mozilla.org/…/Europe/Berlin`).
    case prefixed(String)
    /// An IANA name written with a dash for its slash (`US-Eastern`).
    case dashed(String)

    /// How the name was read, in a few words: `embedded VTIMEZONE`,
    /// `Windows name, read as Europe/Berlin`.
    public var description: String {
        switch self {
        case .embedded: "embedded VTIMEZONE"
        case .database: "IANA database"
        case .windows(let name): "Windows name, read as \(name)"
        case .prefixed(let name): "prefixed name, read as \(name)"
        case .dashed(let name): "dashed name, read as \(name)"
        }
    }

    /// The IANA zone the name was read as, when it was not used as written.
    public var ianaName: String? {
        switch self {
        case .windows(let name), .prefixed(let name), .dashed(let name): name
        case .embedded, .database: nil
        }
    }

    /// A short word for JSON: embedded, database, windows, prefixed, dashed.
    public var kind: String {
        switch self {
        case .embedded: "embedded"
        case .database: "database"
        case .windows: "windows"
        case .prefixed: "prefixed"
        case .dashed: "dashed"
        }
    }
}

/// Finds the zone a TZID names, in the order SPEC §3 gives: the VTIMEZONE embedded in the
/// same calendar (whatever its name, Outlook's "Customized Time Zone" included), the IANA
/// database, a Windows zone ID or Outlook display name (CLDR windowsZones), the IANA name inside
/// a prefixed TZID such as `/mozilla.org/20050126_1/Europe/Berlin`, and last an IANA name
/// written with a dash for its slash (`America-Chicago`, `US-Eastern`).
package final class ZoneResolver {
    /// A zone found for a TZID: its rules, how the name was read, and the name a record
    /// gives it (``CalendarEvent/sourceZone``): the IANA name it denotes, else the TZID of
    /// the VTIMEZONE that defines it.
    package struct Found {
        package var zone: any ZoneRules
        package var source: ZoneResolution
        package var name: String
    }

    private let database: ZoneInfoDatabase
    /// What each TZID of each calendar resolved to, nil for none: each is resolved once.
    private var cache: [Key: Found?] = [:]
    /// The last key asked and its answer: the times of one event most often share a zone.
    private var last: (key: Key, found: Found?)?
    /// ``ianaName(_:)`` of each TZID asked, nil for one that names no zone outside a calendar.
    private var ianaNames: [String: String?] = [:]

    private struct Key: Hashable {
        var file: Int
        var calendar: Int
        var tzid: String
    }

    package init(database: ZoneInfoDatabase) {
        self.database = database
    }

    /// The zone for `tzid` as seen from calendar `calendar` of file `file`, or nil.
    package func zone(_ tzid: String, file: Int, calendar: Int, scope: CalendarScope) -> Found? {
        let key = Key(file: file, calendar: calendar, tzid: tzid)
        if let last, last.key == key { return last.found }
        let found: Found?
        if let cached = cache[key] {
            found = cached
        } else {
            found = lookUp(tzid, scope: scope).map {
                Found(zone: $0.zone, source: $0.source, name: ianaName(tzid) ?? tzid)
            }
            cache[key] = .some(found)
        }
        last = (key, found)
        return found
    }

    /// The IANA name `tzid` denotes outside any calendar: itself when the database has it, else
    /// the zone a Windows, prefixed or dashed name is read as; nil for a name only a
    /// VTIMEZONE defines.
    package func ianaName(_ tzid: String) -> String? {
        if let known = ianaNames[tzid] { return known }
        let name = external(tzid).map { $0.source.ianaName ?? tzid }
        ianaNames[tzid] = .some(name)
        return name
    }

    private func lookUp(_ tzid: String, scope: CalendarScope) -> (
        zone: any ZoneRules, source: ZoneResolution
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
    private func external(_ tzid: String) -> (zone: any ZoneRules, source: ZoneResolution)? {
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
                    return (zone, .prefixed(candidate))
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
