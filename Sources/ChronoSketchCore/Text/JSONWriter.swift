/// Writes JSON (RFC 8259) into a byte buffer, keys in the order they are written.
///
/// Commands write their documented schemas field by field, so field order is stable and
/// large outputs need no intermediate objects.
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next value in the innermost object or array needs a comma before it.
    private var needsComma = false
    /// ``needsComma`` of each object and array around the innermost one.
    private var outer: [Bool] = []

    /// An empty writer, its buffer sized for `capacity` bytes.
    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// Opens an object (`{`), after a comma when a value came before.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        outer.append(needsComma)
        needsComma = false
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        needsComma = outer.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Opens an array (`[`), after a comma when a value came before.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        outer.append(needsComma)
        needsComma = false
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        needsComma = outer.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes `"name":` ready for a value.
    public mutating func key(_ name: String) {
        separate()
        appendString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a key given already as JSON (`"name":`, as ``key(_:)`` writes it), for names
    /// written so often that escaping them each time would show.
    public mutating func key(json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = false
    }

    /// Writes a string, escaped as RFC 8259 requires; `null` for nil.
    public mutating func string(_ value: String?) {
        separate()
        if let value { appendString(value) } else { appendRaw("null") }
    }

    /// Writes an integer; `null` for nil.
    public mutating func number(_ value: Int?) {
        separate()
        appendRaw(value.map(String.init) ?? "null")
    }

    /// Writes a number: a whole one below 10^15 with `.0`, `null` for NaN and infinities.
    public mutating func number(_ value: Double) {
        separate()
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            appendRaw(String(Int(value)) + ".0")
        } else {
            appendRaw(value.isFinite ? String(value) : "null")
        }
    }

    /// Writes any JSON value.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .integer(let number): self.number(number)
        case .double(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        appendRaw(value ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        appendRaw("null")
    }

    /// Writes `"name":` and a string (`null` for nil).
    public mutating func field(_ name: String, _ value: String?) {
        key(name)
        string(value)
    }

    /// Writes `"name":` and an integer.
    public mutating func field(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    /// Writes `"name":` and `true` or `false`.
    public mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// Writes `"name":` and an array of strings.
    public mutating func field(_ name: String, strings: [String]) {
        key(name)
        beginArray()
        for value in strings { string(value) }
        endArray()
    }

    /// Writes `"name":` and an object whose fields `fields` writes.
    public mutating func field(_ name: String, object fields: (inout JSONWriter) -> Void) {
        key(name)
        beginObject()
        fields(&self)
        endObject()
    }

    /// Writes `"name":` and an array of one object per item, each object's fields written by
    /// `fields`.
    public mutating func field<Items: Sequence>(
        _ name: String, objects items: Items,
        _ fields: (inout JSONWriter, Items.Element) -> Void
    ) {
        key(name)
        beginArray()
        for item in items {
            beginObject()
            fields(&self, item)
            endObject()
        }
        endArray()
    }

    /// Appends raw text between values (a newline between NDJSON records); the caller owns
    /// any separator, so the next value gets no comma.
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        needsComma = false
    }

    /// The bytes written so far, removed from the writer, which stays inside whatever objects
    /// and arrays are open: for handing on a large document in pieces.
    public mutating func takeBytes() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// Empties the writer for a new document, keeping its buffer.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
        outer.removeAll(keepingCapacity: true)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    private mutating func appendRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func appendString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        JSONEscaping.append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
