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
}
