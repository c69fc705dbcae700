/// Reads CSV by RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks;
/// records end with CRLF or LF. A byte order mark is skipped, and so is the `'` that
/// ``CSVWriter`` puts before a cell a spreadsheet would run (``CSVFormulaGuard``).
public enum CSVReader {
    /// A record and the line it starts on.
    public struct Record: Sendable, Hashable {
        public var fields: [String]
        public var line: Int
    }

    /// Where the CSV text is malformed.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Every record of `text`; blank lines are skipped.
    /// - Throws: ``Failure`` for a quoted field that is not closed or text after a closing quote.
    public static func records(_ text: String) throws(Failure) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoted = false
        var afterQuote = false
        var characters = Substring(text)
        if characters.first == "\u{FEFF}" { characters = characters.dropFirst() }
        var iterator = characters.makeIterator()
        func finishField() {
            fields.append(CSVFormulaGuard.removed(from: field))
            field = ""
        }
        func finishRecord() {
            finishField()
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(fields: fields, line: recordLine))
            }
            fields = []
        }
        while let character = iterator.next() {
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
                    throw Failure(line: line, message: "a quote inside an unquoted field")
                }
            case ",":
                finishField()
                afterQuote = false
            case "\n", "\r\n", "\r":
                finishRecord()
                afterQuote = false
                line += 1
                recordLine = line
            default:
                guard !afterQuote else {
                    throw Failure(line: line, message: "text after a closing quote")
                }
                field.append(character)
            }
        }
        guard !quoted else {
            throw Failure(line: recordLine, message: "a quoted field is not closed")
        }
        if !field.isEmpty || !fields.isEmpty { finishRecord() }
        return records
    }
}
