/// An interval as instants: seconds since 1970-01-01T00:00Z, with an exclusive end.
///
/// An event with UTC or zoned times has one beside its wall-clock ``EventInterval``: the two
/// 01:30s of an autumn night in New York are the same wall-clock time but instants an hour
/// apart, so what is measured (conflicts, busy time) is measured on the instants.
public struct InstantInterval: Sendable, Hashable {
    /// The first second.
    public let start: Int
    /// The second after the last.
    public let end: Int

    /// - Throws: ``CivilTimeError/invalidInterval(_:)`` when `end < start`.
    public init(start: Int, end: Int) throws(CivilTimeError) {
        guard end >= start else {
            throw .invalidInterval("instant \(end) is before the start \(start)")
        }
        self.start = start
        self.end = end
    }

    /// The length in seconds.
    public var seconds: Int { end - start }
}
