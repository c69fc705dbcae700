/// Names of the RFCs found from the bytes of a line, in any case, without hashing or making a
/// string first: the name's text is the table's own (upper-cased) string, shared by every line.
///
/// Every name's bytes sit in one contiguous buffer, and the names of one first letter sit next
/// to each other, so a lookup reads one or two cache lines rather than an array per name.
struct NameTable<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        /// Where the name's bytes start in `bytes`.
        let offset: Int32
        let count: Int32
        /// The name's place in `texts` and `values`.
        let index: Int32
    }

    /// Every name's bytes, one after another, by first letter.
    private let bytes: [UInt8]
    /// The entries, by first letter.
    private let entries: [Entry]
    /// For each letter `A` to `Z`, where its entries start in `entries`; one more at the end.
    private let starts: [Int]
    private let texts: [String]
    private let values: [Value]

    /// A table of upper-case ASCII names, each starting with a letter.
    init(_ named: [(String, Value)]) {
        let sorted = named.enumerated().sorted { left, right in
            let (a, b) = (left.element.0.utf8.first!, right.element.0.utf8.first!)
            return a != b ? a < b : left.offset < right.offset
        }
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        var starts = [Int](repeating: 0, count: 27)
        for (index, (text, _)) in sorted.map(\.element).enumerated() {
            let name = Array(text.utf8)
            precondition(name.first.map(Self.isUpperLetter) == true, "not an upper-case name")
            starts[Int(name[0] - UInt8(ascii: "A")) + 1] += 1
            entries.append(
                Entry(offset: Int32(bytes.count), count: Int32(name.count), index: Int32(index)))
            bytes += name
        }
        for letter in 1...26 { starts[letter] += starts[letter - 1] }
        self.bytes = bytes
        self.entries = entries
        self.starts = starts
        texts = sorted.map(\.element.0)
        values = sorted.map(\.element.1)
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

    private func find(_ wanted: UnsafeBufferPointer<UInt8>) -> (text: String, value: Value)? {
        guard let first = wanted.first.map(Self.upper), Self.isUpperLetter(first) else {
            return nil
        }
        let count = wanted.count
        let letter = Int(first - UInt8(ascii: "A"))
        let found: Int32? = bytes.withUnsafeBufferPointer { names in
            entries.withUnsafeBufferPointer { entries in
                for position in starts[letter]..<starts[letter + 1] {
                    let entry = entries[position]
                    guard Int(entry.count) == count else { continue }
                    let start = Int(entry.offset)
                    var index = 1
                    while index < count, names[start + index] == Self.upper(wanted[index]) {
                        index += 1
                    }
                    if index == count { return entry.index }
                }
                return nil
            }
        }
        guard let found else { return nil }
        return (texts[Int(found)], values[Int(found)])
    }

    @inline(__always)
    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
    }

    private static func isUpperLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }
}
