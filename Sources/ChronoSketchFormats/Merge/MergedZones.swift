import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// The VTIMEZONE a merge writes for each TZID, found by a first pass over its inputs, so that
/// merging moves no event: one VTIMEZONE is written per TZID, and it must hold every time any
/// input writes in that TZID (RFC 5545 §3.6.5). Where the first input's does — the most
/// often — it is written, as it always was. Where it begins after a time that uses it (a
/// VTIMEZONE made for one input's later years, kept for another input's earlier events), the
/// first definition of the inputs that holds every such time is written in its place, else
/// one made from the zone database for the IANA zone the TZID names; a warning names the
/// choice. When neither can be, the first is kept and the warning says what is left uncovered.
struct MergedZones: Sendable {
    /// By TZID, the VTIMEZONE written in place of the first input's.
    private(set) var replacements: [String: ICalComponent] = [:]
    /// What is said of each choice, with the input it is said of.
    private(set) var said: [(input: Int, diagnostic: Diagnostic)] = []

    private struct Definition {
        let input: Int
        let component: ICalComponent
        /// The earliest DTSTART of its observances; nil when none reads.
        let onset: LocalDateTime?

        /// Whether it holds `time`: the last observance holds every time after it, the first
        /// none before it.
        func holds(_ time: LocalDateTime) -> Bool {
            onset.map { $0 <= time } ?? false
        }
    }

    /// The earliest and latest zoned wall-clock times of a TZID and the input of the earliest.
    private struct Use {
        var first: LocalDateTime
        var last: LocalDateTime
        var input: Int
    }

    /// Reads `sources` (nil for an input that could not be used) for their VTIMEZONEs and the
    /// times that name each TZID.
    init(
        _ sources: [InputSource?], names: [String], limits: ReadLimits, database: ZoneInfoDatabase
    ) {
        var definitions: [String: [Definition]] = [:]
        var uses: [String: Use] = [:]
        for (input, source) in sources.enumerated() {
            guard let source,
                var items = try? ComponentSources.open(source, limits: limits, progress: nil)
            else { continue }
            while let item = try? items.next() {
                guard case .component(let component) = item else { continue }
                if component.name == "VTIMEZONE" {
                    guard let tzid = component.property("TZID")?.value?.text else { continue }
                    definitions[tzid, default: []].append(
                        Definition(
                            input: input, component: component,
                            onset: component.firstOnset))
                } else {
                    Self.collect(component, input: input, into: &uses)
                }
            }
        }
        let resolver = ZoneResolver(database: database)
        for (tzid, found) in definitions.sorted(by: { $0.key < $1.key }) {
            guard let kept = found.first, let use = uses[tzid], !kept.holds(use.first) else {
                continue
            }
            let user = names[use.input]
            let problem =
                "VTIMEZONE '\(tzid)' of \(names[kept.input]) begins \(kept.onset.map { "at \($0)" } ?? "nowhere that reads"), after \(user)'s times in it (from \(use.first))"
            let choice: String
            if let holding = found.first(where: { $0.holds(use.first) }) {
                replacements[tzid] = holding.component
                choice =
                    "the one of \(names[holding.input]), which holds every time written in it, is written in its place"
            } else if let iana = resolver.ianaName(tzid), let rules = database.zone(named: iana) {
                let latest = found.compactMap(\.onset).max().map { max($0, use.last) } ?? use.last
                replacements[tzid] = ZoneDefinition.minimal(
                    tzid: tzid, rules: rules,
                    covering: (use.first.secondsSinceEpoch - 86_400)...(latest.secondsSinceEpoch
                        + 86_400))
                choice =
                    "one made from the zone database (\(iana)) for every time written in it is written in its place"
            } else {
                choice =
                    "it is kept: no input's holds them and the TZID names no zone of the database, so readers differ on their offset"
            }
            said.append(
                (
                    kept.input,
                    Self.conflict(
                        file: names[kept.input], line: kept.component.line, problem, choice)
                ))
        }
    }

    /// Notes the zoned wall-clock times of `component` and the components inside, by TZID.
    private static func collect(
        _ component: ICalComponent, input: Int, into uses: inout [String: Use]
    ) {
        for property in component.properties {
            guard let tzid = property.parameter("TZID") else { continue }
            for local in property.values.compactMap(\.localTime) {
                if var use = uses[tzid] {
                    if local < use.first { (use.first, use.input) = (local, input) }
                    use.last = max(use.last, local)
                    uses[tzid] = use
                } else {
                    uses[tzid] = Use(first: local, last: local, input: input)
                }
            }
        }
        for child in component.components { collect(child, input: input, into: &uses) }
    }
}

extension MergedZones {
    /// Two inputs' VTIMEZONEs of one TZID that differ: `problem` says how, `choice` which
    /// is written.
    static func conflict(file: String, line: Int, _ problem: String, _ choice: String)
        -> Diagnostic
    {
        Diagnostic(
            .warning, .conflictingTimeZone, file: file, line: line, message: problem,
            assumption: choice)
    }
}
