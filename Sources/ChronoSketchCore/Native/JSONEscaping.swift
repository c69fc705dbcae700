/// A JSON string's text (RFC 8259 §7), escaped where it must be: a control character, `"` and
/// a backslash. Runs between escapes are copied whole; most text has none.
enum JSONEscaping {
    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends `value`, escaped, to `bytes` (without the quotes around it).
    static func append(_ value: String, to bytes: inout [UInt8]) {
        value.utf8.span.withUnsafeBufferPointer { text in
            var runStart = 0
            var index = firstEscape(in: text, from: 0)
            while index < text.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
                appendEscape(text[index], to: &bytes)
                runStart = index + 1
                index = firstEscape(in: text, from: runStart)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        }
    }

    /// The index of the first byte of `text` at or after `start` that JSON escapes, or
    /// `text.count` for none: eight bytes at a time, each test flagging the high bit of a byte
    /// that matches. A borrow can only flag bytes above a true match, so the lowest flag is
    /// exact.
    /// - Complexity: O(n).
    static func firstEscape(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while index + 8 <= text.count {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(text.baseAddress! + index)
                    .loadUnaligned(as: UInt64.self))
            // Bytes below 0x20; one of 0x80 or above keeps its flag off (`~word` clears it,
            // or the subtraction leaves it clear).
            let control = (word &- 0x20 &* ones) & ~word & highs
            let quote = word ^ (0x22 &* ones)
            let backslash = word ^ (0x5C &* ones)
            let flagged =
                control | ((quote &- ones) & ~quote & highs)
                | ((backslash &- ones) & ~backslash & highs)
            if flagged != 0 { return index + flagged.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < text.count, !needsEscape(text[index]) { index += 1 }
        return index
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C
    }

    private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
        case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        default:
            bytes.append(contentsOf: [
                0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
            ])
        }
    }
}
