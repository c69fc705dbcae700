import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// The shape of CSV output: the occurrence schema (all or some fields) or Outlook's columns,
/// and whether cells a spreadsheet would run are guarded (``CSVWriter``).
public struct CSVColumns: Sendable, Hashable {
    /// The fields CSV output has.
    public enum Fields: Sendable, Hashable {
        /// Fields of the occurrence schema, in the order given.
        case schema([String])
        /// The columns Outlook and Google Calendar export and import.
        case outlook
    }

    /// The fields written.
    public var fields: Fields
    /// Whether a cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return is written
    /// with a leading `'` (the default), so that a spreadsheet shows it rather than runs it.
    public var guardsFormulas = true

    /// Columns from their fields; formulas guarded unless asked not to.
    public init(fields: Fields, guardsFormulas: Bool = true) {
        self.fields = fields
        self.guardsFormulas = guardsFormulas
    }

    /// Every field of the occurrence schema.
    public static let all = CSVColumns(fields: .schema(OccurrenceSchema.columnNames))
    /// The columns Outlook and Google Calendar export and import.
    public static let outlook = CSVColumns(fields: .outlook)

    /// Reads `--columns`: `outlook`, or field names separated by commas.
    /// - Throws: a message naming the unknown field.
    public static func parse(_ text: String) throws(ColumnsError) -> CSVColumns {
        if text.lowercased() == "outlook" || text.lowercased() == "google" { return .outlook }
        let names = text.split(separator: ",").map { String(Substring($0).trimmingSpaces) }
        for name in names where !OccurrenceSchema.columnNames.contains(name) {
            throw ColumnsError(name: name)
        }
        return CSVColumns(fields: .schema(names))
    }
}

/// A `--columns` name that is not a field.
public struct ColumnsError: Error, Sendable, CustomStringConvertible {
    /// The name given.
    public let name: String
    /// Names the unknown column and the fields there are.
    public var description: String {
        "Unknown column '\(name)': expected 'outlook' or fields among \(OccurrenceSchema.columnNames.joined(separator: ", "))"
    }
}
