internal import CLibical
import ChronoSketchCore

/// libical's line-reader parser, fed one unfolded content line at a time.
///
/// `icalparser_add_line` returns nothing until the top-level component closes; the reader
/// hands it one child of VCALENDAR at a time, so libical never holds more than one event's
/// tree. Each finished tree is copied into a ``LibicalNode`` and freed at once.
final class LibicalLineParser {
    /// How libical took one line.
    enum LineOutcome: Sendable, Equatable {
        /// The line became a property (possibly with parameter errors after it).
        case accepted
        /// libical dropped the line and inserted an `X-LIC-ERROR` in its place.
        case rejected
    }

    private let parser: OpaquePointer
    private var openNames: [[UInt8]] = []
    /// The NUL-terminated copy of the current line, reused so feeding allocates nothing.
    private var scratch: [UInt8] = []

    init() {
        _ = LibicalRuntime.prepared
        guard let parser = icalparser_new() else {
            fatalError("libical could not allocate a parser")
        }
        self.parser = parser
    }

    deinit {
        abandon()
        icalparser_free(parser)
    }

    /// The depth of components libical has open.
    var depth: Int { openNames.count }

    /// Feeds one unfolded content line (no line ending, no NUL inside).
    /// - Parameters:
    ///   - line: the line's bytes; `beginName`/`endName` say whether it opens or closes a
    ///     component, as the caller's own tokenizer read it.
    /// - Returns: the outcome, and the finished component when the line closed the top level.
    func add(_ line: [UInt8], begins beginName: [UInt8]? = nil, ends endName: [UInt8]? = nil)
        -> (LineOutcome, LibicalNode?)
    {
        if let beginName { openNames.append(beginName) }
        if endName != nil, !openNames.isEmpty { openNames.removeLast() }
        let component = feed(line)
        let outcome: LineOutcome =
            icalparser_get_state(parser) == ICALPARSER_ERROR ? .rejected : .accepted
        guard let component else { return (outcome, nil) }
        defer { icalcomponent_free(component) }
        return (outcome, LibicalNodeReader.node(component))
    }

    /// Closes every open component so libical lets go of a half-read tree, and frees it.
    func abandon() {
        while let name = openNames.popLast() {
            if let component = feed(Array("END:".utf8) + name) { icalcomponent_free(component) }
        }
    }

    /// Hands one line to `icalparser_add_line` as a C string.
    private func feed(_ line: [UInt8]) -> OpaquePointer? {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: line)
        scratch.append(0)
        return scratch.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    icalparser_add_line(parser, $0)
                }
            }
        }
    }
}

/// Copies a libical component tree into Swift values.
enum LibicalNodeReader {
    private static func propertyName(_ kind: icalproperty_kind) -> String {
        icalproperty_kind_to_string(kind).map { String(cString: $0) } ?? "X"
    }

    /// Walks `component` once with libical's external iterators.
    /// - Complexity: O(properties + components).
    static func node(_ component: OpaquePointer) -> LibicalNode {
        let name =
            icalcomponent_kind_to_string(icalcomponent_isa(component)).map {
                String(cString: $0)
            } ?? "X"
        var properties: [LibicalProperty] = []
        properties.reserveCapacity(
            Int(icalcomponent_count_properties(component, ICAL_ANY_PROPERTY)))
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            properties.append(self.property(current))
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        var children: [LibicalNode] = []
        var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            children.append(node(current))
            child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
        }
        return LibicalNode(name: name, properties: properties, children: children)
    }

    private static func property(_ property: OpaquePointer) -> LibicalProperty {
        let kind = icalproperty_isa(property)
        if kind == ICAL_XLICERROR_PROPERTY {
            let message = icalproperty_get_xlicerror(property).map { String(cString: $0) } ?? ""
            var errorKind = LibicalParseError.Kind.other
            if let parameter = icalproperty_get_first_parameter(
                property, ICAL_XLICERRORTYPE_PARAMETER)
            {
                switch icalparameter_get_xlicerrortype(parameter) {
                case ICAL_XLICERRORTYPE_COMPONENTPARSEERROR: errorKind = .componentParse
                case ICAL_XLICERRORTYPE_PROPERTYPARSEERROR: errorKind = .propertyParse
                case ICAL_XLICERRORTYPE_PARAMETERNAMEPARSEERROR: errorKind = .parameterName
                case ICAL_XLICERRORTYPE_PARAMETERVALUEPARSEERROR: errorKind = .parameterValue
                case ICAL_XLICERRORTYPE_VALUEPARSEERROR: errorKind = .valueParse
                default: errorKind = .other
                }
            }
            return LibicalProperty(
                name: "X-LIC-ERROR", value: .text(message),
                error: LibicalParseError(kind: errorKind, message: message))
        }
        let name: String
        if kind == ICAL_X_PROPERTY, let xName = icalproperty_get_x_name(property) {
            name = String(cString: xName).uppercased()
        } else {
            name = propertyName(kind)
        }
        let value = icalproperty_get_value(property).map(LibicalValueReader.value) ?? .empty
        return LibicalProperty(name: name, value: value, error: nil)
    }
}
