/// Everything in one input as a tree: its VCALENDARs (and any component written outside one),
/// each property with its text as written.
public struct ICalDocument: Sendable, Hashable {
    /// A line outside every component (text after the last `END:VCALENDAR`, say), kept so it
    /// is written back where it was.
    public struct LooseLine: Sendable, Hashable {
        /// The line, read as a property.
        public var property: ICalProperty
        /// How many top-level components come before it.
        public var position: Int
    }

    /// Top-level components in input order.
    public var components: [ICalComponent]
    /// Lines outside every component, in input order.
    public var looseLines: [LooseLine]

    /// A document from its components and loose lines.
    public init(components: [ICalComponent] = [], looseLines: [LooseLine] = []) {
        self.components = components
        self.looseLines = looseLines
    }

    /// Whether `other` holds the same components, properties, parameters and values in the
    /// same order; with `exactText`, also the same value text as written.
    ///
    /// Physical lines are not compared (folding moves them), nor a `VALUE` parameter that
    /// repeats the property's default type unless `exactText`, nor how BEGIN and END lines
    /// were spelled.
    public func isSameTree(as other: ICalDocument, exactText: Bool) -> Bool {
        components.count == other.components.count
            && zip(components, other.components).allSatisfy {
                $0.isSameTree(as: $1, exactText: exactText)
            }
            && looseLines.map(\.position) == other.looseLines.map(\.position)
            && zip(looseLines, other.looseLines).allSatisfy {
                $0.property.isSameProperty(as: $1.property, exactText: exactText)
            }
    }
}

extension ICalComponent {
    /// See ``ICalDocument/isSameTree(as:exactText:)``.
    public func isSameTree(as other: ICalComponent, exactText: Bool) -> Bool {
        name == other.name && properties.count == other.properties.count
            && components.count == other.components.count
            && zip(properties, other.properties).allSatisfy {
                $0.isSameProperty(as: $1, exactText: exactText)
            }
            && zip(components, other.components).allSatisfy {
                $0.isSameTree(as: $1, exactText: exactText)
            }
    }
}

extension ICalProperty {
    package func isSameProperty(as other: ICalProperty, exactText: Bool) -> Bool {
        guard name == other.name else { return false }
        guard isProperty else { return contentLine == other.contentLine }
        if exactText {
            return parameters == other.parameters && rawValue == other.rawValue
        }
        let mine = parameters.filter { $0.name != "VALUE" }
        let theirs = other.parameters.filter { $0.name != "VALUE" }
        guard mine == theirs else { return false }
        let (left, right) = (reading, other.reading)
        if left.error == nil, right.error == nil { return left.values == right.values }
        return rawValue == other.rawValue
    }
}

extension ICalDocument {
    /// Its top-level components and the lines outside them, in the order they were read.
    func forEachInReadOrder(
        looseLine visitLine: (ICalProperty) -> Void,
        component visitComponent: (ICalComponent) -> Void
    ) {
        var loose = looseLines[...]
        for (position, component) in components.enumerated() {
            while let line = loose.first, line.position <= position {
                visitLine(line.property)
                loose = loose.dropFirst()
            }
            visitComponent(component)
        }
        for line in loose { visitLine(line.property) }
    }
}
