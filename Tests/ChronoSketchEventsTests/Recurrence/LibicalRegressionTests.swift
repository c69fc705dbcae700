import ChronoSketchCore
import Foundation
import TestCorpus
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// libical 3.0.16's own recurrence regression data (`src/test/icalrecur_*test.out` in the
/// shared corpus): the iterator wrapper must reproduce every expected expansion, START-AT
/// skipping included.
@Suite struct LibicalRegressionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var rule: String
        var start: String
        var startAt: String?
        var instances: [String]?

        var testDescription: String { "\(file): \(rule) from \(start)" }
    }

    static let cases: [Case] = {
        guard let folder = Corpus.url("libical/v3.0.16/src/test"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else {
            return []
        }
        var cases: [Case] = []
        for name in names.sorted() where name.hasSuffix(".out") {
            guard
                let text = try? String(
                    contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            else {
                continue
            }
            for block in text.components(separatedBy: "\n\n") {
                var item = Case(file: name, rule: "", start: "", startAt: nil, instances: [])
                for line in block.split(separator: "\n") {
                    let pair = line.split(separator: ":", maxSplits: 1).map(String.init)
                    guard pair.count == 2 else {
                        if line.hasPrefix("INSTANCES:") { item.instances = [] }
                        continue
                    }
                    switch pair[0] {
                    case "RRULE": item.rule = pair[1]
                    case "DTSTART": item.start = pair[1]
                    case "START-AT": item.startAt = pair[1]
                    case "INSTANCES":
                        item.instances =
                            pair[1].trimmingCharacters(in: .whitespaces).hasPrefix("***")
                            ? nil : pair[1].split(separator: ",").map(String.init)
                    default: break
                    }
                }
                if !item.rule.isEmpty { cases.append(item) }
            }
        }
        return cases
    }()

    @Test(
        .enabled(if: !cases.isEmpty, "\(Corpus.said)"),
        arguments: cases)
    func iteratorReproducesLibicalsExpectedInstances(item: Case) throws {
        let start = try ICalDateTimeText.parse(item.start)
        guard let rule = try? RecurrenceRule(parsing: item.rule),
            let iterator = LibicalRecurrenceIterator(rule: rule, until: rule.until, start: start)
        else {
            #expect(item.instances == nil, "the iterator could not be created")
            return
        }
        if let startAt = item.startAt {
            #expect(iterator.skip(to: try ICalDateTimeText.parse(startAt)))
        }
        var produced: [String] = []
        while produced.count < 5000, let next = iterator.next() {
            produced.append(next.description)
        }
        let expected = (item.instances ?? []).map { $0.replacingOccurrences(of: "Z", with: "") }
        #expect(produced == expected)
    }
}
