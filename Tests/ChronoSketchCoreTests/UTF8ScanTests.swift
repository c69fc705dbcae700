import ChronoSketchCore
import TestSupport
import Testing

/// The UTF-8 check of the read paths says what the standard library's decoder says, with a NUL
/// byte (valid UTF-8, refused by the readers) named where it comes first.
@Suite struct UTF8ScanTests {
    /// The standard library's verdict on `bytes`, the first NUL ending the part it judges.
    static func expected(_ bytes: [UInt8]) -> UTF8Scan.Problem {
        let nul = bytes.firstIndex(of: 0)
        let judged = Array(bytes[..<(nul ?? bytes.endIndex)])
        if String(validating: judged, as: UTF8.self) == nil { return .invalidUTF8 }
        return nul == nil ? .none : .nulByte
    }

    /// `sequence` alone, after ASCII that puts it last in an eight-byte word and in the next
    /// word, and before a word of ASCII.
    static func placements(of sequence: [UInt8]) -> [[UInt8]] {
        [0, 7, 9].map { Array(repeating: UInt8(ascii: "a"), count: $0) + sequence }
            + [sequence + Array("0123456789abcdef".utf8)]
    }

    @Test func everyPairOfBytes() {
        var wrong = 0
        for first in 0...255 {
            for second in 0...255 {
                for bytes in Self.placements(of: [UInt8(first), UInt8(second)])
                where UTF8Scan.problem(bytes) != Self.expected(bytes) {
                    wrong += 1
                }
            }
        }
        #expect(wrong == 0)
    }

    /// Every lead byte above ASCII with every byte after it, then continuation bytes at both
    /// ends of their range, an ASCII byte, or nothing.
    @Test(arguments: [
        [UInt8](), [0x80], [0xBF], [0x80, 0x80], [0xBF, 0xBF], [0x80, 0x41], [0x41],
    ])
    func everyLeadAndSecondByte(tail: [UInt8]) {
        var wrong: [[UInt8]] = []
        for lead in 0x80...0xFF {
            for second in 0...255 {
                let bytes = [UInt8(lead), UInt8(second)] + tail
                for placed in Self.placements(of: bytes)
                where UTF8Scan.problem(placed) != Self.expected(placed) {
                    wrong.append(bytes)
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func randomRuns() {
        // ASCII, NUL, continuation bytes and every kind of lead byte, equally likely.
        let kinds: [ClosedRange<UInt8>] = [
            0x20...0x7E, 0x00...0x00, 0x80...0xBF, 0xC0...0xDF, 0xE0...0xEF, 0xF0...0xFF,
        ]
        var generator = ZoneFuzzGenerator(state: 5545)
        var wrong: [[UInt8]] = []
        for _ in 0..<50_000 {
            let length = Int.random(in: 1...40, using: &generator)
            let bytes = (0..<length).map { _ in
                UInt8.random(in: kinds.randomElement(using: &generator)!, using: &generator)
            }
            if UTF8Scan.problem(bytes) != Self.expected(bytes) { wrong.append(bytes) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Sequences that are UTF-8 or not, and a NUL, after every run of ASCII up to six words
    /// and before a random tail of ASCII.
    @Test func aProblemIsFoundAtEveryOffset() {
        var generator = ZoneFuzzGenerator(state: 3629)
        let pieces: [[UInt8]] = [
            [0x00], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x8E, 0x89], [0xC3],
            [0xE2, 0x82], [0x80], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF5, 0x80, 0x80, 0x80],
        ]
        var wrong: [[UInt8]] = []
        for length in 0..<48 {
            for piece in pieces {
                let tail = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
                    UInt8.random(in: 0x01...0x7F, using: &generator)
                }
                let bytes = Array(repeating: UInt8(ascii: "a"), count: length) + piece + tail
                if UTF8Scan.problem(bytes) != Self.expected(bytes) { wrong.append(bytes) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func aWholeTextOfEveryScalarLength() {
        let text = String(repeating: "Ab é ∑ 😀 ", count: 100)
        #expect(UTF8Scan.problem(Array(text.utf8)) == .none)
    }
}
