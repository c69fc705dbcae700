/// Everything in one input as a tree: its VCALENDARs (and any component written outside one),
/// each property with its text as written beside libical's reading of it.
public struct ICalDocument: Sendable, Hashable {
    /// Top-level components in input order.
    public var components: [ICalComponent]

    public init(components: [ICalComponent] = []) {
        self.components = components
    }

    /// Whether `other` holds the same components, properties, parameters and values in the
    /// same order; with `exactText`, also the same value text as written.
    ///
    /// Physical lines are not compared (folding moves them), nor a `VALUE` parameter that
    /// repeats the property's default type unless `exactText`.
    public func isSameTree(as other: ICalDocument, exactText: Bool) -> Bool {
        components.count == other.components.count
            && zip(components, other.components).allSatisfy {
                $0.isSameTree(as: $1, exactText: exactText)
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
    func isSameProperty(as other: ICalProperty, exactText: Bool) -> Bool {
        guard name == other.name else { return false }
        if exactText {
            return parameters == other.parameters && rawValue == other.rawValue
                && values == other.values
        }
        let mine = parameters.filter { $0.name != "VALUE" }
        let theirs = other.parameters.filter { $0.name != "VALUE" }
        guard mine == theirs else { return false }
        if isUnderstood, other.isUnderstood { return values == other.values }
        return rawValue == other.rawValue
    }
}
