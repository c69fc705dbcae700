/// Writes an ``ICalDocument`` as RFC 5545 text.
///
/// Each property is written from the content line it was read from, so values, escapes,
/// parameter quoting and property order come out as they went in. Lines end in CRLF and are
/// folded at 75 octets, never inside a UTF-8 sequence (RFC 5545 §3.1). `X-LIC-ERROR`, which
/// libical writes into calendars it could not read, is never written.
public enum ICalWriter {
    /// The document as bytes.
    public static func write(_ document: ICalDocument) -> [UInt8] {
        var bytes: [UInt8] = []
        for component in document.components { append(component, to: &bytes) }
        return bytes
    }

    static func append(_ component: ICalComponent, to bytes: inout [UInt8]) {
        appendFolded(Array("BEGIN:\(component.name)".utf8), to: &bytes)
        for property in component.properties where property.name != "X-LIC-ERROR" {
            appendFolded(property.contentLine, to: &bytes)
        }
        for child in component.components { append(child, to: &bytes) }
        appendFolded(Array("END:\(component.name)".utf8), to: &bytes)
    }

    /// Appends one content line folded at 75 octets: the first physical line holds up to 75,
    /// each continuation a space and up to 74, and no fold falls inside a UTF-8 sequence.
    /// - Complexity: O(n) in the line's length.
    static func appendFolded(_ line: [UInt8], to bytes: inout [UInt8]) {
        var start = 0
        var limit = 75
        while line.count - start > limit {
            var end = start + limit
            // Back off so the fold does not fall before a continuation byte (10xxxxxx).
            while end > start + 1, line[end] & 0xC0 == 0x80 { end -= 1 }
            bytes.append(contentsOf: line[start..<end])
            bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = end
            limit = 74
        }
        bytes.append(contentsOf: line[start...])
        bytes.append(contentsOf: [0x0D, 0x0A])
    }
}
