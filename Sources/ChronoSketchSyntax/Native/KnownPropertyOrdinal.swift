extension KnownProperty {
    /// The case's place in the declaration (0 for `calscale`): what Swift stores for a case of
    /// an enum without payloads (its tag, assigned in declaration order by Swift's type layout).
    ///
    /// Equality and hashing go by it, not by the raw value (a String hashed on every lookup
    /// of a property in a set), which the checks of every line do.
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// Properties are equal when they are the same RFC property.
    public static func == (lhs: KnownProperty, rhs: KnownProperty) -> Bool {
        lhs.ordinal == rhs.ordinal
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
    }
}
