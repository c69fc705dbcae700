/// FNV-1a, 64 bits: a hash of bytes that is the same in every process (Swift's `Hasher` is
/// seeded anew each run), for what is written down or compared across inputs: made UIDs,
/// digests of an event's content, keys of texts kept as bytes.
public struct FNV1a: Sendable, Hashable {
    @usableFromInline var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of the bytes combined so far.
    public var value: UInt64 { state }

    /// Nothing hashed yet.
    public init() {}

    /// Combines `bytes`, in order.
    @inlinable
    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        var hash = state
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        state = hash
    }

    /// The hash of `bytes` alone.
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hasher = FNV1a()
        hasher.combine(bytes)
        return hasher.value
    }
}
