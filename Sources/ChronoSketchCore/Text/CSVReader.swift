/// Reads CSV by RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks;
/// records end with CRLF or LF. A byte order mark is skipped, and so is the `'` that
/// ``CSVWriter`` puts before a cell a spreadsheet would run (``CSVFormulaGuard``).
public enum CSVReader {
    /// A record and the line it starts on.
    public struct Record: Sendable, Hashable {
        /// Its fields, unquoted.
        public var fields: [String]
        /// The line it begins on, counted from 1.
        public var line: Int
    }

    /// Where the CSV text is malformed.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The line of the problem, counted from 1.
        public let line: Int
        /// What is wrong.
        public let message: String
        /// `line 3: message`.
        public var description: String { "line \(line): \(message)" }
    }

    /// Every record of `text`, its fields split at `separator` (`,`, or `;` and tab as
    /// spreadsheets of some locales write them); blank lines are skipped.
    /// - Throws: ``Failure`` for a quoted field that is not closed or text after a closing quote.
    public static func records(_ text: String, separator: Character = ",") throws(Failure)
        -> [Record]
    {
        var rows = Rows(text, separator: separator)
        var records: [Record] = []
        while let record = try rows.next() { records.append(record) }
        return records
    }

    /// The records of CSV text one at a time, as ``records(_:separator:)`` reads them, so that
    /// a large file is never held as fields.
    public struct Rows {
        private var characters: Substring.Iterator
        private let separator: Character
        private var line = 1
        private var ended = false

        /// The records of `text`, its fields split at `separator`.
        public init(_ text: String, separator: Character = ",") {
            var characters = Substring(text)
            if characters.first == "\u{FEFF}" { characters = characters.dropFirst() }
            self.characters = characters.makeIterator()
            self.separator = separator
        }

        /// The next record; nil after the last.
        /// - Throws: ``Failure`` for a quoted field that is not closed or text after a closing
        ///   quote; nothing more is read after it.
        public mutating func next() throws(Failure) -> Record? {
            guard !ended else { return nil }
            var fields: [String] = []
            var field = ""
            var recordLine = line
            var quoted = false
            var afterQuote = false
            /// The record so far with its last field, unless it is a blank line.
            func finished() -> Record? {
                fields.append(CSVFormulaGuard.removed(from: field))
                field = ""
                return fields.count == 1 && fields[0].isEmpty
                    ? nil : Record(fields: fields, line: recordLine)
            }
            while let character = characters.next() {
                if quoted {
                    if character == "\"" {
                        quoted = false
                        afterQuote = true
                    } else {
                        if character == "\n" || character == "\r\n" { line += 1 }
                        field.append(character)
                    }
                    continue
                }
                switch character {
                case "\"":
                    if afterQuote {
                        field.append("\"")
                        quoted = true
                        afterQuote = false
                    } else if field.isEmpty {
                        quoted = true
                    } else {
                        ended = true
                        throw Failure(line: line, message: "a quote inside an unquoted field")
                    }
                case separator:
                    fields.append(CSVFormulaGuard.removed(from: field))
                    field = ""
                    afterQuote = false
                case "\n", "\r\n", "\r":
                    afterQuote = false
                    line += 1
                    if let record = finished() { return record }
                    fields = []
                    recordLine = line
                default:
                    guard !afterQuote else {
                        ended = true
                        throw Failure(line: line, message: "text after a closing quote")
                    }
                    field.append(character)
                }
            }
            ended = true
            guard !quoted else {
                throw Failure(line: recordLine, message: "a quoted field is not closed")
            }
            return !field.isEmpty || !fields.isEmpty ? finished() : nil
        }
    }

    /// The separator of the first line of `text`: of `,`, `;` and tab, the one found most
    /// often outside quotes (a comma when none is).
    public static func separator(of text: String) -> Character {
        var counts: [Character: Int] = [:]
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if !quoted, character == "\n" || character == "\r\n" || character == "\r" { break }
            if !quoted, character == "," || character == ";" || character == "\t" {
                counts[character, default: 0] += 1
            }
        }
        return counts.max { $0.value < $1.value || $0.value == $1.value && $0.key != "," }?.key
            ?? ","
    }

    /// The text of CSV bytes: UTF-16 (little or big endian) when they begin with its byte
    /// order mark, as Excel's "Unicode text" and some exports are, else UTF-8.
    public static func text(of bytes: [UInt8]) -> String {
        decoded(bytes).text
    }

    /// The text of `bytes` (``text(of:)``), and whether they were not UTF-8 and were read as
    /// Windows-1252, the code page Outlook writes its CSV export in: UTF-16 with its byte
    /// order mark, else UTF-8 (validated and decoded in one pass), else Windows-1252.
    public static func decoded(_ bytes: [UInt8]) -> (text: String, windows1252: Bool) {
        if bytes.count >= 2,
            bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF
        {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 2
            while index + 1 < bytes.count {
                let (low, high) =
                    little ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
                index += 2
            }
            return (String(decoding: units, as: UTF16.self), false)
        }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, false) }
        return (String(decoding: Windows1252.utf8(bytes), as: UTF8.self), true)
    }
}
