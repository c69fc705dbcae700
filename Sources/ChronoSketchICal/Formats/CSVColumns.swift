import ChronoSketchCore

/// The columns of CSV output: the occurrence schema (all or some fields) or Outlook's shape.
public enum CSVColumns: Sendable, Hashable {
    case schema([String])
    case outlook

    /// Every field of the occurrence schema.
    public static let all = CSVColumns.schema(OccurrenceSchema.columnNames)

    /// Reads `--columns`: `outlook`, or field names separated by commas.
    /// - Throws: a message naming the unknown field.
    public static func parse(_ text: String) throws(ColumnsError) -> CSVColumns {
        if text.lowercased() == "outlook" || text.lowercased() == "google" { return .outlook }
        let names = text.split(separator: ",").map { String(Substring($0).trimmingSpaces) }
        for name in names where !OccurrenceSchema.columnNames.contains(name) {
            throw ColumnsError(name: name)
        }
        return .schema(names)
    }
}

/// A `--columns` name that is not a field.
public struct ColumnsError: Error, Sendable, CustomStringConvertible {
    public let name: String
    public var description: String {
        "Unknown column '\(name)': expected 'outlook' or fields among \(OccurrenceSchema.columnNames.joined(separator: ", "))"
    }
}
