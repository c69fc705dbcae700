import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation

/// What a conversion made in process: its bytes as text, what it said, and the inputs it
/// could not use.
package struct Converted {
    package var text: String
    package var diagnostics: [Diagnostic]
    package var unusable: [InputError]

    /// The diagnostics as `ics` prints them, one string.
    package var said: String { diagnostics.map(\.description).joined(separator: "\n") }

    /// What `ics` prints on standard error, each line ended: the inputs it could not use,
    /// then the diagnostics.
    package var printed: String {
        (unusable.map(\.description) + diagnostics.map(\.description)).map { $0 + "\n" }
            .joined()
    }
}

/// Conversions and listings run through the library, as `ics convert` and `ics events` run
/// them, for the tests of what the formats do (the command line has its own tests).
package enum Conversion {
    /// The options of a conversion to `format` in `zone`, its stamp fixed.
    package static func options(
        to format: ConversionFormat, from: ConversionFormat? = nil,
        records: RecordKind = .occurrences, zone: String = "UTC"
    ) throws -> ConversionOptions {
        var options = ConversionOptions(
            from: from, to: format, load: LoadOptions(zone: try Fixture.zone(zone)),
            stamp: LocalDateTime(startOf: try CivilDate(year: 2026, month: 1, day: 1)))
        options.records = records
        return options
    }

    /// `inputs` converted as the inputs are read: `.ics`, jCal or series records.
    package static func streamed(_ inputs: [InputSource], _ options: ConversionOptions)
        -> Converted
    {
        var bytes: [UInt8] = []
        let (diagnostics, unusable, _) = Converter.calendar(inputs, options: options) {
            bytes += $0
        }
        return Converted(
            text: String(decoding: bytes, as: UTF8.self), diagnostics: diagnostics,
            unusable: unusable)
    }

    /// The occurrence records of `inputs` (`options.to` json, ndjson or csv), sorted.
    package static func occurrences(_ inputs: [InputSource], _ options: ConversionOptions)
        throws -> Converted
    {
        let result = Converter.occurrences(inputs, options: options)
        var bytes: [UInt8] = []
        try result.records.write(result.sorted) { bytes += $0 }
        return Converted(
            text: String(decoding: bytes, as: UTF8.self), diagnostics: result.diagnostics,
            unusable: result.unusableInputs)
    }

    /// The occurrence records of `inputs` as `ics events --format ndjson` lists them, in
    /// `zone`, sorted: with no window unless given, and no word of the components left out.
    package static func listing(
        _ inputs: [InputSource], zone: String, from: String? = nil, to: String? = nil
    ) throws -> Converted {
        var options = LoadOptions(zone: try Fixture.zone(zone))
        options.start = try from.map { LocalDateTime(startOf: try CivilDate(parsing: $0)) }
        options.end = try to.map { LocalDateTime(startOf: try CivilDate(parsing: $0)) }
        let (records, sorted, diagnostics, unusable) = OccurrenceRecords.load(
            inputs, options: options, format: .ndjson)
        var bytes: [UInt8] = []
        try records.write(sorted) { bytes += $0 }
        return Converted(
            text: String(decoding: bytes, as: UTF8.self), diagnostics: diagnostics,
            unusable: unusable)
    }

    /// The occurrences of `input` from 1990 to 2035 in UTC, each as its uid, recurrence id (a
    /// trailing `Z` left out: an id is written as its series' DTSTART is), title, all-day
    /// flag, start and end, sorted; read in file order, so that every version of an event is
    /// there. Events whose UID `skips` are left out.
    package static func occurrenceLines(
        of input: InputSource, skipping skips: @escaping (String?) -> Bool = { _ in false }
    ) throws -> [String] {
        var options = LoadOptions(
            zone: try Fixture.zone("UTC"), from: try CivilDate(parsing: "1990-01-01"),
            to: try CivilDate(parsing: "2035-01-01"))
        options.expansion.totalInstances = 10_000_000
        var occurrences: [String] = []
        _ = CalendarLoader.stream([input], options: options) { event in
            guard !skips(event.writtenUID) else { return }
            var recurrence = event.recurrenceId?.text ?? "-"
            if recurrence.hasSuffix("Z") { recurrence.removeLast() }
            occurrences.append(
                [
                    event.writtenUID ?? "-", recurrence, event.title, "\(event.interval.isAllDay)",
                    event.interval.startText, event.interval.endText,
                ].joined(separator: " | "))
        }
        return occurrences.sorted()
    }

    /// An in-memory input named `name`, its text's lines ended by CRLF when `crlf`.
    package static func memory(_ name: String, _ text: String, crlf: Bool = false)
        -> InputSource
    {
        .memory(
            name: name,
            bytes: Array((crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text).utf8))
    }

    /// NDJSON records as dictionaries.
    package static func records(_ ndjson: String) throws -> [[String: Any]] {
        try ndjson.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }
}
