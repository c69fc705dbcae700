/// Names of the RFCs found from the bytes of a line, in any case, without hashing or making a
/// string first: the name's text is the table's own (upper-cased) string, shared by every line.
struct NameTable<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let bytes: [UInt8]
        let text: String
        let value: Value
    }

    /// The entries by first letter, `A` to `Z`.
    private let byInitial: [[Entry]]

    /// A table of upper-case ASCII names, each starting with a letter.
    init(_ entries: [(String, Value)]) {
        var table = [[Entry]](repeating: [], count: 26)
        for (text, value) in entries {
            let bytes = Array(text.utf8)
            precondition(bytes.first.map(Self.isUpperLetter) == true, "not an upper-case name")
            table[Int(bytes[0] - UInt8(ascii: "A"))].append(
                Entry(bytes: bytes, text: text, value: value))
        }
        byInitial = table
    }

    /// The name the bytes spell, compared without case, and its value.
    /// - Complexity: O(n) in the names of the same first letter.
    func find(_ bytes: ArraySlice<UInt8>) -> (text: String, value: Value)? {
        bytes.withUnsafeBufferPointer(find)
    }

    /// The name an upper-case string is, and its value.
    func find(_ name: String) -> (text: String, value: Value)? {
        var name = name
        return name.withUTF8(find)
    }

    private func find(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, value: Value)? {
        guard let first = bytes.first.map(Self.upper), Self.isUpperLetter(first) else {
            return nil
        }
        let count = bytes.count
        for entry in byInitial[Int(first - UInt8(ascii: "A"))] where entry.bytes.count == count {
            let equal = entry.bytes.withUnsafeBufferPointer { name in
                var index = 1
                while index < count, name[index] == Self.upper(bytes[index]) { index += 1 }
                return index == count
            }
            if equal { return (entry.text, entry.value) }
        }
        return nil
    }

    @inline(__always)
    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
    }

    private static func isUpperLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }
}
