import ChronoSketchCore

/// What RFC 5545 allows once: the properties of each component that "MUST NOT occur more than
/// once" (§3.6, with RFC 7986's COLOR and calendar properties), and the parameters of §3.2
/// that the property grammars allow once each.
enum Occurrences {
    /// The properties `component` may have at most once; empty for components it does not
    /// define.
    static func singleUse(in component: String) -> Set<KnownProperty> {
        switch component {
        case "VCALENDAR":
            [
                .prodid, .version, .calscale, .method, .uid, .lastModified, .url, .refreshInterval,
                .source, .color, .name,
            ]
        case "VEVENT":
            [
                .dtstamp, .uid, .dtstart, .class, .created, .description, .geo, .lastModified,
                .location, .organizer, .priority, .sequence, .status, .summary, .transp, .url,
                .recurrenceID, .dtend, .duration, .color,
            ]
        case "VTODO":
            [
                .dtstamp, .uid, .class, .completed, .created, .description, .dtstart, .geo,
                .lastModified, .location, .organizer, .percentComplete, .priority, .recurrenceID,
                .sequence, .status, .summary, .url, .due, .duration, .color,
            ]
        case "VJOURNAL":
            [
                .dtstamp, .uid, .class, .created, .dtstart, .lastModified, .organizer,
                .recurrenceID, .sequence, .status, .summary, .url, .color,
            ]
        case "VFREEBUSY": [.dtstamp, .uid, .contact, .dtstart, .dtend, .organizer, .url]
        case "VTIMEZONE": [.tzid, .lastModified, .tzurl]
        case "STANDARD", "DAYLIGHT": [.dtstart, .tzoffsetto, .tzoffsetfrom]
        case "VALARM": [.action, .trigger, .duration, .repeat]
        default: []
        }
    }

    /// The finding for a property given again where it is allowed once, said at the line of
    /// each repeat.
    static func repeated(
        _ property: String, in component: String, firstLine: Int, file: String, line: Int,
        uid: String?, assumption: String = "the first is used"
    ) -> Diagnostic {
        Diagnostic(
            .warning, .repeatedProperty, file: file, line: line, uid: uid,
            message:
                "\(component) has \(property) more than once (first at line \(firstLine)), which RFC 5545 allows once",
            assumption: assumption)
    }

    /// The finding for an `X-LIC-ERROR` line in the input: libical writes one where it could
    /// not read a property, so an earlier program lost something there.
    static func libicalError(_ property: ICalProperty, file: String, uid: String?) -> Diagnostic {
        let kind = property.parameter("X-LIC-ERRORTYPE").map { " (\($0))" } ?? ""
        return Diagnostic(
            .warning, .libicalError, file: file, line: property.line, uid: uid,
            message:
                "X-LIC-ERROR\(kind) was already in the input: '\(TextValue.unescape(property.rawValue))'",
            assumption:
                "an earlier libical-based program could not read a property here; kept as written")
    }

    /// The single-use properties of a VEVENT seen so far (RFC 5545 §3.6.1 and RFC 7986's
    /// COLOR), a bit each, so that checking every property of every event allocates nothing.
    struct SeenInEvent {
        private var bits: UInt32 = 0

        /// False when `known` may occur once in a VEVENT and was seen before.
        mutating func isFirst(_ known: KnownProperty) -> Bool {
            guard let bit = Self.bit(known) else { return true }
            defer { bits |= 1 << bit }
            return bits & (1 << bit) == 0
        }

        private static func bit(_ known: KnownProperty) -> Int? {
            switch known {
            case .dtstamp: 0
            case .uid: 1
            case .dtstart: 2
            case .class: 3
            case .created: 4
            case .description: 5
            case .geo: 6
            case .lastModified: 7
            case .location: 8
            case .organizer: 9
            case .priority: 10
            case .sequence: 11
            case .status: 12
            case .summary: 13
            case .transp: 14
            case .url: 15
            case .recurrenceID: 16
            case .dtend: 17
            case .duration: 18
            case .color: 19
            default: nil
            }
        }
    }

    /// The parameters of RFC 5545 §3.2; any other (X- and IANA ones) may repeat.
    static let singleUseParameters: Set<String> = [
        "ALTREP", "CN", "CUTYPE", "DELEGATED-FROM", "DELEGATED-TO", "DIR", "ENCODING", "FMTTYPE",
        "FBTYPE", "LANGUAGE", "MEMBER", "PARTSTAT", "RANGE", "RELATED", "RELTYPE", "ROLE", "RSVP",
        "SENT-BY", "TZID", "VALUE",
    ]

    /// `TZID given twice on DTSTART, …` for each parameter of RFC 5545 a property repeats.
    /// - Complexity: O(p) allocation-free checks for the few parameters of most lines; the
    ///   names are only counted when one repeats.
    static func repeatedParameters(_ parameters: [ICalParameter], of property: String) -> [Problem]
    {
        guard parameters.count > 1, hasRepeatedName(parameters) else { return [] }
        var problems: [Problem] = []
        var seen: Set<String> = []
        for (index, parameter) in parameters.enumerated()
        where singleUseParameters.contains(parameter.name) && !seen.contains(parameter.name) {
            let count = parameters[index...].count { $0.name == parameter.name }
            seen.insert(parameter.name)
            guard count > 1 else { continue }
            let first = parameter.values.joined(separator: ",")
            problems.append(
                Problem(
                    .repeatedParameter,
                    "\(parameter.name) given \(count == 2 ? "twice" : "\(count) times") on \(property), which RFC 5545 allows once; the first (\(first)) is used"
                ))
        }
        return problems
    }

    private static func hasRepeatedName(_ parameters: [ICalParameter]) -> Bool {
        guard parameters.count <= 16 else {
            return Set(parameters.map(\.name)).count < parameters.count
        }
        for later in 1..<parameters.count {
            for earlier in 0..<later where parameters[earlier].name == parameters[later].name {
                return true
            }
        }
        return false
    }
}
