// libFuzzer target for the round trip: whatever the reader accepts is written as .ics and as
// jCal, and both are read back; the trees must match what was written (the lossless promise;
// jCal holds all but lines that are not properties). `ics convert` writes both as it reads
// (``Converter/calendar``, through the outline scan and the item writers): what it writes must
// be the bytes the whole tree gives.
import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func roundTripFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let input = InputSource.memory(name: "fuzz.ics", bytes: bytes)
    guard let (document, _) = try? DocumentReader.read(input) else { return 0 }
    let written = ICalWriter.write(document)
    guard let (again, _) = try? DocumentReader.read(.memory(name: "again.ics", bytes: written))
    else { fatalError("written .ics could not be read back") }
    if !document.isSameTree(as: again, exactText: false) {
        fatalError("the .ics round trip changed the tree")
    }
    var writer = JSONWriter()
    writer.value(JCal.encode(document))
    guard let json = try? JSONParser.parse(writer.bytes),
        let (fromJCal, _) = try? JCal.decode(json, name: "jcal.ics")
    else { fatalError("written jCal could not be read back") }
    // Lines that are not properties have no jCal form; all else must come back.
    if !JCal.holdable(document).isSameTree(as: fromJCal, exactText: false) {
        fatalError("the jCal round trip changed the tree")
    }
    writer.raw("\n")
    if converted(input, to: .ics) != written {
        fatalError("convert --format ics wrote other bytes than the tree gives")
    }
    if converted(input, to: .jcal) != writer.bytes {
        fatalError("convert --format jcal wrote other bytes than the tree gives")
    }
    return 0
}

/// What `ics convert --to FORMAT` writes of `input`, an empty calendar included.
private func converted(_ input: InputSource, to format: ConversionFormat) -> [UInt8] {
    var options = ConversionOptions(
        to: format, load: LoadOptions(zone: .utc), stamp: LocalDateTime(startOf: .epoch))
    options.allowsEmpty = true
    var bytes: [UInt8] = []
    _ = Converter.calendar([input], options: options) { bytes += $0 }
    return bytes
}
