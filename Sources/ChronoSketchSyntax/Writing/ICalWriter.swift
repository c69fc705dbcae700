/// Writes RFC 5545 text: the one place where values become content-line text and lines
/// become bytes.
///
/// A document is written from the content lines it was read from, so values, escapes,
/// parameter quoting and the order of properties and components come out as they went in; so
/// are lines that are not properties, and BEGIN and END lines spelled otherwise than
/// `BEGIN:NAME`. Lines end in CRLF and are folded at 75 octets, never inside a UTF-8 sequence
/// (RFC 5545 §3.1).
///
/// Every line that is made rather than copied (from records, jCal, merges, repairs of the
/// reader) is made by ``contentLine(name:parameters:value:)`` from a value written by
/// ``text(_:omitted:)`` or given in its RFC 5545 form, with each parameter value written by
/// ``parameterValue(_:omitted:)``: TEXT escaped (§3.3.11), parameter values quoted where they
/// must be and caret-encoded (RFC 6868). No value can become a second content line.
public enum ICalWriter {
    /// The document as bytes.
    public static func write(_ document: ICalDocument) -> [UInt8] {
        var bytes: [UInt8] = []
        document.forEachInReadOrder(
            looseLine: { appendFolded($0.contentLine, to: &bytes) },
            component: { append($0, to: &bytes) })
        return bytes
    }

    package static func append(_ component: ICalComponent, to bytes: inout [UInt8]) {
        var walk = ComponentWalk(component, order: .asRead)
        append(&walk, to: &bytes, upTo: .max)
    }

    /// Appends the lines of `walk` (made with ``ComponentWalk/Order/asRead``) until it is
    /// done or `bytes` hold `limit` bytes.
    package static func append(
        _ walk: inout ComponentWalk, to bytes: inout [UInt8], upTo limit: Int
    ) {
        while bytes.count < limit, let step = walk.next() {
            switch step {
            case .begin(let component):
                appendBoundary(component.beginText, "BEGIN:", component.name, to: &bytes)
            case .property(let property):
                appendFolded(property.contentLine, to: &bytes)
            case .end(let component):
                appendBoundary(component.endText, "END:", component.name, to: &bytes)
            case .components:
                break
            }
        }
    }

