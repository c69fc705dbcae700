import ChronoSketchCore
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// The stream read on a thread of its own gives what the stream gives, in order, with the
/// reader's diagnostics and failure at the end.
@Suite struct ReadAheadStreamTests {
    private func events(_ count: Int) -> [UInt8] {
        Fixture.calendar(
            (0..<count).map { index in
                Fixture.event("e\(index)", "DTSTART:20260908T090000Z\nSUMMARY:Event \(index)")
            }.joined(separator: "\n") + (count > 0 ? "\n" : "") + "this is not a property")
    }

    @Test(arguments: [0, 1, 511, 512, 513, 5_000])
    func givesEveryEventInOrderAcrossBatches(count: Int) throws {
        let input = InputSource.memory(name: "t.ics", bytes: events(count))
        var direct = try CalendarStream(reading: input, limits: ReadLimits())
        var expected: [String] = []
        while let source = try direct.next() { expected.append(source.uid ?? "") }
        let ahead = ReadAheadStream(try CalendarStream(reading: input, limits: ReadLimits()))
        var read: [String] = []
        while let item = try ahead.next() {
            read.append(item.source.uid ?? "")
            #expect(item.scope.sawEvent)
        }
        #expect(read == expected)
        #expect(read.count == count)
        #expect(
            ahead.takeDiagnostics().map(\.message) == [
                "Line is not a property: 'this is not a property'"
            ])
        #expect(try ahead.next() == nil)
    }

    @Test func aFailureComesAfterTheDiagnostics() throws {
        let input = InputSource.memory(name: "t.ics", bytes: Array("hello\n".utf8))
        let ahead = ReadAheadStream(try CalendarStream(reading: input, limits: ReadLimits()))
        #expect(throws: InputError.self) { try ahead.next() }
        #expect(try ahead.next() == nil)
    }
}
