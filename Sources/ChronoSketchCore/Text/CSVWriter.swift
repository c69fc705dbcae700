/// Writes CSV by RFC 4180 quoting rules, one record per line.
public struct CSVWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private let lineEnding: [UInt8]

    /// - Parameter lineEnding: LF for pipelines (the default); RFC 4180 and spreadsheet apps
    ///   use CRLF.
    public init(lineEnding: String = "\n") {
        self.lineEnding = Array(lineEnding.utf8)
    }

    /// Appends one record.
    public mutating func record(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(field)
        }
        bytes.append(contentsOf: lineEnding)
    }

    public mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    private mutating func append(_ field: String) {
        let needsQuotes = field.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }
        guard needsQuotes else {
            bytes.append(contentsOf: field.utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in field.utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
