import ChronoSketchCore

/// What RFC 5545 allows once: the properties of each component that "MUST NOT occur more than
/// once" (§3.6, with RFC 7986's COLOR and calendar properties), and the parameters of §3.2
/// that the property grammars allow once each.
package enum Occurrences {
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

    /// The single-use properties of one component seen so far, a bit each, so that checking
    /// every property of every component allocates nothing.
    package struct Seen {
        private let singleUse: PropertySet
        private var seen = PropertySet()

        package init(in component: String) {
            singleUse = Occurrences.singleUseSets[component] ?? PropertySet()
        }

        /// False when `known` may occur once in the component and was seen before.
        package mutating func isFirst(_ known: KnownProperty) -> Bool {
            guard singleUse.contains(known) else { return true }
            return seen.insert(known)
        }
    }

    /// ``singleUse(in:)`` of every component that has single-use properties, as bits.
    private static let singleUseSets: [String: PropertySet] = Dictionary(
        uniqueKeysWithValues: [
            "VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "STANDARD",
            "DAYLIGHT", "VALARM",
        ].map { name in
            var set = PropertySet()
            for known in singleUse(in: name) { _ = set.insert(known) }
            return (name, set)
        })

    /// The parameters of RFC 5545 §3.2; any other (X- and IANA ones) may repeat.
    static let singleUseParameters: Set<String> = Set(rfcParameters)

    /// The names of RFC 5545 §3.2's parameters.
    static let rfcParameters = [
        "ALTREP", "CN", "CUTYPE", "DELEGATED-FROM", "DELEGATED-TO", "DIR", "ENCODING", "FMTTYPE",
        "FBTYPE", "LANGUAGE", "MEMBER", "PARTSTAT", "RANGE", "RELATED", "RELTYPE", "ROLE", "RSVP",
        "SENT-BY", "TZID", "VALUE",
    ]

    /// `TZID given twice on DTSTART, …` for each parameter of RFC 5545 a property repeats.
    /// - Complexity: O(p) allocation-free checks for the few parameters of most lines; the
    ///   names are only counted when one repeats.
    package static func repeatedParameters(_ parameters: [ICalParameter], of property: String)
        -> [Problem]
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
                    "\(parameter.name) given \(count == 2 ? "twice" : "\(count) times") on \(property), which RFC 5545 allows once",
                    assumption: "the first (\(first)) is used"))
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

/// A set of ``KnownProperty`` cases as bits, by their order in `allCases`.
struct PropertySet {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init() {}

    init(_ properties: some Sequence<KnownProperty>) {
        for known in properties { _ = insert(known) }
    }

    func contains(_ known: KnownProperty) -> Bool {
        let bit = known.ordinal
        return (bit < 64 ? low >> bit : high >> (bit - 64)) & 1 == 1
    }

    /// Adds `known`; false when it was there.
    mutating func insert(_ known: KnownProperty) -> Bool {
        let bit = known.ordinal
        if bit < 64 {
            defer { low |= 1 << bit }
            return low & (1 << bit) == 0
        }
        defer { high |= 1 << (bit - 64) }
        return high & (1 << (bit - 64)) == 0
    }
}
