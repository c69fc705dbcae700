internal import CLibical
import ChronoSketchCore
import ChronoSketchSyntax

/// Where a libical-based client (Evolution, GNOME Calendar, KOrganizer's import, anything on
/// libical's `icalparser`) would read a calendar otherwise than it is written: each top-level
/// component is handed to libical's own parser as `ics` writes it (its lines as read, folded),
/// libical writes back what it read, and the two readings are compared line by line.
///
/// Reported at the line read otherwise: a property or parameter libical loses, a TEXT value
/// it trims or cuts, a value it rejects (libical puts an `X-LIC-ERROR` in its place), a
/// recurrence rule it rewrites, a component it drops. One component at a time, so memory
/// stays that of the largest component.
struct LibicalReadingCheck: ComponentCheck {
    func check(_ component: ICalComponent, in context: CheckContext, findings: inout Findings) {
        // Children are compared with the component that holds them.
        if let parent = context.parent, parent.name != "VCALENDAR" { return }
        var bytes: [UInt8] = []
        ICalWriter.append(component, to: &bytes)
        guard let (read, texts) = Self.libicalReading(of: bytes) else {
            findings.report(
                .warning, .libicalReadsOtherwise, line: component.line,
                "libical reads no \(component.name) here",
                assumption: "a libical-based client drops it")
            return
        }
        compare(component, with: read, texts: texts, findings: &findings)
    }

    /// The TEXT values libical holds for a component's properties, in their order (nil for a
    /// property of another type), and its children's: what a client of libical reads, which
    /// libical's writing does not always give back (it writes CATEGORIES items unescaped).
    struct Texts {
        var properties: [[String]?] = []
        var children: [Texts] = []
    }

