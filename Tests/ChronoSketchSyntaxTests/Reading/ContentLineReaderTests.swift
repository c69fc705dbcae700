import ChronoSketchCore
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite struct ContentLineReaderTests {
    private func lines(_ bytes: [UInt8], chunkSize: Int = 1 << 20, limit: Int = 1 << 20) throws
        -> [ContentLine]
    {
        var reader = ContentLineReader(
            chunks: try ChunkReader(.memory(name: "t", bytes: bytes), chunkSize: chunkSize),
            maximumLineLength: limit)
        var result: [ContentLine] = []
        while let line = try reader.next() { result.append(line) }
        return result
    }

    private func texts(_ lines: [ContentLine]) -> [String] {
        lines.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test(arguments: ["\r\n", "\n", "\r"])
    func everyLineEndingGivesTheSameLines(ending: String) throws {
        let text = ["BEGIN:VCALENDAR", "SUMMARY:a", " b", "END:VCALENDAR", ""].joined(
            separator: ending)
        let result = try lines(Array(text.utf8))
        #expect(texts(result) == ["BEGIN:VCALENDAR", "SUMMARY:ab", "END:VCALENDAR"])
        #expect(result.map(\.line) == [1, 2, 4])
    }

    @Test func mixedLineEndingsCountPhysicalLines() throws {
        let result = try lines(Array("A:1\r\nB:2\nC:3\rD:4\r\n\r\nE:5".utf8))
        #expect(texts(result) == ["A:1", "B:2", "C:3", "D:4", "E:5"])
        #expect(result.map(\.line) == [1, 2, 3, 4, 6])
    }

    /// How lines end and run is counted as they are read, the same whatever the chunks: a
    /// CR at the end of one chunk and its LF at the start of the next is CRLF.
    @Test(arguments: [1, 2, 3, 7, 1 << 20])
    func lineShapeIsCountedWhateverTheChunks(chunkSize: Int) throws {
        let long = "DESCRIPTION:" + String(repeating: "x", count: 80)
        let text = "A:1\r\nB:2\nC:3\rD:4\r\n\(long)\nE:5\n" + long
        var reader = ContentLineReader(
            chunks: try ChunkReader(
                .memory(name: "t", bytes: Array(text.utf8)), chunkSize: chunkSize),
            maximumLineLength: 1 << 20)
        reader.measuresShape = true
        while try reader.next() != nil {}
        let shape = reader.shape
        // Lines 2, 5 and 6 end in LF alone; C:3's lone CR is not an LF; the last has no end.
        #expect(shape.bareLineFeeds == 3)
        #expect(shape.firstBareLineFeed == 2)
        #expect(shape.longLines == 2)
        #expect(shape.firstLongLine == 5)
        #expect(shape.longest == long.utf8.count)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let result = try lines([0xEF, 0xBB, 0xBF] + Array("BEGIN:VCALENDAR\r\n".utf8))
        #expect(texts(result) == ["BEGIN:VCALENDAR"])
    }

    @Test func foldingWithSpaceOrTabJoinsLinesAndKeepsTheStartLine() throws {
        let result = try lines(Array("X:1\r\nDESCRIPTION:ab\r\n cd\r\n\tef\r\nY:2\r\n".utf8))
        #expect(texts(result) == ["X:1", "DESCRIPTION:abcdef", "Y:2"])
        #expect(result.map(\.line) == [1, 2, 5])
    }

    @Test func foldInsideAUTF8SequenceIsRejoinedBeforeChecking() throws {
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        let bytes =
            Array("SUMMARY:".utf8) + euro[0..<1] + Array("\r\n ".utf8) + euro[1...] + [0x0D, 0x0A]
        let result = try lines(bytes)
        #expect(texts(result) == ["SUMMARY:€"])
        #expect(result[0].problem == nil)
    }

    @Test(arguments: [1, 2, 3, 5, 7, 64])
    func chunkBoundariesDoNotChangeTheLines(chunkSize: Int) throws {
        let text = "BEGIN:VCALENDAR\r\nDESCRIPTION:über\r\n  straße\r\n\r\nEND:VCALENDAR\r\n"
        let whole = try lines(Array(text.utf8))
        let chunked = try lines(Array(text.utf8), chunkSize: chunkSize)
        #expect(texts(chunked) == texts(whole))
        #expect(chunked.map(\.line) == whole.map(\.line))
        #expect(texts(whole) == ["BEGIN:VCALENDAR", "DESCRIPTION:über straße", "END:VCALENDAR"])
    }

    @Test func indentationWithNothingToContinueIsDropped() throws {
        let result = try lines(Array("    BEGIN:VCALENDAR\nVERSION:2.0\n".utf8))
        #expect(texts(result) == ["BEGIN:VCALENDAR", "VERSION:2.0"])
    }

    @Test func nulBytesAreReportedAndOtherBytesThatAreNotUTF8ReadAsWindows1252() throws {
        let result = try lines(
            Array("A:x\0y\r\n".utf8) + [0x42, 0x3A, 0xC3, 0x28, 0x0D, 0x0A] + Array("C:ok\r\n".utf8)
                + Array("D:".utf8) + [0x80, 0x20, 0x93, 0x71, 0x94, 0x20, 0xE9, 0x81])
        #expect(result.map(\.problem) == [.nulByte, nil, nil, nil])
        #expect(result.map(\.decodedAsWindows1252) == [false, true, false, true])
        #expect(texts(result).dropFirst() == ["B:Ã(", "C:ok", "D:€ “q” é\u{81}"])
    }

    @Test func blankLinesAreSkippedAndAFoldContinuesAcrossThem() throws {
        let result = try lines(
            Array("DTSTART:20260908\r\n\r\n T090000\r\n  \t \r\nSUMMARY:a\n\n\n b\n".utf8))
        #expect(texts(result) == ["DTSTART:20260908T090000", "SUMMARY:ab"])
        #expect(result.map(\.line) == [1, 5])
    }

    @Test(arguments: [1, 2, 3, 64])
    func utf16WithAByteOrderMarkIsDecoded(chunkSize: Int) throws {
        let text = "BEGIN:VCALENDAR\r\nSUMMARY:Grüße 😀\r\n folded\r\nEND:VCALENDAR\r\n"
        let little: [UInt8] =
            [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] =
            [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big] {
            let result = try lines(bytes, chunkSize: chunkSize)
            #expect(texts(result) == ["BEGIN:VCALENDAR", "SUMMARY:Grüße 😀folded", "END:VCALENDAR"])
            #expect(result.map(\.line) == [1, 2, 4])
        }
    }

    @Test func aByteOrderMarkSplitAcrossChunksIsSkipped() throws {
        let result = try lines(
            [0xEF, 0xBB, 0xBF] + Array("BEGIN:VCALENDAR\r\n".utf8), chunkSize: 1)
        #expect(texts(result) == ["BEGIN:VCALENDAR"])
    }

    @Test(
        arguments: [
            [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF],
        ] as [[UInt8]])
    func overlongSurrogateAndOutOfRangeSequencesAreInvalid(sequence: [UInt8]) throws {
        #expect(UTF8Scan.problem(Array("X:".utf8) + sequence) == .invalidUTF8)
        let read = try lines(Array("X:".utf8) + sequence)
        #expect(read.map(\.decodedAsWindows1252) == [true])
    }

    @Test func aPhysicalLinePastTheLimitIsCutAndEndsTheInput() throws {
        let result = try lines(
            Array(("X:" + String(repeating: "a", count: 50) + "\r\n b\r\nY:1\r\n").utf8), limit: 20)
        #expect(result.count == 1)
        #expect(result[0].problem == .tooLong(limit: 20, endsInput: true))
        #expect(result[0].bytes.count == 20)
    }

    @Test func aLineFoldedPastTheLimitIsCutAndTheNextLineIsRead() throws {
        let folded =
            "X:" + String(repeating: "a", count: 15) + "\r\n " + String(repeating: "b", count: 15)
        let result = try lines(Array((folded + "\r\n c\r\nY:1\r\n").utf8), limit: 20)
        #expect(result.count == 2)
        #expect(result[0].problem == .tooLong(limit: 20, endsInput: false))
        #expect(result[0].bytes.count == 20)
        #expect(result[1].problem == nil)
        #expect(result[1].bytes == Array("Y:1".utf8))
    }
}
