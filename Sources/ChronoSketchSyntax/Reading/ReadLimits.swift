/// Bounds the reader enforces so that memory and work stay bounded whatever the input: a
/// component is held whole until its END, and a nesting level costs a level of recursion
/// wherever a tree is walked.
public struct ReadLimits: Sendable, Hashable {
    /// Longest unfolded content line, in bytes.
    public var maximumLineLength: Int
    /// Deepest component nesting, VCALENDAR included.
    public var maximumDepth: Int
    /// Most properties in one component.
    public var maximumPropertiesPerComponent: Int
    /// Most parameters on one property.
    public var maximumParametersPerProperty: Int

    /// Limits from their values; the defaults are those of the command line.
    public init(
        maximumLineLength: Int = 32 << 20, maximumDepth: Int = 64,
        maximumPropertiesPerComponent: Int = 100_000, maximumParametersPerProperty: Int = 100
    ) {
        self.maximumLineLength = maximumLineLength
        self.maximumDepth = maximumDepth
        self.maximumPropertiesPerComponent = maximumPropertiesPerComponent
        self.maximumParametersPerProperty = maximumParametersPerProperty
    }
}

/// Sizes in messages: `32 MiB` where the size is a whole number of them, else bytes.
package enum ByteCount {
    package static func text(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
