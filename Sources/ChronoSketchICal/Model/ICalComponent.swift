import ChronoSketchCore

/// A parameter of a content line (RFC 5545 §3.2), with its values unquoted and RFC 6868
/// caret escapes decoded.
public struct ICalParameter: Sendable, Hashable {
    /// Upper-cased name (`TZID`, `CN`, `X-FOO`).
    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

/// One content line: what was written, where, and what libical understood of it.
public struct ICalProperty: Sendable, Hashable {
    /// Upper-cased name.
    public var name: String
    public var parameters: [ICalParameter]
    /// The unfolded content line as read (or as rebuilt by a repair of the reader).
    public let contentLine: [UInt8]
    /// Where the value starts in ``contentLine``.
    let valueStart: Int
    /// The physical line the content line starts on.
    public var line: Int
    /// libical's reading of the first value; nil when it did not understand the line.
    public var value: ICalValue?
    /// libical's reading of the further values of a multi-valued line.
    public var additionalValues: [ICalValue]
    /// What went wrong reading the line: a value the guards or libical rejected (then
    /// ``value`` is nil) or parameters that were left out.
    public var problems: [String]

    /// A property from its parts; the content line is rebuilt from them.
    public init(
        name: String, parameters: [ICalParameter] = [], rawValue: String, line: Int,
        values: [ICalValue] = [], problems: [String] = []
    ) {
        let (bytes, valueStart) = TokenizedLine.canonical(
            name: name, parameters: parameters, value: rawValue)
        self.init(
            name: name, parameters: parameters, contentLine: bytes, valueStart: valueStart,
            line: line, values: values, problems: problems)
    }

    init(
        name: String, parameters: [ICalParameter], contentLine: [UInt8], valueStart: Int,
        line: Int, values: [ICalValue] = [], problems: [String] = []
    ) {
        self.name = name
        self.parameters = parameters
        self.contentLine = contentLine
        self.valueStart = valueStart
        self.line = line
        value = values.first
        additionalValues = Array(values.dropFirst())
        self.problems = problems
    }

    /// The value as written, escapes kept.
    public var rawValue: String {
        String(decoding: contentLine[valueStart...], as: UTF8.self)
    }

    /// Every value libical understood, in order; empty when it understood none.
    public var values: [ICalValue] {
        guard let value else { return [] }
        return [value] + additionalValues
    }

    /// The first value of the named parameter (names compare upper-cased).
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }

    /// Whether the value was understood.
    public var isUnderstood: Bool { value != nil }
}

/// A component (VEVENT, VTIMEZONE, VALARM, …) with its properties and sub-components in order.
public struct ICalComponent: Sendable, Hashable {
    /// Upper-cased name.
    public var name: String
    public var properties: [ICalProperty]
    public var components: [ICalComponent]
    /// The line of its BEGIN.
    public var line: Int

    public init(
        name: String, properties: [ICalProperty] = [], components: [ICalComponent] = [],
        line: Int
    ) {
        self.name = name
        self.properties = properties
        self.components = components
        self.line = line
    }

    /// The first property with this name.
    public func property(_ name: String) -> ICalProperty? {
        properties.first { $0.name == name }
    }

    /// Every property with this name, in order.
    public func properties(_ name: String) -> [ICalProperty] {
        properties.filter { $0.name == name }
    }
}
