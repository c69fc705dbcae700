/// How the physical lines of an input end and how long they run: what RFC 5545 §3.1 asks of
/// them and lenient readers forgive (``FeedProfile`` says it of a published calendar).
package struct LineShape: Sendable, Equatable {
    /// The octets past which RFC 5545 §3.1 folds a line.
    package static let foldingWidth = 75

    /// Lines that end in LF alone, and the first of them.
    package private(set) var bareLineFeeds = 0
    package private(set) var firstBareLineFeed: Int?
    /// Lines longer than ``foldingWidth`` octets, the first of them and the longest length.
    package private(set) var longLines = 0
    package private(set) var firstLongLine: Int?
    package private(set) var longest = 0

    package init() {}

    /// Counts physical line `line`, of `length` octets without its line ending, which ends in
    /// LF alone when `bareLineFeed`: two comparisons for a line RFC 5545 would write.
    @inline(__always)
    mutating func take(line: Int, length: Int, bareLineFeed: Bool) {
        if bareLineFeed || length > Self.foldingWidth {
            note(line: line, length: length, bareLineFeed: bareLineFeed)
        }
    }

    @inline(never)
    private mutating func note(line: Int, length: Int, bareLineFeed: Bool) {
        if bareLineFeed {
            bareLineFeeds += 1
            if firstBareLineFeed == nil { firstBareLineFeed = line }
        }
        if length > Self.foldingWidth {
            longLines += 1
            if firstLongLine == nil { firstLongLine = line }
            longest = max(longest, length)
        }
    }
}
