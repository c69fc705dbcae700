/// Writes an ``ICalDocument`` as RFC 5545 text.
///
/// Each property is written from the content line it was read from, so values, escapes,
/// parameter quoting and the order of properties and components come out as they went in; so
/// are lines that are not properties, and BEGIN and END lines spelled otherwise than
/// `BEGIN:NAME`. Lines end in CRLF
/// and are folded at 75 octets, never inside a UTF-8 sequence (RFC 5545 §3.1).
public enum ICalWriter {
    /// The document as bytes.
    public static func write(_ document: ICalDocument) -> [UInt8] {
        var bytes: [UInt8] = []
        document.forEachInReadOrder(
            looseLine: { appendFolded($0.contentLine, to: &bytes) },
            component: { append($0, to: &bytes) })
        return bytes
    }

    static func append(_ component: ICalComponent, to bytes: inout [UInt8]) {
        appendFolded(component.beginText ?? Array("BEGIN:\(component.name)".utf8), to: &bytes)
        component.forEachInReadOrder(
            property: { appendFolded($0.contentLine, to: &bytes) },
            component: { append($0, to: &bytes) })
        appendFolded(component.endText ?? Array("END:\(component.name)".utf8), to: &bytes)
    }

    /// Appends one content line folded at 75 octets: the first physical line holds up to 75,
    /// each continuation a space and up to 74, and no fold falls inside a UTF-8 sequence.
    ///
    /// A continuation holding only blanks would read as a blank line, which readers skip, so a
    /// line that could only be folded that way (a long run of spaces) is written unfolded.
    /// - Complexity: O(n) in the line's length.
    static func appendFolded(_ line: [UInt8], to bytes: inout [UInt8]) {
        let mark = bytes.count
        var start = 0
        var limit = 75
        while start < line.count {
            var end = line.count
            if end - start > limit {
                end = start + limit
                // Back off so the fold does not fall before a continuation byte (10xxxxxx).
                while end > start + 1, line[end] & 0xC0 == 0x80 { end -= 1 }
            }
            let chunk = line[start..<end]
            if start > 0 {
                guard chunk.contains(where: { $0 != 0x20 && $0 != 0x09 }) else {
                    bytes.removeSubrange(mark...)
                    bytes.append(contentsOf: line)
                    bytes.append(contentsOf: [0x0D, 0x0A])
                    return
                }
                bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
            }
            bytes.append(contentsOf: chunk)
            start = end
            limit = 74
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
    }
}
