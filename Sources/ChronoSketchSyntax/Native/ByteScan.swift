import Glibc

/// Byte searches of the read path, on the C library's `memchr` and eight bytes at a time: the
/// reader looks at every byte of its input several times (line ends, UTF-8, escapes), and a
/// byte-by-byte loop there is most of what reading costs.
enum ByteScan {
    /// The index of the first `byte` in `bytes[range]`, or nil.
    /// - Complexity: O(n), with `memchr`.
    static func firstIndex(of byte: UInt8, in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let found = memchr(base + range.lowerBound, Int32(byte), range.count)
            else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    /// The index of the first `byte` in `bytes`, or nil.
    static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let found = memchr(base, Int32(byte), buffer.count)
            else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
        }
    }

    /// Whether `text` holds `byte` or `other`, with `memchr` over its UTF-8 (a native string's
    /// own storage; a bridged one is read byte by byte).
    static func contains(_ byte: UInt8, or other: UInt8, in text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
                || memchr(base, Int32(other), buffer.count) != nil
        }
        return found ?? text.utf8.contains { $0 == byte || $0 == other }
    }

    enum UTF8Problem {
        case none, nulByte, invalidUTF8
    }

    /// The first problem in `bytes`: a NUL byte, or a sequence that is not UTF-8 (overlong,
    /// a surrogate, above U+10FFFF, cut short). ASCII is skipped eight bytes at a time.
    /// - Complexity: O(n).
    static func utf8Problem(_ bytes: [UInt8]) -> UTF8Problem {
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var index = 0
            while index < count {
                if index + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    // No byte with its high bit set and no zero byte (the zero-byte test).
                    let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                    if (word & 0x8080_8080_8080_8080) | zero == 0 {
                        index += 8
                        continue
                    }
                }
                let byte = raw[index]
                if byte < 0x80 {
                    if byte == 0 { return .nulByte }
                    index += 1
                    continue
                }
                let length: Int
                let minimum: UInt32
                var scalar: UInt32
                switch byte {
                case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(byte & 0x1F))
                case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(byte & 0x0F))
                case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(byte & 0x07))
                default: return .invalidUTF8
                }
                guard index + length <= count else { return .invalidUTF8 }
                for offset in 1..<length {
                    let continuation = raw[index + offset]
                    guard continuation & 0xC0 == 0x80 else { return .invalidUTF8 }
                    scalar = scalar << 6 | UInt32(continuation & 0x3F)
                }
                if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                    return .invalidUTF8
                }
                index += length
            }
            return .none
        }
    }
}
