import ChronoSketchCore

/// A content line split into name, parameters and value (RFC 5545 §3.1).
///
/// The line's bytes are kept whole and the value is an offset into them, so the line as
/// written stays available without a second copy.
package struct TokenizedLine: Sendable {
    /// Upper-cased name.
    package var name: String
    /// The property the name names, when it is one of the RFC's.
    var known: KnownProperty?
    var parameters: [ICalParameter]
    /// The unfolded line: as written, or rebuilt when one of the repairs below applied.
    var bytes: [UInt8]
    /// Where the value starts in ``bytes``.
    var valueStart: Int
    /// Parameters that could not be read and were left out, as messages.
    var warnings: [Problem]
    /// Set when the line was read by one of the repairs below; ``bytes`` then hold the line
    /// rebuilt from its parts.
    var repaired = false

    /// The value as written.
    package var valueBytes: ArraySlice<UInt8> { bytes[valueStart...] }
    var value: String { String(decoding: valueBytes, as: UTF8.self) }

    /// The line rebuilt from its parts by the one writer (``ICalWriter``): parameter values
    /// quoted and caret-encoded where they must be.
    static func canonical(name: String, parameters: [ICalParameter], value: String) -> (
        [UInt8], Int
    ) {
        ICalWriter.contentLine(name: name, parameters: parameters, value: value)
    }
}

