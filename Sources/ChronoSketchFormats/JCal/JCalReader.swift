import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

extension JCal {
    /// The tree a jCal document stands for, built component by component: each property is
    /// built from its name, parameters and values by the one writer (``ICalWriter``), with
    /// no text read again (a name no property can have, control characters text cannot hold,
    /// too many parameters are said so). Lines are numbered as they would be in the `.ics`
    /// the document stands for.
    /// - Throws: ``JCalError`` naming what is not jCal.
    public static func decode(
        _ json: JSONValue, name: String, limits: ReadLimits = ReadLimits()
    ) throws(JCalError) -> (document: ICalDocument, diagnostics: [Diagnostic]) {
        var decoder = Decoder(name: name, limits: limits)
        var document = ICalDocument()
        if case .array(let items) = json, case .string? = items.first {
            if let component = try decoder.component(json, depth: 1) {
                document.components.append(component)
            }
        } else if case .array(let components) = json {
            for json in components {
                if let component = try decoder.component(json, depth: 1) {
                    document.components.append(component)
                }
            }
        } else {
            throw JCalError(
                message: "A jCal document is a component array such as [\"vcalendar\", [], []]")
        }
        return (document, decoder.log.diagnostics)
    }

    private struct Decoder {
        let name: String
        let limits: ReadLimits
        var log = DiagnosticLog()
        var line = 0

        mutating func component(_ json: JSONValue, depth: Int) throws(JCalError) -> ICalComponent? {
            guard case .array(let items) = json, items.count == 3,
                case .string(let componentName) = items[0],
                case .array(let properties) = items[1], case .array(let components) = items[2]
            else {
                throw JCalError(message: "A jCal component is [name, [properties], [components]]")
            }
            line += 1
            var component = ICalComponent(name: componentName.uppercased(), line: line)
            guard depth <= limits.maximumDepth else {
                report(
                    .error, LineProblems.nestedTooDeep(limit: limits.maximumDepth),
                    "\(component.name) is skipped")
                return nil
            }
            for property in properties {
                line += 1
                let built = try JCal.decodedProperty(property, line: line, limits: limits)
                for problem in built.problems {
                    // A line too long loses the whole property; the rest lose a part of one.
                    report(problem.code == .lineTooLong ? .error : .warning, problem, "left out")
                }
                guard let read = built.property else { continue }
                guard component.properties.count < limits.maximumPropertiesPerComponent else {
                    report(
                        .error,
                        LineProblems.tooManyProperties(
                            component.name, limit: limits.maximumPropertiesPerComponent), "")
                    continue
                }
                if !read.isProperty {
                    report(
                        .warning, read.lineProblems[0].code, read.lineProblems[0].message,
                        "the line is kept as written and not read")
                } else if read.name == "BEGIN" || read.name == "END" {
                    report(.error, LineProblems.misplaced(read.name), "left out")
                    continue
                }
                component.properties.append(read)
            }
            for json in components {
                if var child = try self.component(json, depth: depth + 1) {
                    child.precedingProperties = component.properties.count
                    component.components.append(child)
                }
            }
            line += 1
            return component
        }

        private mutating func report(
            _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String,
            _ assumption: String
        ) {
            log.append(
                Diagnostic(
                    severity, code, file: name, line: line, message: message,
                    assumption: assumption))
        }

        /// `problem`, said with its own assumption, else with `otherwise`.
        private mutating func report(
            _ severity: Diagnostic.Severity, _ problem: Problem, _ otherwise: String
        ) {
            report(severity, problem.code, problem.message, problem.assumption ?? otherwise)
        }
    }

    /// What a jCal property becomes.
    private struct BuiltProperty {
        /// The property (or, for a name RFC 5545 does not allow, a line kept as written);
        /// nil when nothing of it can be kept.
        var property: ICalProperty?
        /// What was left out, worded for a warning.
        var problems: [Problem] = []
    }

