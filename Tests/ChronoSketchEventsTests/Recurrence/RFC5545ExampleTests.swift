import ChronoSketchCore
import Foundation
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// Every recurrence example of RFC 5545 §3.8.5.3, from `Fixtures/recurrence/rfc5545-examples.txt`.
@Suite struct RFC5545ExampleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var title: String
        var lines: [String]
        var window: (from: String, to: String)?
        var expected: [String]

        var testDescription: String { title }
    }

    static let examples: [Example] = {
        let path = Fixture.path("Fixtures/recurrence/rfc5545-examples.txt")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.components(separatedBy: "\n\n").compactMap { block in
            var example = Example(title: "", lines: [], window: nil, expected: [])
            for line in block.split(separator: "\n") {
                if line.hasPrefix("# ") {
                    example.title = String(line.dropFirst(2))
                } else if line.hasPrefix("WINDOW:") {
                    let bounds = line.dropFirst(7).split(separator: "/")
                    example.window = (String(bounds[0]), String(bounds[1]))
                } else if line.hasPrefix("EXPECT:") {
                    example.expected = line.dropFirst(7).split(separator: ",").map(String.init)
                } else {
                    example.lines.append(String(line))
                }
            }
            return example.lines.isEmpty ? nil : example
        }
    }()

    @Test func everyExampleIsPresent() {
        #expect(Self.examples.count == 42)
    }

    @Test(arguments: examples)
    func exampleGivesTheInstancesTheRFCLists(example: Example) throws {
        let body =
            "BEGIN:VEVENT\nUID:rfc\nDTSTAMP:19970901T000000Z\n"
            + example.lines.joined(separator: "\n")
            + "\nDURATION:PT1H\nEND:VEVENT"
        let options = LoadOptions(
            zone: try Fixture.zone("America/New_York"),
            from: try example.window.map { try CivilDate(basicFormat: $0.from.prefix(8)) },
            to: try example.window.map { try CivilDate(basicFormat: $0.to.prefix(8)) })
        let loaded = try CalendarLoader.load(
            [.memory(name: "rfc.ics", bytes: Fixture.calendar(body))], options: options)
        let starts = loaded.events.map { $0.interval.start.basicFormat }
        #expect(starts == example.expected)
        #expect(!loaded.hasErrors)
    }
}
