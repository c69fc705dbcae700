import ChronoSketchCore
import Foundation
import TestCorpus
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// A sorted listing that spills its records to disk (`OccurrenceRecords` past its memory
/// budget) writes the same bytes as one held in memory, on every fixture and every calendar
/// of the shared corpus.
@Suite struct SpilledRecordsTests {
    static let fixtures: [String] = {
        let folder = Fixture.root.appendingPathComponent("Fixtures").path
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") }.sorted()
            .map { "Fixtures/" + $0 }
    }()

    /// The bytes, the number of runs spilled and the diagnostics of a listing of `inputs`.
    private func listing(
        _ inputs: [InputSource], format: OccurrenceFormat = .ndjson, memory: Int,
        options: LoadOptions? = nil
    ) throws -> (bytes: [UInt8], runs: Int, diagnostics: [String]) {
        let options = try options ?? LoadOptions(zone: try Fixture.zone("Europe/Berlin"))
        let (records, sorted, diagnostics, _) = OccurrenceRecords.load(
            inputs, options: options, format: format, memory: memory)
        var bytes: [UInt8] = []
        try records.write(sorted) { bytes += $0 }
        #expect(records.spillFailure == nil)
        return (bytes, records.spilledRuns, diagnostics.map(\.description))
    }

    @Test(arguments: fixtures)
    func aFixtureSpilledWritesWhatMemoryWrites(path: String) throws {
        let input = InputSource.file(Fixture.path(path))
        let held = try listing([input], memory: Int.max)
        // One byte of budget: every record is a run of its own.
        let spilled = try listing([input], memory: 1)
        #expect(spilled.bytes == held.bytes)
        #expect(spilled.diagnostics == held.diagnostics)
        #expect(held.runs == 0)
        // Every record kept (older versions of an id too) spilled alone.
        let records = held.bytes.split(separator: UInt8(ascii: "\n")).count
        #expect(spilled.runs >= records)
    }

    @Test(
        .enabled(if: Corpus.isPresent, "\(Corpus.said)"),
        arguments: Corpus.calendars)
    func aCorpusCalendarSpilledWritesWhatMemoryWrites(file: String) throws {
        let input = InputSource.file(Corpus.path(file))
        let held = try listing([input], memory: Int.max)
        let spilled = try listing([input], memory: 1)
        #expect(spilled.bytes == held.bytes)
        #expect(spilled.diagnostics == held.diagnostics)
    }

    /// More runs than are merged at once (64) are merged into longer runs first; older
    /// versions of an id and events outside the window are left out of every run's merge.
    @Test func manyRunsWithVersionsAndAWindowMergeAsMemoryDoes() throws {
        var body: [String] = []
        for number in 0..<300 {
            let day = 1 + number % 28
            let time = String(format: "202603%02dT%02d0000Z", day, number % 24)
            body.append(
                Fixture.event("e\(number % 250)", "SEQUENCE:\(number / 250)\nDTSTART:\(time)"))
        }
        body.append(Fixture.event("s", "DTSTART:20260227T090000Z\nRRULE:FREQ=DAILY;COUNT=40"))
        let input = InputSource.memory(
            name: "many.ics", bytes: Fixture.calendar(body.joined(separator: "\n")))
        var window = LoadOptions(zone: try Fixture.zone("Europe/Berlin"))
        window.from = try CivilDate(parsing: "2026-03-03")
        window.to = try CivilDate(parsing: "2026-03-25")
        for format in [OccurrenceFormat.json, .ndjson, .csv] {
            let held = try listing([input], format: format, memory: Int.max, options: window)
            for budget in [1, 700, 5_000] {
                let spilled = try listing([input], format: format, memory: budget, options: window)
                #expect(spilled.bytes == held.bytes, "\(format) with \(budget) bytes")
                #expect(spilled.diagnostics == held.diagnostics)
                #expect(spilled.runs > 0)
            }
        }
        let spilled = try listing([input], memory: 1, options: window)
        #expect(spilled.runs > 64)
        let text = String(decoding: spilled.bytes, as: UTF8.self)
        // Of e0…e49, the later version (SEQUENCE:1) is listed, once.
        #expect(text.components(separatedBy: "\"uid\":\"e7\"").count == 2)
        #expect(text.contains("\"uid\":\"s\""))
    }

    @Test func aTemporaryFileIsNowhereInItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try SpillFile(directory: folder.path)
        try file.append(Array("run one".utf8))
        try file.append(Array(" and two".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(String(decoding: try file.read(at: 4, count: 7), as: UTF8.self) == "one and")
        #expect(try file.read(at: 10, count: 100).count == 5)
    }

    @Test func aFolderThatCannotHoldFilesIsAFailureNamingIt() {
        #expect(throws: SpillFailure.self) { try SpillFile(directory: "/nonexistent/spill") }
        do {
            _ = try SpillFile(directory: "/nonexistent/spill")
        } catch {
            #expect(
                error.description.hasPrefix("cannot make a temporary file in /nonexistent/spill: "))
        }
    }
}

/// A list reordered by putting each element straight at its place holds what was put where.
@Suite struct ScatteredArrayTests {
    @Test func everyElementLandsAtItsPlace() {
        let words = ["d", "a", "c", "e", "b"]
        let places = [3, 0, 2, 4, 1]
        let made = ScatteredArray.make(count: words.count) { put in
            for (word, place) in zip(words, places) { put(place, word) }
        }
        #expect(made == ["a", "b", "c", "d", "e"])
        let none: [String] = ScatteredArray.make(count: 0) { _ in }
        #expect(none.isEmpty)
    }
}