    /// A jCal property as a property built from its parts by the one writer
    /// (``ICalWriter``): parameters quoted and caret-encoded, TEXT escaped, a `VALUE`
    /// parameter when the type is not the property's default. No text is read again.
    private static func decodedProperty(_ json: JSONValue, line: Int, limits: ReadLimits)
        throws(JCalError) -> BuiltProperty
    {
        guard case .array(let items) = json, items.count >= 3, case .string(let rawName) = items[0],
            case .object(let members) = items[1], case .string(let type) = items[2]
        else {
            throw JCalError(message: "A jCal property is [name, {parameters}, type, value…]")
        }
        let name = rawName.uppercased()
        var built = BuiltProperty()
        guard !name.isEmpty, name.utf8.allSatisfy(isLineSafe) else {
            built.problems.append(LineProblems.notAPropertyName(rawName))
            return built
        }
        var parameters: [ICalParameter] = []
        for member in members {
            let parameterName = member.key.uppercased()
            guard !parameterName.isEmpty, parameterName.utf8.allSatisfy(isNameByte) else {
                built.problems.append(LineProblems.parameterName(member.key, of: name))
                continue
            }
            let values: [String]
            switch member.value {
            case .string(let text): values = [text]
            case .array(let list): values = list.compactMap(\.string)
            default: values = [scalarText(member.value)]
            }
            parameters.append(ICalParameter(name: parameterName, values: values))
        }
        if parameters.count > limits.maximumParametersPerProperty {
            built.problems.append(
                LineProblems.tooManyParameters(name, limit: limits.maximumParametersPerProperty))
            parameters.removeLast(parameters.count - limits.maximumParametersPerProperty)
        }
        // RFC 7265 §4, §5.2: VALUE unless the type is the property's default or unknown.
        if type != ValueType.unknown.rawValue,
            type != KnownProperty(name: name)?.defaultType.rawValue
        {
            parameters.append(ICalParameter(name: "VALUE", values: [type.uppercased()]))
        }
        var omitted: [Unicode.Scalar] = []
        let bytes: [UInt8]
        let valueStart: Int
        var typed: ICalProperty?
        if let values = typedValues(items.dropFirst(3), type: type, name: name) {
            // Read into typed values directly, and written by the writer.
            let property = ICalProperty(
                name: name, parameters: parameters, values: values, line: line,
                omitted: &omitted)
            (bytes, valueStart, typed) = (property.contentLine, property.valueStart, property)
        } else {
            // A value that does not read by its type is kept as written, for the reader to
            // say what is wrong with it.
            let texts = items.dropFirst(3).map { valueText($0, type: type, omitted: &omitted) }
            let separator = name == "GEO" || name == "REQUEST-STATUS" ? ";" : ","
            (bytes, valueStart) = ICalWriter.contentLine(
                name: name, parameters: parameters, value: texts.joined(separator: separator))
        }
        if !omitted.isEmpty {
            built.problems.append(LineProblems.unwritable(name, characters: omitted))
        }
        // A line the reader would cut cannot come back whole from the `.ics` it makes.
        guard bytes.count <= limits.maximumLineLength else {
            built.problems.append(
                LineProblems.tooLong(name, bytes: bytes.count, limit: limits.maximumLineLength))
            return built
        }
        guard name.utf8.allSatisfy(isNameByte) else {
            // A group prefix (`GROUP1.X-TEST`), as vCard has: kept as a line, as the reader
            // keeps one.
            built.property = ICalProperty(
                unreadable: bytes, line: line,
                problem: LineProblems.notAProperty(bytes))
            return built
        }
        let repeated = Occurrences.repeatedParameters(parameters, of: name)
        if let typed, repeated.isEmpty {
            built.property = typed
        } else {
            built.property = ICalProperty(
                name: name, parameters: parameters, contentLine: bytes, valueStart: valueStart,
                line: line, lineProblems: repeated)
        }
        return built
    }

