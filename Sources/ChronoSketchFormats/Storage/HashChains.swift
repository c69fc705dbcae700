/// Places (0, 1, 2, … in the order added) grouped by a hash of their key, each group in the
/// order its places were added, some of them taken as they are matched: the first place of a
/// group that is not taken is found without walking again past those taken before it, so that
/// matching n places with n others of one key is O(n), not O(n²).
///
/// Keys with one hash (a collision) share a group; the caller tells them apart.
struct HashChains {
    /// Of each group, its first place not taken (-1 when every one is) and its last place.
    private var ends: [Int: (front: Int32, last: Int32)] = [:]
    /// The place after each in its group, or -1.
    private var next: [Int32] = []
    private var taken: [Bool] = []

    /// Adds a place to the group of `hash`.
    /// - Returns: the place.
    @discardableResult
    mutating func append(hash: Int) -> Int {
        let place = Int32(next.count)
        next.append(-1)
        taken.append(false)
        guard let end = ends[hash] else {
            ends[hash] = (place, place)
            return Int(place)
        }
        next[Int(end.last)] = place
        ends[hash] = (end.front >= 0 ? end.front : place, place)
        return Int(place)
    }

    /// The first place of the group of `hash`, in the order added, that is not taken and that
    /// `matches` (the caller compares the keys themselves).
    /// - Complexity: O(1) amortized when `matches` holds for the first place not taken, as it
    ///   does but for a collision.
    mutating func first(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard var end = ends[hash] else { return nil }
        while end.front >= 0, taken[Int(end.front)] { end.front = next[Int(end.front)] }
        ends[hash] = end
        var candidate = end.front
        while candidate >= 0 {
            let place = Int(candidate)
            if !taken[place], matches(place) { return place }
            candidate = next[place]
        }
        return nil
    }

    /// Marks a place taken: ``first(hash:where:)`` no longer gives it.
    mutating func take(_ place: Int) {
        taken[place] = true
    }
}