    /// What libical reads in `bytes`: as it writes it back, read by `ics`, and its TEXT
    /// values; nil when it reads no component.
    private static func libicalReading(of bytes: [UInt8]) -> (ICalComponent, Texts)? {
        _ = LibicalRuntime.prepared
        var text = bytes
        text.append(0)
        let parsed = text.withUnsafeBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
                icalcomponent_new_from_string($0)
            }
        }
        guard let parsed else { return nil }
        defer { icalcomponent_free(parsed) }
        guard let written = icalcomponent_as_ical_string_r(parsed) else { return nil }
        defer { icalmemory_free_buffer(written) }
        guard
            let read = try? DocumentReader.read(text: String(cString: written), name: "libical")
                .components.first
        else { return nil }
        return (read, texts(of: parsed))
    }

    private static func texts(of component: OpaquePointer) -> Texts {
        var texts = Texts()
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            if let value = icalproperty_get_value(current), icalvalue_isa(value) == ICAL_TEXT_VALUE,
                let text = icalvalue_get_text(value)
            {
                texts.properties.append([String(cString: text)])
            } else {
                texts.properties.append(nil)
            }
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            texts.children.append(Self.texts(of: current))
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        return texts
    }

    /// A property as libical read it: as it writes it back, and its TEXT values.
    private struct Read {
        var property: ICalProperty
        var texts: [String]?

        var items: [String] { texts ?? property.values.compactMap(\.text) }
    }

    /// How many of a component's errors are placed at the line they name.
    private static let errorsPlaced = 100

    private func compare(
        _ mine: ICalComponent, with theirs: ICalComponent, texts: Texts, findings: inout Findings
    ) {
        var theirProperties: [String: ArraySlice<Read>] = [:]
        for (index, property) in theirs.properties.filter(\.isProperty).enumerated() {
            let texts = index < texts.properties.count ? texts.properties[index] : nil
            theirProperties[property.name, default: []].append(
                Read(property: property, texts: texts))
        }
        let written = Set(mine.properties.filter { $0.name == "X-LIC-ERROR" }.map(\.rawValue))
        // libical's errors, the new ones only, by the property they name ("… in DTEND
        // property. Removing entire property: …"); the others name what they could not read
        // after their last colon ("Can't parse parameter name: X-FOO").
        var errorsOfProperty: [String: ArraySlice<String>] = [:]
        var otherErrors: [String] = []
        for error in theirProperties.removeValue(forKey: "X-LIC-ERROR") ?? []
        where !written.contains(error.property.rawValue) {
            let message = error.property.value?.text ?? error.property.rawValue
            if let match = message.firstMatch(of: /([A-Z0-9-]+) property/) {
                errorsOfProperty[String(match.1), default: []].append(message)
            } else {
                otherErrors.append(message)
            }
        }
        var listsCompared = Set<String>()
        for property in mine.properties where property.isProperty && property.name != "X-LIC-ERROR"
        {
            let kind = ValueReader.kind(of: property)
            if kind == .dateTimeOrPeriodList || { if case .list = kind { true } else { false } }() {
                // libical may split a list over several lines (CATEGORIES:a and
                // CATEGORIES:b,c for CATEGORIES:a,b\,c; an RDATE a line per date): the items of
                // all the lines of the name are compared.
                guard listsCompared.insert(property.name).inserted else { continue }
                let theirs = theirProperties.removeValue(forKey: property.name) ?? []
                let mineNamed = mine.properties.filter { $0.name == property.name }
                if case .list(.text) = kind {
                    let written = mineNamed.flatMap { $0.values.compactMap(\.text) }
                    let read = theirs.flatMap(\.items)
                    if written != read {
                        findings.report(
                            .warning, .libicalReadsOtherwise, line: property.line,
                            "libical reads \(property.name) as \(read.map { "'\(Self.excerpt($0))'" }.joined(separator: ", ")), not \(written.map { "'\(Self.excerpt($0))'" }.joined(separator: ", "))"
                        )
                    }
                } else if mineNamed.allSatisfy(\.isUnderstood),
                    mineNamed.flatMap(\.values) != theirs.flatMap(\.property.values)
                {
                    findings.report(
                        .warning, .libicalReadsOtherwise, line: property.line,
                        "libical reads \(property.name) as '\(Self.excerpt(theirs.map(\.property.rawValue).joined(separator: ",")))'"
                    )
                }
                continue
            }
            guard let their = theirProperties[property.name]?.popFirst() else {
                // A value libical rejects leaves an X-LIC-ERROR naming the property instead.
                let error = errorsOfProperty[property.name]?.popFirst()
                findings.report(
                    .warning, .libicalReadsOtherwise, line: property.line,
                    error.map { "libical rejects \(property.name): '\(Self.excerpt($0))'" }
                        ?? "libical loses \(property.name)",
                    assumption: "a libical-based client reads the \(mine.name) without it")
                continue
            }
            compare(property, with: their, findings: &findings)
        }
        let unplaced = errorsOfProperty.values.flatMap { $0 }
        for (index, message) in (otherErrors + unplaced).enumerated() {
            // The line holding what the error names is looked for among the first errors of a
            // component only: a component of thousands of broken lines stays linear.
            let named = message.components(separatedBy: ": ").last ?? ""
            let line =
                index < Self.errorsPlaced && !named.isEmpty
                ? mine.properties.first {
                    String(decoding: $0.contentLine, as: UTF8.self).contains(named)
                }?.line ?? mine.line : mine.line
            findings.report(
                .warning, .libicalReadsOtherwise, line: line,
                "libical reports an error: '\(Self.excerpt(message))'",
                assumption: "a libical-based client reads the line without what it names")
        }
        var theirComponents: [String: ArraySlice<(ICalComponent, Texts)>] = [:]
        for (index, child) in theirs.components.enumerated() {
            let texts = index < texts.children.count ? texts.children[index] : Texts()
            theirComponents[child.name, default: []].append((child, texts))
        }
        for child in mine.components {
            guard let (their, texts) = theirComponents[child.name]?.popFirst() else {
                findings.report(
                    .warning, .libicalReadsOtherwise, line: child.line,
                    "libical drops the \(child.name) in \(mine.name)")
                continue
            }
            compare(child, with: their, texts: texts, findings: &findings)
        }
    }

    private func compare(_ mine: ICalProperty, with read: Read, findings: inout Findings) {
        let theirs = read.property
        func differs(_ what: String) {
            findings.report(
                .warning, .libicalReadsOtherwise, line: mine.line, "libical reads \(what)")
        }
        // VALUE may be added or left out where it is the default: it is compared by the value.
        let myParameters = mine.parameters.filter { $0.name != "VALUE" }
        let theirParameters = theirs.parameters.filter { $0.name != "VALUE" }
        for parameter in myParameters {
            guard let their = theirParameters.first(where: { $0.name == parameter.name }) else {
                differs("\(mine.name) without its \(parameter.name) parameter")
                return
            }
            if their.values != parameter.values {
                differs(
                    "\(parameter.name) of \(mine.name) as '\(Self.excerpt(their.values.joined(separator: ",")))', not '\(Self.excerpt(parameter.values.joined(separator: ",")))'"
                )
                return
            }
        }
        switch ValueReader.kind(of: mine) {
        case .single(.recur):
            guard case .recurrence(let rule)? = mine.value else { return }
            // libical ends a rule it cut short with a semicolon ("FREQ=MONTHLY;BYDAY=MO;").
            let written =
                theirs.rawValue.hasSuffix(";")
                ? String(theirs.rawValue.dropLast()) : theirs.rawValue
            guard let their = try? RecurrenceRule(parsing: written) else {
                differs("\(mine.name) as '\(Self.excerpt(theirs.rawValue))'")
                return
            }
            let (mineParts, theirParts) = (Self.parts(of: rule), Self.parts(of: their))
            for name in rule.parts.map(\.name) where mineParts[name] != theirParts[name] {
                guard let read = theirParts[name], let wrote = mineParts[name] else {
                    differs("\(mine.name) without its \(name)")
                    return
                }
                let (readItems, wroteItems) = (
                    read.split(separator: ",").count, wrote.split(separator: ",").count
                )
                differs(
                    readItems != wroteItems
                        ? "\(readItems) of the \(wroteItems) values of the \(name) of \(mine.name)"
                        : "the \(name) of \(mine.name) as '\(Self.excerpt(read))'")
                return
            }
            if let added = theirParts.keys.sorted().first(where: { mineParts[$0] == nil }) {
                differs("\(mine.name) with \(added)=\(theirParts[added] ?? "")")
            }
        case .single(.text), .list(.text), .requestStatus:
            let (written, read) = (Self.text(of: mine), read.items.joined(separator: ","))
            guard written != read else { return }
            if written.trimmingCharacters() == read.trimmingCharacters() {
                differs("\(mine.name) with the blanks at its ends trimmed")
            } else if read.isEmpty || written.hasPrefix(read) {
                differs("\(mine.name) cut to '\(Self.excerpt(read))'")
            } else {
                differs("\(mine.name) as '\(Self.excerpt(read))'")
            }
        case .unknown, .single(.unknown):
            if mine.rawValue != theirs.rawValue {
                differs("\(mine.name) as '\(Self.excerpt(theirs.rawValue))'")
            }
        case .geo:
            // libical writes a position with six decimals (%f): closer than that is the same.
            guard case .geo(let latitude, let longitude)? = mine.value,
                case .geo(let theirLatitude, let theirLongitude)? = theirs.value
            else { fallthrough }
            if abs(latitude - theirLatitude) > 5e-7 || abs(longitude - theirLongitude) > 5e-7 {
                differs("\(mine.name) as '\(Self.excerpt(theirs.rawValue))'")
            }
        default:
            // A value `ics` cannot read that libical reads as something (SEQUENCE:abc as 0)
            // is said too: a libical-based client sees a value where the text has none.
            if theirs.isUnderstood, !mine.isUnderstood || mine.values != theirs.values {
                differs("\(mine.name) as '\(Self.excerpt(theirs.rawValue))'")
            }
        }
    }

    /// A rule's parts by name, values upper-cased, the items of BY lists sorted.
    private static func parts(of rule: RecurrenceRule) -> [String: String] {
        var parts: [String: String] = [:]
        for part in rule.parts {
            // The order of a BY list's items does not matter (libical sorts BYDAY).
            let value = part.value.uppercased()
            parts[part.name] =
                part.name.hasPrefix("BY")
                ? value.split(separator: ",").sorted().joined(separator: ",") : value
        }
        if parts["INTERVAL"] == "1" { parts["INTERVAL"] = nil }
        if parts["WKST"] == "MO" { parts["WKST"] = nil }
        if parts["SKIP"] == "OMIT" { parts["SKIP"] = nil }  // RFC 7529's default
        return parts
    }

    private static func text(of property: ICalProperty) -> String {
        property.values.compactMap(\.text).joined(separator: ",")
    }

    private static func excerpt(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(60)) + "…" : text
    }
}
