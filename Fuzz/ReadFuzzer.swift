// libFuzzer target for the read path: any bytes go through the calendar loader (parsing,
// guards, libical, mapping, recurrence expansion with tight limits), the sorted listing kept as
// records and written as `ics events --format ndjson` writes it, the file-order stream with its
// first pass (the input given twice, so series span two files) and the validator, once with
// RFC 5545's rules and once with libical's own reading compared and Outlook's profile (which
// reads the input a second time), as `validate --libical --profile outlook` does. Nothing may
// crash, hang, leak or trip AddressSanitizer; refusing the input is fine.
import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func readFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let input = InputSource.memory(name: "fuzz.ics", bytes: bytes)
    var expansion = ExpansionLimits()
    expansion.instancesPerSeries = 500
    expansion.totalInstances = 5_000
    expansion.iterationsPerSeries = 20_000
    let options = LoadOptions(zone: .utc, expansion: expansion)
    if let loaded = try? CalendarLoader.load([input], options: options) {
        for event in loaded.events { _ = event.interval.endText }
    }
    let (records, sorted, _, _) = OccurrenceRecords.load(
        [input], options: options, format: .ndjson)
    try? records.write(sorted) { _ in }
    _ = CalendarLoader.stream([input, input], options: options) { _ in }
    _ = try? Validator.validate(input, options: options)
    var comparing = options
    comparing.comparesWithLibical = true
    _ = try? Validator.validate(input, options: comparing, profile: .outlook)
    return 0
}
