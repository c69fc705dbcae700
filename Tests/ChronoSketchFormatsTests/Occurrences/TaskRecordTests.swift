import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

/// Occurrence records of VTODOs and VJOURNALs: the fields they carry, and that they convert
/// back to the components they came from, each occurrence where it was.
@Suite struct TaskRecordTests {
    static let chores = InputSource.file(Fixture.path("Fixtures/tasks/chores.ics"))

    /// The occurrence records of `inputs`, every component read, in Berlin, December 2026.
    static func records(_ inputs: [InputSource], to format: ConversionFormat = .ndjson) throws
        -> Converted
    {
        var options = try Conversion.options(to: format, zone: "Europe/Berlin")
        options.load.components = Set(ComponentKind.allCases)
        options.load.from = try CivilDate(parsing: "2026-12-01")
        options.load.to = try CivilDate(parsing: "2027-01-01")
        return try Conversion.occurrences(inputs, options)
    }

    /// What an occurrence is, apart from where it was read.
    static func meaning(_ records: [[String: Any]]) -> [String] {
        let fields = [
            "id", "component", "title", "allDay", "start", "end", "startUTC", "due", "completed",
            "percentComplete", "priority", "status",
        ]
        return records.map { record in
            fields.map { "\(record[$0].map { "\($0)" } ?? "-")" }.joined(separator: " | ")
        }
    }

    @Test func tasksAndJournalsCarryTheirFields() throws {
        let records = try Conversion.records(try Self.records([Self.chores]).text)
        let report = try #require(records.first { $0["uid"] as? String == "report@fixtures" })
        #expect(report["component"] as? String == "VTODO")
        #expect(report["due"] as? String == "2026-12-07T17:00")
        #expect(report["priority"] as? Int == 1)
        #expect(report["percentComplete"] as? Int == 40)
        #expect(report["status"] as? String == "IN-PROCESS")
        let rent = try #require(records.first { $0["uid"] as? String == "rent@fixtures" })
        #expect(rent["completed"] as? String == "2026-11-30T18:15:00Z")
        #expect(rent["start"] as? String == "2026-12-01")
        #expect(rent["due"] as? String == "2026-12-01")
        let minutes = try #require(records.first { $0["uid"] as? String == "minutes@fixtures" })
        #expect(minutes["component"] as? String == "VJOURNAL")
        #expect(minutes["due"] is NSNull)
        let planning = try #require(records.first { $0["uid"] as? String == "planning@fixtures" })
        #expect(planning["component"] as? String == "VEVENT")
        #expect(planning["priority"] is NSNull)
    }

    @Test(arguments: [ConversionFormat.ndjson, .csv])
    func taskRecordsConvertBackToTheComponentsTheyCameFrom(format: ConversionFormat) throws {
        let written = try Self.records([Self.chores], to: format)
        let back = Conversion.streamed(
            [Conversion.memory("chores.\(format.rawValue)", written.text)],
            try Conversion.options(to: .ics, zone: "Europe/Berlin"))
        #expect(back.unusable.isEmpty, "\(back.said)")
        let names = back.text.components(separatedBy: "\r\n").filter { $0.hasPrefix("BEGIN:V") }
        #expect(names.filter { $0 == "BEGIN:VTODO" }.count == 6)
        #expect(names.filter { $0 == "BEGIN:VJOURNAL" }.count == 1)
        // The task due where it starts has DUE alone; the one due elsewhere DTSTART and DUE.
        #expect(back.text.contains("DUE;VALUE=DATE:20261201\r\nSUMMARY:Pay the rent"))
        #expect(
            back.text.contains(
                "DTSTART;TZID=Europe/Berlin:20261207T090000\r\nDUE;TZID=Europe/Berlin:20261207T170000"
            ))
        let before = Self.meaning(try Conversion.records(try Self.records([Self.chores]).text))
        let again = try Self.records([Conversion.memory("back.ics", back.text)])
        #expect(Self.meaning(try Conversion.records(again.text)) == before)
    }

    @Test func aComponentNoRecordNamesIsRefusedWithItsRecord() throws {
        let back = Conversion.streamed(
            [
                Conversion.memory(
                    "odd.ndjson",
                    #"{"uid":"a","title":"A","start":"2026-12-01T09:00","component":"VALARM"}"#
                        + "\n" + #"{"uid":"b","title":"B","start":"2026-12-01T10:00"}"# + "\n")
            ], try Conversion.options(to: .ics))
        #expect(back.said.contains("its component 'VALARM' is none of VEVENT, VTODO and VJOURNAL"))
        #expect(back.text.contains("UID:b"))
        #expect(!back.text.contains("UID:a"))
    }
}
