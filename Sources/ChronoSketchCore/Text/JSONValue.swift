/// A JSON value (RFC 8259) whose objects keep their members in the order written, so that a
/// jCal property's parameters or a recurrence rule's parts read back in their order.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits an `Int`.
    case integer(Int)
    /// Any other number.
    case double(Double)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order written.
    case object([JSONMember])

    /// The member with this key, if the value is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text, if the value is a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements, if the value is an array.
    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// Whether the value is `null`.
    public var isNull: Bool { self == .null }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member from its name and value.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// Where and why JSON text could not be read.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The line of the problem, counted from 1.
    public let line: Int
    /// The column of the problem, counted in bytes from 1.
    public let column: Int
    /// What is wrong.
    public let message: String

    /// An error at a line and column.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 3, column 7: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads JSON text (RFC 8259), nesting at most 512 deep.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Reads one JSON value that fills `bytes` (surrounding white space allowed).
    /// - Throws: ``JSONError`` with the line and column of the problem.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == bytes.count else {
            throw parser.error("unexpected text after the value")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The elements of a JSON array that fills some bytes, read one at a time, each with the
    /// line it begins on, so that a large array is never held as values: what
    /// ``JSONParser/parse(_:)`` reads of it, element by element, with the same errors.
    public struct ArrayElements {
        private var parser: JSONParser
        private var started = false
        private var ended = false
        /// The line of the parser's position when it was last counted, and that position.
        private var line = 1
        private var counted = 0

        /// The elements of the array in `bytes`; nil when they hold no array (after white
        /// space).
        public init?(_ bytes: [UInt8]) {
            parser = JSONParser(bytes: bytes)
            parser.skipSpace()
            guard parser.peek(UInt8(ascii: "[")) else { return nil }
        }

        /// The next element and the line it begins on; nil after the last.
        /// - Throws: ``JSONError`` with the line and column of the problem; nothing more is
        ///   read after it.
        public mutating func next() throws(JSONError) -> (value: JSONValue, line: Int)? {
            guard !ended else { return nil }
            do {
                return try element()
            } catch {
                ended = true
                throw error
            }
        }

        private mutating func element() throws(JSONError) -> (value: JSONValue, line: Int)? {
            parser.skipSpace()
            if !started {
                started = true
                try parser.enter()
                parser.index += 1
                parser.skipSpace()
                if parser.peek(UInt8(ascii: "]")) { return try end() }
            } else if parser.peek(UInt8(ascii: ",")) {
                parser.index += 1
                parser.skipSpace()
            } else {
                guard parser.peek(UInt8(ascii: "]")) else {
                    throw parser.error("expected ',' or ']' in an array")
                }
                return try end()
            }
            while counted < min(parser.index, parser.bytes.count) {
                if parser.bytes[counted] == 0x0A { line += 1 }
                counted += 1
            }
            let start = line
            return (try parser.value(), start)
        }

        /// The array's `]`, and nothing but white space after it.
        private mutating func end() throws(JSONError) -> (value: JSONValue, line: Int)? {
            parser.index += 1
            parser.depth -= 1
            ended = true
            parser.skipSpace()
            guard parser.index == parser.bytes.count else {
                throw parser.error("unexpected text after the value")
            }
            return nil
        }
    }

    private mutating func value() throws(JSONError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func object() throws(JSONError) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONMember] = []
        skipSpace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in quotes") }
            let key = try string()
            skipSpace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after a member name") }
            index += 1
            skipSpace()
            members.append(JSONMember(key, try value()))
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in an object") }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func array() throws(JSONError) -> JSONValue {
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "]")) else { throw error("expected ',' or ']' in an array") }
            index += 1
            depth -= 1
            return .array(items)
        }
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= 512 else { throw error("nested more than 512 levels deep") }
    }

    private mutating func string() throws(JSONError) -> String {
        index += 1
        // Most strings hold no escape: they are made from the input's bytes where they stand.
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""),
            bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20
        {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return try text(bytes[start..<(index - 1)])
        }
        var result = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try text(result[...])
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                    result.append(escape)
                case UInt8(ascii: "b"): result.append(0x08)
                case UInt8(ascii: "f"): result.append(0x0C)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar), peek(UInt8(ascii: "\\")),
                        index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("invalid surrogate pair")
                        }
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else {
                        throw error("invalid \\u escape")
                    }
                    result.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            case 0..<0x20:
                throw error("a control character inside a string")
            default:
                result.append(byte)
            }
        }
        throw error("a string is not closed")
    }

    /// A string's bytes as text, when they are UTF-8.
    private func text(_ bytes: ArraySlice<UInt8>) throws(JSONError) -> String {
        switch UTF8Scan.problem(bytes) {
        case .none:
            return String(decoding: bytes, as: UTF8.self)
        case .nulByte:
            // U+0000 from an escape is text; what follows it is judged by the standard library.
            if let text = String(validating: bytes, as: UTF8.self) { return text }
        case .invalidUTF8:
            break
        }
        throw error("a string is not valid UTF-8")
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 65...70: digit = byte - 55
            case 97...102: digit = byte - 87
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func number() throws(JSONError) -> JSONValue {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        var isInteger = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 48 && byte <= 57 {
                index += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .integer(value) }
        guard !text.isEmpty, let value = Double(text) else { throw error("expected a value") }
        return .double(value)
    }

    private mutating func literal(_ word: String) throws(JSONError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count,
            Array(bytes[index..<(index + expected.count)]) == expected
        else { throw error("expected a value") }
        index += expected.count
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func skipSpace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                || bytes[index] == 0x09
        {
            index += 1
        }
    }

    private func error(_ message: String) -> JSONError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return JSONError(line: line, column: column, message: message)
    }
}
