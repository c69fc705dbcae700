/// Joins the lines as written with libical's reading of them.
///
/// libical appends, for each line it accepts, the property, then an `X-LIC-ERROR` for each
/// parameter it could not read, then one clone per further value of a multi-valued line; for a
/// line it rejects, any parameter errors and then one error that ends the line. The reader
/// knows which lines libical rejected (the parser's state after each line), so walking both
/// sequences side by side gives each line its values and each error its line.
enum LibicalAlignment {
    /// Whether libical splits the property at commas into one property per value (libical's
    /// `design-data/properties.csv`, flag `is_multivalued`); X- properties split only when a
    /// VALUE parameter gives them a type.
    private static func isMultiValued(_ tokens: TokenizedLine) -> Bool {
        switch tokens.name {
        case "CATEGORIES", "RESOURCES", "FREEBUSY", "EXDATE", "RDATE", "ACCEPT-RESPONSE",
            "POLL-PROPERTIES":
            return true
        default:
            return tokens.name.hasPrefix("X-") && tokens.parameters.contains { $0.name == "VALUE" }
        }
    }

    static func component(_ pending: PendingComponent, _ node: LibicalNode?) -> ICalComponent {
        var properties: [ICalProperty] = []
        properties.reserveCapacity(pending.properties.count)
        let parsed = node?.properties ?? []
        var next = 0
        for line in pending.properties {
            var property = ICalProperty(
                name: line.tokens.name, parameters: line.tokens.parameters,
                contentLine: line.tokens.bytes, valueStart: line.tokens.valueStart, line: line.line,
                problems: line.tokens.warnings)
            var values: [ICalValue] = []
            switch line.outcome {
            case .notFed(let reason):
                if !reason.isEmpty { property.problems.append(reason) }
            case .rejected:
                while next < parsed.count {
                    let item = parsed[next]
                    next += 1
                    guard let error = item.error else {
                        values.append(item.value)
                        continue
                    }
                    if error.endsLine {
                        if Self.isEmptyValueError(error, line) {
                            values = [.empty]
                        } else {
                            values = []
                            property.problems.append(Self.message(error, line))
                        }
                        break
                    }
                    property.problems.append(Self.message(error, line))
                }
            case .accepted:
                guard
                    let start = parsed[next...].firstIndex(where: {
                        $0.error == nil && $0.name == line.tokens.name
                    })
                else {
                    property.problems.append("libical did not keep \(line.tokens.name)")
                    properties.append(property)
                    continue
                }
                next = start
                property.value = parsed[next].value
                next += 1
                while next < parsed.count, let error = parsed[next].error, !error.endsLine {
                    property.problems.append(Self.message(error, line))
                    next += 1
                }
                var clones = Self.valueCount(line.tokens) - 1
                while clones > 0, next < parsed.count, parsed[next].error == nil,
                    parsed[next].name == line.tokens.name
                {
                    property.additionalValues.append(parsed[next].value)
                    next += 1
                    clones -= 1
                }
            }
            if !values.isEmpty {
                property.value = values[0]
                property.additionalValues = Array(values.dropFirst())
            }
            properties.append(property)
        }
        // libical puts each VTIMEZONE it adds before the other children
        // (`icalcomponent_add_component`), so nested zones come first, last one first. It
        // knows a component by the start of its name (`VTIMEZONEX` is a VTIMEZONE to it).
        let libicalChildren = node?.children ?? []
        let zones = pending.children.count { $0.fed && $0.name.hasPrefix("VTIMEZONE") }
        var children: [ICalComponent] = []
        var zoneIndex = 0
        var otherIndex = 0
        for child in pending.children {
            var position: Int?
            if child.fed, child.name.hasPrefix("VTIMEZONE") {
                position = zones - 1 - zoneIndex
                zoneIndex += 1
            } else if child.fed {
                position = zones + otherIndex
                otherIndex += 1
            }
            let match = position.flatMap {
                libicalChildren.indices.contains($0) ? libicalChildren[$0] : nil
            }
            children.append(component(child, match))
        }
        return ICalComponent(
            name: pending.name, properties: properties, components: children, line: pending.line)
    }

    /// An empty TEXT value is valid (RFC 5545 §3.3.11); libical reports it as an error.
    private static func isEmptyValueError(_ error: LibicalParseError, _ line: PendingProperty)
        -> Bool
    {
        ValueGuard.trimmed(line.tokens.valueBytes).isEmpty && error.message.hasPrefix("No value")
    }

    private static func message(_ error: LibicalParseError, _ line: PendingProperty) -> String {
        let detail = error.message.replacingOccurrences(of: ". Removing entire property", with: "")
        return "libical could not read \(line.tokens.name): \(detail)"
    }

    /// How many properties libical makes of one line: one per comma-separated value for
    /// multi-valued properties, split as libical's `parser_get_next_value` splits (a comma
    /// after a backslash is literal; a value quoted as a whole is not split; an empty value
    /// ends the list).
    static func valueCount(_ tokens: TokenizedLine) -> Int {
        guard isMultiValued(tokens) else { return 1 }
        let bytes = Array(tokens.valueBytes)
        if bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") {
            return 1
        }
        var count = 0
        var start = 0
        var index = 0
        while index <= bytes.count {
            let isEnd = index == bytes.count
            if isEnd || bytes[index] == UInt8(ascii: ",") {
                let escaped =
                    !isEnd
                    && ((index >= 1 && bytes[index - 1] == UInt8(ascii: "\\"))
                        || (index >= 3 && bytes[index - 3] == UInt8(ascii: "\\")))
                if !escaped {
                    if index == start { break }
                    count += 1
                    start = index + 1
                }
            }
            index += 1
        }
        return max(count, 1)
    }
}
