import ChronoSketchCore
import Synchronization

/// A parameter of a content line (RFC 5545 §3.2), with its values unquoted and RFC 6868
/// caret escapes decoded.
public struct ICalParameter: Sendable, Hashable {
    /// Upper-cased name (`TZID`, `CN`, `X-FOO`).
    public var name: String
    /// Its values, split at unquoted commas, unquoted.
    public var values: [String]

    /// A parameter from its name and values, as given.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

/// One content line: what was written and where, and its values, read by the property's value
/// type the first time they are asked for and kept (``reading``).
public struct ICalProperty: Sendable, Hashable {
    /// The parts of the line, kept once however often the property is copied (a copy is one
    /// reference), with its values once read.
    private let storage: Storage

    /// Upper-cased name; empty for a line that is not a property at all, kept so that it is
    /// written back as it came.
    public var name: String { storage.name }
    /// The property the name names, when it is one of the RFC's.
    public var known: KnownProperty? { storage.known }
    /// Its parameters in the order written.
    public var parameters: [ICalParameter] { storage.parameters }
    /// The unfolded content line as read (or as rebuilt by a repair of the reader).
    public var contentLine: [UInt8] { storage.contentLine }
    /// Where the value starts in ``contentLine``.
    package var valueStart: Int { storage.valueStart }
    /// The physical line the content line starts on.
    public var line: Int { storage.line }
    /// Problems of the line itself: parameters that could not be read and were left out, a
    /// repair the reader made, a line that is not a property.
    public var lineProblems: [Problem] { storage.lineProblems }

    /// A property from its parts and its value's text in RFC 5545 form; the content line is
    /// rebuilt from them. Properties made outside the reader are made from typed values
    /// (``init(name:parameters:values:line:omitted:)``).
    init(name: String, parameters: [ICalParameter] = [], rawValue: String, line: Int) {
        let (bytes, valueStart) = TokenizedLine.canonical(
            name: name, parameters: parameters, value: rawValue)
        self.init(
            name: name, parameters: parameters, contentLine: bytes, valueStart: valueStart,
            line: line)
    }

    package init(
        name: String, parameters: [ICalParameter], contentLine: [UInt8], valueStart: Int,
        line: Int, lineProblems: [Problem] = []
    ) {
        self.init(
            name: name, known: KnownProperty(name: name), parameters: parameters,
            contentLine: contentLine, valueStart: valueStart, line: line,
            lineProblems: lineProblems)
    }

    /// A property whose name has been looked up already; `values`, when given, are what its
    /// value reads as, kept so that it is never read from the line.
    init(
        name: String, known: KnownProperty?, parameters: [ICalParameter], contentLine: [UInt8],
        valueStart: Int, line: Int, lineProblems: [Problem], values: [ICalValue]? = nil
    ) {
        storage = Storage(
            name: name, known: known, parameters: parameters, contentLine: contentLine,
            valueStart: valueStart, line: line, lineProblems: lineProblems)
        if let values, ValueReader.fits(values, ValueReader.kind(of: self)) {
            storage.values.withLock { $0 = ValueReading(values: values, error: nil, warnings: []) }
        }
    }

    /// A line that is not a property, kept as written.
    package init(unreadable bytes: [UInt8], line: Int, problem: Problem) {
        self.init(
            name: "", parameters: [], contentLine: bytes, valueStart: bytes.count, line: line,
            lineProblems: [problem])
    }

    /// The values read by the property's value type (``ValueReader``), and what went wrong
    /// reading them: read the first time they are asked for, by this property or a copy of
    /// it, and never again.
    public var reading: ValueReading { withReading { $0 } }

    /// What `body` takes of the values, read first if they have not been: only that part is
    /// copied out.
    private func withReading<Part>(_ body: (borrowing ValueReading) -> Part) -> Part {
        storage.values.withLock { kept in
            if let reading = kept { return body(reading) }
            let reading = ValueReader.read(self)
            kept = reading
            return body(reading)
        }
    }

    /// Whether the values are kept already, so that asking for them reads nothing: true for a
    /// property made from typed values, and for one read once.
    package var holdsItsValues: Bool { storage.values.withLock { $0 != nil } }

    /// Whether reading the value could find anything to say: TEXT, like every type kept as
    /// written (URI, CAL-ADDRESS, BINARY, an unknown type), reads whatever the line reader let
    /// through, so a check need not read it.
    package var valueCanHaveProblems: Bool {
        guard isProperty else { return true }
        switch ValueReader.kind(of: self) {
        case .single(let type), .list(let type):
            switch type {
            case .text, .uri, .calAddress, .binary, .unknown: return false
            default: return true
            }
        case .requestStatus, .unknown: return false
        case .dateTimeOrPeriodList, .durationOrDateTime, .geo: return true
        }
    }

    /// Two properties are equal when they were written alike on the same line: their values
    /// follow from that.
    public static func == (left: ICalProperty, right: ICalProperty) -> Bool {
        left.line == right.line && left.valueStart == right.valueStart
            && left.contentLine == right.contentLine && left.name == right.name
            && left.parameters == right.parameters && left.lineProblems == right.lineProblems
    }

    /// Hashes the line and the content line, which ``==`` compares among others.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(contentLine)
    }

    /// Whether the line is a property (name, parameters, colon, value).
    public var isProperty: Bool { !name.isEmpty }

    /// The value as written, escapes kept: for messages that quote a value that could not be
    /// read, and for writing it again as it came.
    package var rawValue: String {
        String(decoding: contentLine[valueStart...], as: UTF8.self)
    }

