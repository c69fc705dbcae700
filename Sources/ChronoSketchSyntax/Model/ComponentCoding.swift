import ChronoSketchCore

extension ICalComponent {
    /// Appends the component as bytes (``ByteWriter``): its name, line and how it was closed,
    /// its BEGIN and END lines when written otherwise, its place among the properties around
    /// it, how many of its lines are not properties, its properties (each with its parameters, content line and the problems of its
    /// line) and the components inside it, so that ``init(decoding:)`` gives back a component
    /// equal to it. A property's name is left out when its line begins with it, as it mostly
    /// does, and its line is kept as the lines after the component's BEGIN.
    package func encode(into writer: inout ByteWriter) {
        writer.text(name)
        writer.signed(line)
        var flags = Flags(closing: closing)
        if beginText != nil { flags.insert(.beginText) }
        if endText != nil { flags.insert(.endText) }
        if precedingProperties != nil { flags.insert(.precedingProperties) }
        writer.unsigned(flags.rawValue)
        if let beginText { writer.data(beginText) }
        if let endText { writer.data(endText) }
        if let precedingProperties { writer.unsigned(UInt64(precedingProperties)) }
        writer.unsigned(UInt64(linesThatAreNotProperties))
        writer.unsigned(UInt64(properties.count))
        for property in properties { property.encode(into: &writer, after: line) }
        components.encode(into: &writer)
    }

    /// The component ``encode(into:)`` wrote where `reader` is.
    package init(decoding reader: inout ByteReader) {
        let name = reader.text()
        let line = reader.signed()
        let flags = Flags(rawValue: reader.unsigned())
        let beginText = flags.contains(.beginText) ? Array(reader.data()) : nil
        let endText = flags.contains(.endText) ? Array(reader.data()) : nil
        let preceding = flags.contains(.precedingProperties) ? Int(reader.unsigned()) : nil
        _ = reader.unsigned()
        let properties = (0..<Int(reader.unsigned())).map { _ in
            ICalProperty(decoding: &reader, after: line)
        }
        self.init(name: name, properties: properties, line: line)
        components = ComponentList(decoding: &reader)
        closing = flags.closing
        self.beginText = beginText
        self.endText = endText
        precedingProperties = preceding
    }

    /// What a list of components asks of each without reading it back
    /// (``ComponentList/precedingProperties(at:)``), from its first bytes.
    struct Header {
        var precedingProperties: Int?
        var linesThatAreNotProperties: Int

        /// The header of the component ``encode(into:)`` wrote where `reader` is.
        init(decoding reader: inout ByteReader) {
            _ = reader.data()
            _ = reader.signed()
            let flags = Flags(rawValue: reader.unsigned())
            if flags.contains(.beginText) { _ = reader.data() }
            if flags.contains(.endText) { _ = reader.data() }
            precedingProperties =
                flags.contains(.precedingProperties) ? Int(reader.unsigned()) : nil
            linesThatAreNotProperties = Int(reader.unsigned())
        }
    }

    /// How the component was closed, in the two lowest bits, and which of its optional parts
    /// follow.
    private struct Flags: OptionSet {
        let rawValue: UInt64
        static let beginText = Flags(rawValue: 1 << 2)
        static let endText = Flags(rawValue: 1 << 3)
        static let precedingProperties = Flags(rawValue: 1 << 4)

        init(rawValue: UInt64) {
            self.rawValue = rawValue
        }

        init(closing: Closing) {
            switch closing {
            case .end: rawValue = 0
            case .recovered: rawValue = 1
            case .endOfInput: rawValue = 2
            }
        }

        var closing: Closing {
            switch rawValue & 3 {
            case 1: .recovered
            case 2: .endOfInput
            default: .end
            }
        }
    }
}

extension ICalProperty {
    /// Which parts of a property are written.
    private struct Parts: OptionSet {
        let rawValue: UInt64
        /// The name, which the content line does not begin with.
        static let name = Parts(rawValue: 1 << 0)
        static let parameters = Parts(rawValue: 1 << 1)
        static let lineProblems = Parts(rawValue: 1 << 2)
    }

    /// The property as bytes, its line counted from `componentLine`.
    fileprivate func encode(into writer: inout ByteWriter, after componentLine: Int) {
        var parts: Parts = []
        if !Self.begins(contentLine, with: name) { parts.insert(.name) }
        if !parameters.isEmpty { parts.insert(.parameters) }
        if !lineProblems.isEmpty { parts.insert(.lineProblems) }
        writer.unsigned(parts.rawValue)
        if parts.contains(.name) { writer.text(name) }
        if parts.contains(.parameters) {
            writer.unsigned(UInt64(parameters.count))
            for parameter in parameters {
                writer.text(parameter.name)
                writer.texts(parameter.values)
            }
        }
        writer.data(contentLine)
        writer.unsigned(UInt64(valueStart))
        writer.signed(line - componentLine)
        if parts.contains(.lineProblems) {
            writer.unsigned(UInt64(lineProblems.count))
            for problem in lineProblems {
                writer.text(problem.code.rawValue)
                writer.text(problem.message)
                writer.unsigned(problem.assumption == nil ? 0 : 1)
                if let assumption = problem.assumption { writer.text(assumption) }
            }
        }
    }

    /// The property ``encode(into:after:)`` wrote where `reader` is.
    fileprivate init(decoding reader: inout ByteReader, after componentLine: Int) {
        let parts = Parts(rawValue: reader.unsigned())
        let writtenName = parts.contains(.name) ? reader.text() : nil
        var parameters: [ICalParameter] = []
        if parts.contains(.parameters) {
            parameters = (0..<Int(reader.unsigned())).map { _ in
                let name = reader.text()
                return ICalParameter(name: name, values: reader.texts())
            }
        }
        let contentLine = Array(reader.data())
        let valueStart = Int(reader.unsigned())
        let line = componentLine + reader.signed()
        var problems: [Problem] = []
        if parts.contains(.lineProblems) {
            problems = (0..<Int(reader.unsigned())).map { _ in
                let code = DiagnosticCode(rawValue: reader.text()) ?? .notAProperty
                let message = reader.text()
                return Problem(
                    code, message, assumption: reader.unsigned() == 0 ? nil : reader.text())
            }
        }
        let name =
            writtenName
            ?? String(
                decoding: contentLine.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ":") },
                as: UTF8.self)
        self.init(
            name: name, parameters: parameters, contentLine: contentLine, valueStart: valueStart,
            line: line, lineProblems: problems)
    }

    /// Whether `line` is `name` followed by nothing, a `;` or a `:`: the name is then what
    /// comes before its first `;` or `:`, which no name holds.
    private static func begins(_ line: [UInt8], with name: String) -> Bool {
        let count = name.utf8.count
        guard line.count >= count, line.prefix(count).elementsEqual(name.utf8) else { return false }
        return line.count == count || line[count] == UInt8(ascii: ";")
            || line[count] == UInt8(ascii: ":")
    }
}