/// Splits a content line the way RFC 5545 §3.1 defines it:
/// `name *(";" param) ":" value`, where a parameter value may be a quoted string.
package enum PropertyTokenizer {
    package enum Failure: Error, Sendable, Hashable {
        case noName
        case noColon
    }

    private static let colon = UInt8(ascii: ":")
    private static let semicolon = UInt8(ascii: ";")
    private static let comma = UInt8(ascii: ",")
    private static let equals = UInt8(ascii: "=")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    /// The parameters of RFC 5545, whose names are then the table's strings.
    private static let parameterNames = NameTable(Occurrences.rfcParameters.map { ($0, ()) })

    /// Splits `bytes`, which must be NUL-free UTF-8.
    ///
    /// RFC 5545 §3.2 has no escapes in parameter values: a backslash is a character, and the
    /// first unquoted colon ends the parameters (`ATTENDEE;CN=X\:mailto:x@example.org` is
    /// CN `X\` and the address `mailto:x@example.org`). Apple and others write `\;`, `\,` and
    /// `\:` inside parameter values, which read so leave a parameter without a value, or an
    /// address that is no URI (`CN=Joe Bob\: Magician:mailto:…`); only then is the line read
    /// again with a backslash keeping the byte after it, and the repair said.
    /// - Throws: ``Failure`` when there is no name or no colon before the value.
    package static func tokenize(_ bytes: [UInt8]) throws(Failure) -> TokenizedLine {
        let plain = Result { () throws(Failure) in try tokenize(bytes, backslashEscapes: false) }
        // Without a backslash before the first colon, no parameter can hold an escape.
        guard hasBackslashBeforeColon(bytes) else { return try plain.get() }
        if case .success(let line) = plain, readsWell(line) { return line }
        guard var repaired = try? tokenize(bytes, backslashEscapes: true), readsWell(repaired)
        else { return try plain.get() }
        repaired.warnings.append(
            Problem(
                .repairedLine,
                "A backslash in a parameter value of \(repaired.name) escapes the character after it, as Apple and others write; RFC 5545 has no escapes in parameter values",
                assumption: "repaired: each such backslash is read as an escape"))
        return repaired
    }

    private static func hasBackslashBeforeColon(_ bytes: [UInt8]) -> Bool {
        for byte in bytes {
            if byte == colon { return false }
            if byte == backslash { return true }
        }
        return false
    }

    /// A parameter value with each backslash that keeps the byte after it left out.
    private static func withoutEscapes(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard bytes.contains(backslash) else { return bytes }
        var result: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == backslash, index + 1 < bytes.endIndex { index += 1 }
            result.append(bytes[index])
            index += 1
        }
        return result[...]
    }

    /// Whether a line read one way gives every parameter a value and, for a property whose
    /// value is a URI or a calendar address, a value that is one.
    private static func readsWell(_ line: TokenizedLine) -> Bool {
        guard !line.warnings.contains(where: { $0.code == .parameterWithoutValue }) else {
            return false
        }
        guard let type = line.known?.defaultType,
            type == .uri || type == .calAddress,
            !line.parameters.contains(where: { $0.name == "VALUE" })
        else { return true }
        return isURI(line.valueBytes)
    }

    /// A scheme and a colon, then no blank or control character (RFC 3986 §3).
    package static func isURI(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A,
            let colon = bytes.firstIndex(of: colon)
        else { return false }
        let schemeOK = bytes[bytes.startIndex..<colon].allSatisfy {
            isNameByte($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".")
        }
        return schemeOK && !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F })
    }

    private static func tokenize(_ bytes: [UInt8], backslashEscapes: Bool) throws(Failure)
        -> TokenizedLine
    {
        var index = 0
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > 0 else { throw .noName }
        guard index < bytes.count, bytes[index] == colon || bytes[index] == semicolon else {
            throw index == bytes.count ? .noColon : .noName
        }
        let found = KnownProperty.names.find(bytes[0..<index])
        let name = found?.text ?? upperASCII(bytes[0..<index])
        var parameters: [ICalParameter] = []
        var warnings: [Problem] = []
        while index < bytes.count, bytes[index] == semicolon {
            index += 1
            let nameStart = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            let parameterName =
                parameterNames.find(bytes[nameStart..<index])?.text
                ?? upperASCII(bytes[nameStart..<index])
            guard !parameterName.isEmpty, index < bytes.count, bytes[index] == equals else {
                let skipped = skipParameter(bytes, from: nameStart)
                warnings.append(
                    LineProblems.parameterWithoutValue(text(bytes[nameStart..<skipped])))
                index = skipped
                continue
            }
            index += 1
            var values: [String] = []
            while true {
                // Blanks before a quoted value (`DELEGATED-FROM= "mailto:a@b"`) are not part of it.
                var afterBlanks = index
                while afterBlanks < bytes.count,
                    bytes[afterBlanks] == 0x20 || bytes[afterBlanks] == 0x09
                {
                    afterBlanks += 1
                }
                if afterBlanks < bytes.count, bytes[afterBlanks] == quote { index = afterBlanks }
                if index < bytes.count, bytes[index] == quote {
                    let valueStart = index + 1
                    index = valueStart
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    values.append(decodeCaret(bytes[valueStart..<index]))
                    if index < bytes.count { index += 1 }
                } else {
                    let valueStart = index
                    if backslashEscapes {
                        while index < bytes.count, bytes[index] != semicolon,
                            bytes[index] != colon, bytes[index] != comma
                        {
                            index += bytes[index] == backslash && index + 1 < bytes.count ? 2 : 1
                        }
                    } else {
                        while index < bytes.count, bytes[index] != semicolon,
                            bytes[index] != colon, bytes[index] != comma
                        {
                            index += 1
                        }
                    }
                    let written = bytes[valueStart..<index]
                    values.append(
                        decodeCaret(backslashEscapes ? withoutEscapes(written) : written))
                }
                guard index < bytes.count, bytes[index] == comma else { break }
                index += 1
            }
            parameters.append(ICalParameter(name: parameterName, values: values))
        }
        guard index < bytes.count, bytes[index] == colon else {
            return try splitQuotedValue(name, parameters, warnings)
        }
        var line = TokenizedLine(
            name: name, known: found?.value, parameters: parameters, bytes: bytes,
            valueStart: index + 1,
            warnings: warnings)
        extendUnquotedTZID(&line)
        return line
    }

    /// Outlook sometimes closes a quoted last parameter after the value
    /// (`DTSTART;TZID="W. Europe Standard Time:20200609T090000"`): the last colon inside the
    /// quotes then separates parameter and value.
    private static func splitQuotedValue(
        _ name: String, _ parameters: [ICalParameter], _ warnings: [Problem]
    ) throws(Failure) -> TokenizedLine {
        guard var last = parameters.last, last.values.count == 1,
            let split = valueSplit(last.values[0], of: name)
        else { throw .noColon }
        var parameters = parameters
        let value = String(last.values[0][last.values[0].index(after: split)...])
        last.values[0] = String(last.values[0][..<split])
        parameters[parameters.count - 1] = last
        let (bytes, valueStart) = TokenizedLine.canonical(
            name: name, parameters: parameters, value: value)
        return TokenizedLine(
            name: name, known: KnownProperty(name: name), parameters: parameters, bytes: bytes,
            valueStart: valueStart,
            warnings: warnings + [
                Problem(
                    .repairedLine, "The quotes of \(last.name) enclose the value too",
                    assumption:
                        "repaired: the quotes end before the value (\(last.name)=\(last.values[0]))"
                )
            ],
            repaired: true)
    }

    /// Where the value starts in a quoted parameter that runs to the end of the line: after
    /// the first colon that leaves a URI, for a property whose value is one
    /// (`CN="Ann:mailto:ann@example.org`), else after the last colon.
    private static func valueSplit(_ text: String, of name: String) -> String.Index? {
        if let type = KnownProperty(name: name)?.defaultType, type == .uri || type == .calAddress,
            let split = text.indices.first(where: {
                text[$0] == ":" && isURI(Array(text[text.index(after: $0)...].utf8)[...])
            })
        {
            return split
        }
        return text.lastIndex(of: ":")
    }

    /// Letters, digits, `-` and `_` (RFC 5545 names allow the first three; some producers
    /// write the last).
    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
    }

    private static func skipParameter(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        var quoted = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote { quoted.toggle() }
            if !quoted, byte == semicolon || byte == colon { break }
            index += 1
        }
        return index
    }

    private static func upperASCII(_ bytes: ArraySlice<UInt8>) -> String {
        if !bytes.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) { return text(bytes) }
        return String(
            decoding: bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 6868: `^n` is a newline, `^'` a double quote and `^^` a caret.
    private static func decodeCaret(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "^")) else { return text(bytes) }
        var decoded: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "^"), index + 1 < bytes.endIndex {
                switch bytes[index + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    decoded.append(0x0A)
                    index += 2
                    continue
                case UInt8(ascii: "'"):
                    decoded.append(quote)
                    index += 2
                    continue
                case UInt8(ascii: "^"):
                    decoded.append(byte)
                    index += 2
                    continue
                default:
                    break
                }
            }
            decoded.append(byte)
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Whether every comma-separated item is a DATE or DATE-TIME.
    private static func isDateTimeList(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.split(separator: comma, omittingEmptySubsequences: false).allSatisfy {
            (try? ICalDateTimeText.parse($0.trimmingBlanks)) != nil
        }
    }

    /// Some producers write an unquoted TZID holding a colon (`TZID=GMT+05:30:20120904T…`).
    /// When the value as split is not a date-time but the text after its last colon is, the
    /// colon belongs to the TZID.
    private static func extendUnquotedTZID(_ line: inout TokenizedLine) {
        guard let last = line.parameters.indices.last, line.parameters[last].name == "TZID",
            line.parameters[last].values.count == 1,
            let split = line.valueBytes.lastIndex(of: colon),
            !isDateTimeList(line.valueBytes), isDateTimeList(line.bytes[(split + 1)...])
        else { return }
        var parameters = line.parameters
        parameters[last].values[0] += ":" + text(line.bytes[line.valueStart..<split])
        let value = text(line.bytes[(split + 1)...])
        (line.bytes, line.valueStart) = TokenizedLine.canonical(
            name: line.name, parameters: parameters, value: value)
        line.parameters = parameters
        line.repaired = true
        line.warnings.append(
            Problem(
                .repairedLine, "TZID '\(parameters[last].values[0])' holds a colon without quotes",
                assumption: "repaired: the colon is read as part of the TZID"))
    }
}
