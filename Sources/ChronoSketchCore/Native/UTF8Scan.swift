/// UTF-8 validation of the read paths (calendar lines, JSON strings), by the Unicode
/// Standard's table of well-formed byte sequences.
package enum UTF8Scan {
    package enum Problem {
        case none, nulByte, invalidUTF8
    }

    /// The first problem in `bytes`: a NUL byte, or a sequence that is not UTF-8 (overlong,
    /// a surrogate, above U+10FFFF, cut short). ASCII is skipped eight bytes at a time; a
    /// sequence is judged by its lead byte and the range the byte after it may take (the
    /// Unicode Standard's table of well-formed UTF-8, §3.9 Table 3-7), without decoding it.
    /// - Complexity: O(n).
    package static func problem(_ bytes: [UInt8]) -> Problem {
        bytes.withUnsafeBufferPointer(problem)
    }

    /// ``problem(_:)-([UInt8])`` of a slice.
    package static func problem(_ bytes: ArraySlice<UInt8>) -> Problem {
        bytes.withUnsafeBufferPointer(problem)
    }

    /// ``problem(_:)-([UInt8])`` of the bytes at `buffer`.
    package static func problem(_ buffer: UnsafeBufferPointer<UInt8>) -> Problem {
        let count = buffer.count
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(buffer.baseAddress! + index)
                        .loadUnaligned(as: UInt64.self))
                // The high bit of each byte that is above ASCII or zero (the zero-byte
                // test, exact for the lowest zero byte, which is the one that counts).
                let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                let flagged = (word & 0x8080_8080_8080_8080) | zero
                // The ASCII before the first flagged byte is skipped at once.
                index += flagged == 0 ? 8 : flagged.trailingZeroBitCount >> 3
                if flagged == 0 { continue }
            }
            let byte = buffer[index]
            if byte < 0x80 {
                if byte == 0 { return .nulByte }
                index += 1
                continue
            }
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, lowest) = (3, 0xA0)  // not overlong
            case 0xED: (length, highest) = (3, 0x9F)  // not a surrogate
            case 0xE1...0xEF: length = 3
            case 0xF0: (length, lowest) = (4, 0x90)  // not overlong
            case 0xF4: (length, highest) = (4, 0x8F)  // not above U+10FFFF
            case 0xF1...0xF3: length = 4
            default: return .invalidUTF8
            }
            guard index + length <= count else { return .invalidUTF8 }
            let second = buffer[index + 1]
            guard second >= lowest, second <= highest else { return .invalidUTF8 }
            if length > 2 {
                guard buffer[index + 2] & 0xC0 == 0x80 else { return .invalidUTF8 }
                if length > 3 {
                    guard buffer[index + 3] & 0xC0 == 0x80 else { return .invalidUTF8 }
                }
            }
            index += length
        }
        return .none
    }
}
