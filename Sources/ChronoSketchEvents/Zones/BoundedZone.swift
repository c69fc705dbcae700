import ChronoSketchSyntax
/// A VTIMEZONE that speaks for part of time only (observances for a few years, as
/// iCalcreator and WordPress feeds write them), completed by the IANA zone its TZID names:
/// between its first and last onset the VTIMEZONE's offsets, outside them the database's.
///
/// Applied literally, such a VTIMEZONE keeps its first TZOFFSETFROM before its first onset
/// and its last offset forever after the last, so a weekly series would be an hour off for
/// most of its life.
final class BoundedZone: ZoneRules, @unchecked Sendable {
    let identifier: String
    private let embedded: any ZoneRules
    private let database: any ZoneRules
    /// Where the embedded zone applies: from its first onset to its last.
    let span: ClosedRange<Int>

    init(embedded: any ZoneRules, span: ClosedRange<Int>, database: any ZoneRules) {
        identifier = embedded.identifier
        self.embedded = embedded
        self.database = database
        self.span = span
    }

    func offset(atUTC seconds: Int) -> Int {
        span.contains(seconds) ? embedded.offset(atUTC: seconds) : database.offset(atUTC: seconds)
    }

    /// The changes of whichever zone applies on each side, and at the span's edges wherever
    /// the two disagree.
    func transitions(fromUTC from: Int, toUTC to: Int) -> [ZoneTransition] {
        guard from < to else { return [] }
        var candidates: [ZoneTransition] = []
        if from < span.lowerBound {
            candidates += database.transitions(fromUTC: from, toUTC: min(to, span.lowerBound))
        }
        if from <= span.upperBound, to > span.lowerBound {
            candidates += embedded.transitions(
                fromUTC: max(from, span.lowerBound), toUTC: min(to, span.upperBound + 1))
        }
        if to > span.upperBound + 1 {
            candidates += database.transitions(fromUTC: max(from, span.upperBound + 1), toUTC: to)
        }
        var edges: [Int] = []
        for edge in [span.lowerBound, span.upperBound + 1] where from <= edge && edge < to {
            edges.append(edge)
        }
        var result: [ZoneTransition] = []
        for change in candidates {
            let before = offset(atUTC: change.utc - 1)
            let after = offset(atUTC: change.utc)
            guard before != after else { continue }
            result.append(
                ZoneTransition(
                    utc: change.utc, offsetBefore: before, offsetAfter: after,
                    abbreviation: change.abbreviation, isDaylightSaving: change.isDaylightSaving))
        }
        for edge in edges where !result.contains(where: { $0.utc == edge }) {
            let before = offset(atUTC: edge - 1)
            let after = offset(atUTC: edge)
            guard before != after else { continue }
            result.append(
                ZoneTransition(
                    utc: edge, offsetBefore: before, offsetAfter: after, abbreviation: nil,
                    isDaylightSaving: after > before))
        }
        result.sort { $0.utc < $1.utc }
        return result
    }
}