    /// The value's bytes as written.
    package var rawValueBytes: ArraySlice<UInt8> { contentLine[valueStart...] }

    /// Every value, in order; empty when the value could not be read.
    public var values: [ICalValue] { withReading { $0.values } }

    /// The first value; nil when the value could not be read.
    public var value: ICalValue? { withReading { $0.values.first } }

    /// Whether reading the value found anything to say.
    package var valueHasProblems: Bool { withReading { $0.hasProblems } }

    /// Whether the value could be read by its type.
    public var isUnderstood: Bool { withReading { $0.error == nil } }

    /// Everything wrong with the line and its value, worded for a message.
    public var problems: [Problem] { lineProblems + withReading { $0.problems } }

    /// The first value of the named parameter (names compare upper-cased).
    public func parameter(_ name: String) -> String? {
        storage.parameters.first { $0.name == name }?.values.first
    }

    /// The value type the VALUE parameter names, as written; nil without one.
    public var declaredType: String? { storage.declaredType }
}

extension ICalProperty {
    /// What a property holds; never changed once made, so copies share it.
    private final class Storage: Sendable {
        let name: String
        let known: KnownProperty?
        let parameters: [ICalParameter]
        let contentLine: [UInt8]
        let valueStart: Int
        let line: Int
        let lineProblems: [Problem]
        /// The first value of the VALUE parameter, looked up once: every reading of the value
        /// asks for it.
        let declaredType: String?
        /// The values, once read (by any copy).
        let values = Mutex<ValueReading?>(nil)

        init(
            name: String, known: KnownProperty?, parameters: [ICalParameter],
            contentLine: [UInt8], valueStart: Int, line: Int, lineProblems: [Problem]
        ) {
            self.name = name
            self.known = known
            self.parameters = parameters
            self.contentLine = contentLine
            self.valueStart = valueStart
            self.line = line
            self.lineProblems = lineProblems
            declaredType =
                parameters.isEmpty ? nil : parameters.first { $0.name == "VALUE" }?.values.first
        }
    }
}

/// A component (VEVENT, VTIMEZONE, VALARM, …) with its properties and sub-components in order.
public struct ICalComponent: Sendable, Hashable {
    /// How the reader found the end of a component.
    public enum Closing: Sendable, Hashable {
        /// By its own END line.
        case end
        /// By an END that named another component, or by the END of one around it.
        case recovered
        /// By the end of the input: what follows its last line may be missing.
        case endOfInput
    }

    /// Upper-cased name.
    public var name: String
    /// Its properties in the order written.
    public var properties: [ICalProperty]
    /// The components inside it (a VEVENT's VALARMs, a VTIMEZONE's observances), each kept
    /// as its bytes and read back when asked for (``ComponentList``).
    public var components: ComponentList
    /// The line of its BEGIN.
    public var line: Int
    /// How the reader found its end.
    public var closing: Closing
    /// Its BEGIN and END lines as written, when they differ from `BEGIN:NAME` and `END:NAME`
    /// (another case, blanks, another name on a mistyped END), so they are written back as
    /// they came.
    var beginText: [UInt8]?
    var endText: [UInt8]?
    /// How many properties of the component around it were read before it, so a calendar
    /// that puts properties after its components (RFC 5545 puts them first) is written back
    /// in its own order; nil after all of them.
    package var precedingProperties: Int?

    /// A component built from its parts, closed by its own END.
    public init(
        name: String, properties: [ICalProperty] = [], components: [ICalComponent] = [],
        line: Int
    ) {
        self.name = name
        self.properties = properties
        self.components = ComponentList(components)
        self.line = line
        closing = .end
    }

    /// The first property with this name.
    public func property(_ name: String) -> ICalProperty? {
        properties.first { $0.name == name }
    }

    /// Every property with this name, in order.
    public func properties(_ name: String) -> [ICalProperty] {
        properties.filter { $0.name == name }
    }

    /// The VEVENTs inside it at any depth (a VEVENT missing its END holds the ones after it),
    /// in the order written, each before those inside it: each is read as an event of its own
    /// (``NestedEventCheck`` says so).
    package var nestedEvents: [ICalComponent] {
        var found: [ICalComponent] = []
        for child in components {
            if child.name == "VEVENT" { found.append(child) }
            found += child.nestedEvents
        }
        return found
    }
}

extension ICalComponent {
    /// How many lines in it and its components are not properties.
    package var linesThatAreNotProperties: Int {
        properties.count { !$0.isProperty } + components.linesThatAreNotProperties
    }
}

extension ICalComponent {
    /// Its properties and components in the order they were read: a calendar that puts
    /// properties after components (RFC 5545 puts them first) keeps its own order.
    func forEachInReadOrder(
        property visitProperty: (ICalProperty) -> Void,
        component visitComponent: (ICalComponent) -> Void
    ) {
        var place = (properties: 0, components: 0)
        while let next = nextInReadOrder(after: place) {
            switch next {
            case .property(let index):
                visitProperty(properties[index])
                place.properties += 1
            case .component(let index):
                visitComponent(components[index])
                place.components += 1
            }
        }
    }

    /// A property or a component inside, by its index.
    enum Part {
        case property(Int)
        case component(Int)
    }

    /// What comes next in the order they were read, once so many of its properties and
    /// components came; nil after the last.
    func nextInReadOrder(after place: (properties: Int, components: Int)) -> Part? {
        if place.components < components.count {
            let before = min(
                components.precedingProperties(at: place.components) ?? properties.count,
                properties.count)
            return place.properties < before
                ? .property(place.properties) : .component(place.components)
        }
        return place.properties < properties.count ? .property(place.properties) : nil
    }
}