    /// A BEGIN or END line: as written when it was spelled otherwise, else `KEYWORD:NAME`.
    private static func appendBoundary(
        _ written: [UInt8]?, _ keyword: StaticString, _ name: String, to bytes: inout [UInt8]
    ) {
        if let written { return appendFolded(written, to: &bytes) }
        guard keyword.utf8CodeUnitCount + name.utf8.count <= 75 else {
            return appendFolded(Array("\(keyword)\(name)".utf8), to: &bytes)
        }
        keyword.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: name.utf8)
        bytes.append(0x0D)
        bytes.append(0x0A)
    }

    // MARK: - Values

    /// A TEXT value as written after the colon (RFC 5545 §3.3.11): backslash, semicolon and
    /// comma escaped, a line break (LF, CRLF or a lone CR) as `\n`. NEL (U+0085) and the line
    /// and paragraph separators (U+2028, U+2029) end no content line, so they are written as
    /// they are and read back the same (a text view shows them as a space). A NUL, which no content
    /// line can hold, is left out and added to `omitted`; other control characters are
    /// written as they are, as a calendar read had them (``conforming(_:omitted:)`` takes
    /// them out of text from elsewhere).
    public static func text(_ value: String, omitted: inout [Unicode.Scalar]) -> String {
        guard
            value.utf8.contains(where: {
                $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D || $0 == 0
            })
        else { return value }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in value.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\\", ";", ",":
                result.append("\\")
                result.append(scalar)
            case "\n" where previous == "\r":
                continue
            case "\n", "\r":
                result.append(contentsOf: "\\n".unicodeScalars)
            case "\0":
                omitted.append(scalar)
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// ``text(_:omitted:)`` where nothing needs telling.
    public static func text(_ value: String) -> String {
        var omitted: [Unicode.Scalar] = []
        return text(value, omitted: &omitted)
    }

    /// A parameter value as written (RFC 5545 §3.2, RFC 6868): a caret as `^^`, a double
    /// quote as `^'`, a line break (LF, CRLF or a lone CR) as `^n`; quoted when it holds `;`,
    /// `:`, `,` or a backslash (which some readers take for an escape). A NUL is left out and
    /// added to `omitted`.
    public static func parameterValue(_ value: String, omitted: inout [Unicode.Scalar]) -> String {
        var quoted = false
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in value.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "^": result.append(contentsOf: "^^".unicodeScalars)
            case "\"": result.append(contentsOf: "^'".unicodeScalars)
            case "\n" where previous == "\r": continue
            case "\n", "\r": result.append(contentsOf: "^n".unicodeScalars)
            case ";", ":", ",", "\\":
                quoted = true
                result.append(scalar)
            case "\0": omitted.append(scalar)
            default: result.append(scalar)
            }
        }
        return quoted ? "\"" + String(result) + "\"" : String(result)
    }

    /// ``parameterValue(_:omitted:)`` where nothing needs telling.
    public static func parameterValue(_ value: String) -> String {
        var omitted: [Unicode.Scalar] = []
        return parameterValue(value, omitted: &omitted)
    }

    /// `text` without the control characters that RFC 5545 text and parameter values cannot
    /// hold (TSAFE-CHAR, QSAFE-CHAR: every C0 control but the tab, and DEL), its line breaks
    /// (CRLF or a lone CR) made line feeds for the writer to escape. What is left out is added
    /// to `omitted`, once each.
    public static func conforming(_ text: String, omitted: inout [Unicode.Scalar]) -> String {
        func unwritable(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
        }
        guard text.unicodeScalars.contains(where: unwritable) else { return text }
        var kept = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r": continue
            case "\r": kept.append("\n")
            case _ where unwritable(scalar):
                if !omitted.contains(scalar) { omitted.append(scalar) }
            default: kept.append(scalar)
            }
        }
        return String(kept)
    }

    /// A content line made from its parts: the name, each parameter (its values written by
    /// ``parameterValue(_:omitted:)``, joined with commas) and the value in its RFC 5545
    /// form. A line break or NUL in `value`, which would end the line or could not be read,
    /// is written as `\n` or left out: no value becomes two lines.
    /// - Returns: the line's bytes and where its value starts.
    package static func contentLine(name: String, parameters: [ICalParameter], value: String)
        -> (bytes: [UInt8], valueStart: Int)
    {
        var bytes = Array(name.utf8)
        var omitted: [Unicode.Scalar] = []
        for parameter in parameters {
            bytes.append(UInt8(ascii: ";"))
            bytes += parameter.name.utf8
            bytes.append(UInt8(ascii: "="))
            for (index, item) in parameter.values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += parameterValue(item, omitted: &omitted).utf8
            }
        }
        bytes.append(UInt8(ascii: ":"))
        let valueStart = bytes.count
        if value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) {
            var previous: UInt8 = 0
            for byte in value.utf8 {
                defer { previous = byte }
                switch byte {
                case 0x0A where previous == 0x0D, 0: continue
                case 0x0A, 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                default: bytes.append(byte)
                }
            }
        } else {
            bytes += value.utf8
        }
        return (bytes, valueStart)
    }

    // MARK: - Lines

    /// Appends one content line folded at 75 octets: the first physical line holds up to 75,
    /// each continuation a space and up to 74, and no fold falls inside a UTF-8 sequence.
    ///
    /// A continuation holding only blanks would read as a blank line, which readers skip, so a
    /// line that could only be folded that way (a long run of spaces) is written unfolded.
    /// - Complexity: O(n) in the line's length.
    package static func appendFolded(_ line: [UInt8], to bytes: inout [UInt8]) {
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
                    bytes.append(0x0D)
                    bytes.append(0x0A)
                    return
                }
                bytes.append(0x0D)
                bytes.append(0x0A)
                bytes.append(0x20)
            }
            bytes.append(contentsOf: chunk)
            start = end
            limit = 74
        }
        bytes.append(0x0D)
        bytes.append(0x0A)
    }
}
