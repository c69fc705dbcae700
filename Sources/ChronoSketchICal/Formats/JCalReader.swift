import ChronoSketchCore

extension JCal {
    /// The tree a jCal document stands for, built component by component: each property
    /// becomes the content line of its name, parameters and values, read as the reader reads a
    /// line (a line that is no property, a NUL byte, too many parameters are said so). Lines
    /// are numbered as they would be in the `.ics` the document stands for.
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
                    .error, "Components nested deeper than \(limits.maximumDepth) levels",
                    "\(component.name) is skipped")
                return nil
            }
            for property in properties {
                line += 1
                let text = try propertyLine(property)
                var content = ContentLine(bytes: Array(text.utf8), line: line)
                if content.bytes.contains(0) { content.problem = .nulByte }
                switch LineReading(content, limits: limits) {
                case .property(let read):
                    guard component.properties.count < limits.maximumPropertiesPerComponent
                    else {
                        report(
                            .error,
                            "\(component.name) has more than \(limits.maximumPropertiesPerComponent) properties",
                            "the rest are ignored")
                        continue
                    }
                    component.properties.append(read)
                case .unreadable(let read, let severity):
                    report(
                        severity, read.lineProblems[0], "the line is kept as written and not read")
                    component.properties.append(read)
                case .structure(let tokens):
                    report(
                        .error, "A property named \(tokens.name) has no place in a component",
                        "left out")
                }
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
            _ severity: Diagnostic.Severity, _ message: String, _ assumption: String
        ) {
            log.append(
                Diagnostic(
                    severity, file: name, line: line, message: message, assumption: assumption))
        }
    }

    private static func propertyLine(_ json: JSONValue) throws(JCalError) -> String {
        guard case .array(let items) = json, items.count >= 3, case .string(let rawName) = items[0],
            case .object(let parameters) = items[1], case .string(let type) = items[2]
        else {
            throw JCalError(message: "A jCal property is [name, {parameters}, type, value…]")
        }
        let name = rawName.uppercased()
        var line = name
        for parameter in parameters {
            let values: [String]
            switch parameter.value {
            case .string(let text): values = [text]
            case .array(let list): values = list.compactMap(\.string)
            default: values = [scalarText(parameter.value)]
            }
            line +=
                ";" + parameter.key.uppercased() + "="
                + values.map(quotedParameter).joined(separator: ",")
        }
        if type != "unknown", type != ValueTypes.defaultType(of: name) {
            line += ";VALUE=" + type.uppercased()
        }
        let values = items.dropFirst(3).map { valueText($0, type: type) }
        let separator = name == "GEO" || name == "REQUEST-STATUS" ? ";" : ","
        var value = values.joined(separator: separator)
        // A line break in a value of another type (only jCal from elsewhere has one) would
        // end the content line.
        if value.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            value = value.replacingOccurrences(of: "\r\n", with: "\\n")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(
                    of: "\r", with: "\\n")
        }
        return line + ":" + value
    }

    private static func valueText(_ value: JSONValue, type: String) -> String {
        switch (type, value) {
        case ("text", .string(let text)):
            return escaped(text)
        case ("date", .string(let text)), ("date-time", .string(let text)):
            return basic(text)
        case ("period", .string(let text)):
            return text.split(separator: "/").map { basic(String($0)) }.joined(separator: "/")
        case ("utc-offset", .string(let text)):
            return text.replacingOccurrences(of: ":", with: "")
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
            return parts.map { valueText($0, type: type) }.joined(separator: ";")
        default:
            return scalarText(value)
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

    /// `2026-09-08T09:00:00Z` as `20260908T090000Z`, `2026-09-08` as `20260908`.
    private static func basic(_ text: String) -> String {
        text.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
    }

    /// RFC 5545 §3.3.11 TEXT escaping.
    static func escaped(_ text: String) -> String { TextValue.escape(text) }

    /// A parameter value, RFC 6868 caret-encoded where it holds a line break, a double quote
    /// or a caret, and quoted where it holds `:`, `;` or `,`.
    private static func quotedParameter(_ value: String) -> String {
        var value = value
        if value.contains(where: { $0 == "^" || $0 == "\"" || $0.isNewline }) {
            value = value.replacingOccurrences(of: "^", with: "^^")
                .replacingOccurrences(of: "\"", with: "^'")
                .replacingOccurrences(of: "\r\n", with: "^n")
                .replacingOccurrences(of: "\n", with: "^n")
                .replacingOccurrences(of: "\r", with: "^n")
        }
        return value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," })
            ? "\"" + value + "\"" : value
    }
}
