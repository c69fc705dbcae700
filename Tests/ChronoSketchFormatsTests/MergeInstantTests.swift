import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestCorpus
import TestSupport
import Testing

/// Merging calendars moves nothing: the events of a merge are the events of its inputs, each
/// read alone, at the same instants, whatever X-WR-TIMEZONE each input has.
@Suite struct MergeInstantTests {
    /// Pairs of calendars at hand: each with X-WR-TIMEZONE beside the next one with it, or
    /// beside one without; the first of a pair gives the merge its calendar properties.
    static let pairs: [[String]] = {
        func text(_ name: String) -> String {
            (try? String(contentsOfFile: Fixture.calendarPath(name), encoding: .utf8)) ?? ""
        }
        let files = Fixture.calendars.filter { $0.hasPrefix("corpus/") }
        let zoned = files.filter { text($0).contains("\nX-WR-TIMEZONE") }
        let others = files.filter { !zoned.contains($0) && text($0).contains("BEGIN:VEVENT") }
        guard zoned.count > 1, !others.isEmpty else { return [] }
        return zoned.indices.map { index in
            index.isMultiple(of: 2)
                ? [others[index % others.count], zoned[index]]
                : [zoned[index], zoned[(index + 1) % zoned.count]]
        }
    }()

    @Test(
        .enabled(if: !pairs.isEmpty, "\(Corpus.said)"),
        arguments: pairs)
    func aMergeHoldsTheEventsOfEachInputAtTheirInstants(pair: [String]) throws {
        let inputs = pair.map { InputSource.file(Fixture.calendarPath($0)) }
        let merged = Conversion.streamed(inputs, try Conversion.options(to: .ics))
        #expect(merged.unusable.isEmpty, "\(merged.unusable)")
        // What a merge cannot keep apart is said, and then not compared: a VTIMEZONE two
        // inputs define differently is kept once (the other input's events are read in the
        // first one's); two inputs' events with one UID are versions of one event in one
        // calendar; an event cut short by the end of its file, left out when it is read, is
        // closed when it is copied.
        let limits = ["differs from the one in", "is also used in", "the file may be truncated"]
        guard !limits.contains(where: merged.said.contains) else {
            // Said as a warning, and the merge written all the same.
            #expect(merged.diagnostics.contains { $0.severity == .warning })
            #expect(merged.text.hasPrefix("BEGIN:VCALENDAR"))
            return
        }
        let alone = try
            (Conversion.occurrenceLines(of: inputs[0]) + Conversion.occurrenceLines(of: inputs[1]))
            .sorted()
        let together = try Conversion.occurrenceLines(
            of: Conversion.memory("merged.ics", merged.text))
        let onlyAlone = alone.difference(from: together).compactMap { change -> String? in
            if case .remove(_, let element, _) = change {
                "merged only: \(element)"
            } else {
                "alone only: \(change)"
            }
        }
        #expect(alone.count == together.count && onlyAlone.isEmpty, "\(onlyAlone.prefix(6))")
    }
}