    /// The values of a jCal property read by its type into typed values (RFC 7265 §3.6), the
    /// same the `.ics` reader gives; nil when one does not read so (or the type is unknown),
    /// so that it is kept as written.
    private static func typedValues(_ items: ArraySlice<JSONValue>, type: String, name: String)
        -> [ICalValue]?
    {
        guard let valueType = ValueType(rawValue: type), valueType != .unknown else { return nil }
        var values: [ICalValue] = []
        for item in items {
            switch (valueType, item) {
            case (.text, .string(let text)): values.append(.text(text))
            case (.text, .array(let parts)) where name == "REQUEST-STATUS":
                values.append(.requestStatus(parts.map(scalarText)))
            case (.float, .array(let pair)) where name == "GEO" && pair.count == 2:
                guard let latitude = number(pair[0]), let longitude = number(pair[1]) else {
                    return nil
                }
                values.append(.geo(latitude: latitude, longitude: longitude))
            case (.integer, .integer(let number)) where Int32(exactly: number) != nil:
                values.append(.integer(number))
            case (.float, .integer(let number)): values.append(.float(Double(number)))
            case (.float, .double(let number)): values.append(.float(number))
            case (.boolean, .bool(let flag)): values.append(.boolean(flag))
            case (.uri, .string(let text)), (.calAddress, .string(let text)):
                values.append(.uri(text))
            case (.binary, .string(let text)): values.append(.binary(text))
            case (.text, _), (.uri, _), (.calAddress, _), (.binary, _), (.boolean, _),
                (.integer, _), (.float, _), (.unknown, _):
                return nil
            default:
                // Dates, times, periods, durations, offsets and rules: their RFC 5545 form,
                // read by the one reader of values.
                var omitted: [Unicode.Scalar] = []
                guard
                    let value = ValueReader.value(
                        valueText(item, type: type, omitted: &omitted), as: valueType)
                else { return nil }
                values.append(value)
            }
        }
        return values.isEmpty ? nil : values
    }

    /// Letters, digits, `-` and `_`, as the reader takes names.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
    }

    /// What a name kept as a line may hold: no control character, colon, semicolon or quote.
    private static func isLineSafe(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: ":") && byte != UInt8(ascii: ";")
            && byte != UInt8(ascii: "\"")
    }

    private static func valueText(
        _ value: JSONValue, type: String, omitted: inout [Unicode.Scalar]
    ) -> String {
        switch (type, value) {
        case ("text", .string(let text)):
            return ICalWriter.text(text, omitted: &omitted)
        case ("date", .string(let text)), ("date-time", .string(let text)):
            return basic(text)
        case ("period", .array(let ends)):
            // RFC 7265 §3.6.9: the start and the end (or duration), as two strings.
            return ends.map { basic(scalarText($0)) }.joined(separator: "/")
        case ("period", .string(let text)):
            return text.split(separator: "/").map { basic(String($0)) }.joined(separator: "/")
        case ("time", .string(let text)):
            // RFC 7265 §3.6.12: `12:30:00` is `123000`.
            return without(":", in: text)
        case ("utc-offset", .string(let text)):
            return without(":", in: text)
        case ("recur", .object(let parts)):
            return parts.map { part in
                let items = part.value.array ?? [part.value]
                let text = items.map { item -> String in
                    part.key == "until" ? basic(scalarText(item)) : scalarText(item)
                }.joined(separator: ",")
                return part.key.uppercased() + "=" + text
            }.joined(separator: ";")
        case ("boolean", .bool(let flag)):
            return flag ? "TRUE" : "FALSE"
        case (_, .array(let parts)):
            return parts.map { valueText($0, type: type, omitted: &omitted) }.joined(
                separator: ";")
        default:
            return scalarText(value)
        }
    }

    /// `text` without the ASCII characters given (the separators of jCal's extended forms).
    private static func without(_ separators: Unicode.Scalar..., in text: String) -> String {
        let bytes = separators.map { UInt8($0.value) }
        return String(decoding: text.utf8.filter { !bytes.contains($0) }, as: UTF8.self)
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    private static func scalarText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "TRUE" : "FALSE"
        default: ""
        }
    }

    /// `2026-09-08T09:00:00Z` as `20260908T090000Z`, `2026-09-08` as `20260908`; a duration
    /// (`-PT15M`, the end of a period) as it is.
    private static func basic(_ text: String) -> String {
        guard !text.hasPrefix("P"), !text.hasPrefix("-P"), !text.hasPrefix("+P") else {
            return text
        }
        return without("-", ":", in: text)
    }

}
