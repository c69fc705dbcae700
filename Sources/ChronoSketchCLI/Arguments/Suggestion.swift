/// "Did you mean": the closest of some names to what was typed.
enum Suggestion {
    /// The name nearest to `typed` by edit distance (insertions, deletions, substitutions and
    /// swaps of neighbours, each counting one), when it is near enough to be a slip: at most a
    /// third of the typed length, and at least one. Ties go to the first name.
    static func closest(to typed: String, among names: [String]) -> String? {
        let allowed = max(1, typed.count / 3)
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = Self.distance(Array(typed.lowercased()), Array(name.lowercased()))
            if distance <= allowed, distance < (best?.distance ?? .max) {
                best = (name, distance)
            }
        }
        return best?.name
    }

    /// The optimal string alignment distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(
                    table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }

    /// ` Did you mean 'events'?`, or nothing.
    static func sentence(_ typed: String, among names: [String]) -> String {
        closest(to: typed, among: names).map { ". Did you mean '\($0)'?" } ?? ""
    }
}
