/// An array filled out of order, each element put straight at its place: for reordering a
/// large list without holding it twice (the source can be let go of as it is read).
enum ScatteredArray {
    /// An array of `count` elements; `fill` is handed a function that puts one element at its
    /// position, and must put one at every position exactly once.
    static func make<Element>(count: Int, _ fill: ((Int, consuming Element) -> Void) -> Void)
        -> [Element]
    {
        var filled = [Bool](repeating: false, count: count)
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill { position, element in
                precondition(!filled[position], "position \(position) filled twice")
                filled[position] = true
                (buffer.baseAddress! + position).initialize(to: element)
            }
            precondition(!filled.contains(false), "a position left empty")
            initialized = count
        }
    }
}
