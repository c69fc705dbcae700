/// A value coded as its text form (``CivilDate``'s `2026-09-15`, ``LocalDateTime``'s
/// `2026-09-15T09:30`): read by ``init(parsing:)``, written as its description.
public protocol TextCoded: Codable, CustomStringConvertible {
    /// The value of `text`.
    init(parsing text: String) throws(CivilTimeError)
}

extension TextCoded {
    /// Reads the value from its text.
    public init(from decoder: any Decoder) throws {
        self = try Self(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the value as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
