/// A component as libical parsed it, copied into Swift values before libical's tree is freed.
struct LibicalNode: Sendable {
    /// libical's name for the component's kind (`VEVENT`; `X` for any X- component).
    var name: String
    /// Properties in libical's order: each line gives its property, then any parameter errors,
    /// then one clone per further value of a multi-valued line; a rejected line gives errors only.
    var properties: [LibicalProperty]
    var children: [LibicalNode]
}

/// One property of a ``LibicalNode``, or one `X-LIC-ERROR` libical inserted in its place.
struct LibicalProperty: Sendable {
    /// The property name, upper-cased; `X-LIC-ERROR` for an error.
    var name: String
    var value: ICalValue
    /// Set for `X-LIC-ERROR` properties.
    var error: LibicalParseError?
}

/// An `X-LIC-ERROR` inserted by libical's parser, with its `X-LIC-ERRORTYPE`.
struct LibicalParseError: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case componentParse, propertyParse, parameterName, parameterValue, valueParse, other
    }

    var kind: Kind
    var message: String

    /// Whether libical dropped the property that caused the error (and so ended the line).
    var endsLine: Bool {
        switch kind {
        case .propertyParse, .valueParse, .componentParse: true
        case .parameterName, .parameterValue, .other: false
        }
    }
}
