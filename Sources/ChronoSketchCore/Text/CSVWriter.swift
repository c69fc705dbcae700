/// Writes CSV by RFC 4180 quoting rules, one record per line.
///
/// A cell that a spreadsheet would take for a formula (it begins with `=`, `+`, `-`, `@`, a
/// tab or a carriage return, as OWASP's "CSV injection" page lists them) is written with a
/// leading `'`, which spreadsheets read as "text follows" and do not show, unless the writer
/// writes cells raw. ``CSVReader`` removes the mark again, so the round trip is exact: a cell
/// that already begins with `'` before such a character gets one more.
public struct CSVWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private let lineEnding: [UInt8]
    private let guardsFormulas: Bool

    /// - Parameters:
    ///   - lineEnding: LF for pipelines (the default); RFC 4180 and spreadsheet apps use CRLF.
    ///   - guardsFormulas: whether cells a spreadsheet would run are marked with `'`.
    public init(lineEnding: String = "\n", guardsFormulas: Bool = true) {
        self.lineEnding = Array(lineEnding.utf8)
        self.guardsFormulas = guardsFormulas
    }

    /// Appends one record.
    public mutating func record(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(field)
        }
        bytes.append(contentsOf: lineEnding)
    }

    /// Empties the buffer, keeping its storage.
    public mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    private mutating func append(_ field: String) {
        let needsQuotes = field.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }
        if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
        if guardsFormulas, CSVFormulaGuard.isGuarded(field.utf8) {
            bytes.append(CSVFormulaGuard.mark)
        }
        if needsQuotes {
            for byte in field.utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        } else {
            bytes.append(contentsOf: field.utf8)
        }
    }
}

/// The mark that keeps a spreadsheet from running a cell (``CSVWriter``).
public enum CSVFormulaGuard {
    static let mark = UInt8(ascii: "'")

    /// Whether a cell needs the mark: after any `'` it already has, it begins with `=`, `+`,
    /// `-`, `@`, a tab or a carriage return.
    static func isGuarded(_ cell: some Collection<UInt8>) -> Bool {
        guard let first = cell.first(where: { $0 != mark }) else { return false }
        return first == UInt8(ascii: "=") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: "-") || first == UInt8(ascii: "@") || first == 0x09
            || first == 0x0D
    }

    /// The cell without the mark ``CSVWriter`` put before it.
    public static func removed(from cell: String) -> String {
        guard cell.utf8.first == mark, isGuarded(cell.utf8) else { return cell }
        return String(cell.dropFirst())
    }
}
