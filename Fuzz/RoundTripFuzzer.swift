// libFuzzer target for the round trip: whatever the reader accepts is written as .ics and as
// jCal, and both are read back; the trees must match what was written (the lossless promise;
// jCal holds all but lines that are not properties).
import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func roundTripFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let (document, _) = try? DocumentReader.read(.memory(name: "fuzz.ics", bytes: bytes))
    else { return 0 }
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
    return 0
}
