import ChronoSketchSyntax
import Foundation
import Testing

/// Goldens: expected output kept as full text in a `goldens/` folder beside the calendars it
/// comes from, so that a re-record shows in `git diff` what changed.
package enum Golden {
    /// Whether goldens are re-recorded (`ICS_RECORD_GOLDENS=1`): never when `CI` is set, where
    /// a run must compare what it makes with what was reviewed, and asking for it is an issue.
    package static var isRecording: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard environment["ICS_RECORD_GOLDENS"] == "1" else { return false }
        guard environment["CI"] == nil else {
            Issue.record("ICS_RECORD_GOLDENS is refused when CI is set: goldens are compared")
            return false
        }
        return true
    }

    /// The names (without `.ics`) of the calendars in a fixture folder, sorted.
    package static func calendarNames(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// ``expect(_:at:sourceLocation:)`` for the golden `name` in `folder/goldens/`.
    package static func expect(
        _ text: String, in folder: URL, named name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try expect(
            text, at: folder.appendingPathComponent("goldens").appendingPathComponent(name),
            sourceLocation: sourceLocation)
    }

    /// Expects `text` to be the golden file at `url`; when goldens are recorded
    /// (``isRecording``), writes it there instead (its folder made when missing).
    package static func expect(
        _ text: String, at url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        if isRecording {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
            return
        }
        #expect(
            text == (try String(contentsOf: url, encoding: .utf8)), "\(url.lastPathComponent)",
            sourceLocation: sourceLocation)
    }
}

/// A fixture folder of calendars, each with its goldens in `goldens/`.
package struct GoldenFolder: Sendable {
    package let url: URL

    /// The folder at `relative`, from the package root.
    package init(_ relative: String) { url = URL(fileURLWithPath: Fixture.path(relative)) }

    /// The names (without `.ics`) of its calendars, sorted.
    package var names: [String] { Golden.calendarNames(in: url) }

    /// The calendar `name` under the name the command line gives it when run in the folder.
    package func input(_ name: String) throws -> InputSource {
        let bytes = try Data(contentsOf: url.appendingPathComponent("\(name).ics"))
        return .memory(name: "\(name).ics", bytes: Array(bytes))
    }

    /// Expects `text` to be the golden `name` (``Golden/expect(_:in:named:sourceLocation:)``).
    package func expect(
        _ text: String, golden name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try Golden.expect(text, in: url, named: name, sourceLocation: sourceLocation)
    }
}
