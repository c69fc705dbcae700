/// Text that is one identifier only with text of the same bytes: a UID (RFC 5545 §3.8.4.7),
/// an event's id, a recurrence's key.
///
/// Swift's `String` compares, hashes and orders by canonical equivalence, so `café` written
/// with U+00E9 and `café` written as `e` and U+0301 are one string to it. Two calendars'
/// UIDs are the same UID only when their octets are: wrapped in `ExactText`, the two stay two
/// events, and a UID whose bytes changed is a changed UID.
public struct ExactText: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    /// Whether `one` and `other` have the same UTF-8 bytes.
    public static func same(_ one: String, _ other: String) -> Bool {
        one.utf8.count == other.utf8.count && one.utf8.elementsEqual(other.utf8)
    }

    /// Whether `one` sorts before `other` by their UTF-8 bytes (which is code point order).
    public static func precedes(_ one: String, _ other: String) -> Bool {
        one.utf8.lexicographicallyPrecedes(other.utf8)
    }

    public static func == (lhs: ExactText, rhs: ExactText) -> Bool { same(lhs.text, rhs.text) }

    public static func < (lhs: ExactText, rhs: ExactText) -> Bool {
        precedes(lhs.text, rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        // Eight bytes at a time: a UID is tens of bytes, hashed for every event read.
        var word: UInt64 = 0
        var filled = 0
        for byte in text.utf8 {
            word = word << 8 | UInt64(byte)
            filled += 1
            if filled == 8 {
                hasher.combine(word)
                (word, filled) = (0, 0)
            }
        }
        hasher.combine(word)
        hasher.combine(filled)
    }
}
