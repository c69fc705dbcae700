import ChronoSketchCore

/// A grid of characters that text views draw into, row by row.
struct TextCanvas {
    private(set) var rows: [[Character]]
    let width: Int

    init(width: Int, height: Int, fill: Character = " ") {
        self.width = width
        rows = Array(repeating: Array(repeating: fill, count: width), count: height)
    }

    /// Writes `text` from `column`, cut to `limit` characters and to the canvas; a cut text
    /// ends in an ellipsis.
    mutating func put(_ text: String, row: Int, column: Int, limit: Int = .max) {
        guard rows.indices.contains(row), column < width, limit > 0 else { return }
        let room = min(limit, width - column)
        var characters = Array(text)
        if characters.count > room {
            characters = Array(characters.prefix(room - 1)) + ["…"]
        }
        for (offset, character) in characters.enumerated() where column + offset >= 0 {
            rows[row][column + offset] = character
        }
    }

    /// Fills columns `from..<to` of a row with `character`.
    mutating func fill(_ character: Character, row: Int, from: Int, to: Int) {
        guard rows.indices.contains(row) else { return }
        for column in max(0, from)..<min(width, max(from, to)) {
            rows[row][column] = character
        }
    }

    /// The rows as lines without trailing spaces.
    var text: String {
        rows.map { String($0).trimmingTrailingSpaces() + "\n" }.joined()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The text padded with spaces, or cut with an ellipsis, to exactly `width` characters.
    func fitted(to width: Int) -> String {
        if count <= width { return self + String(repeating: " ", count: width - count) }
        return String(prefix(max(0, width - 1))) + "…"
    }
}

/// `HH:MM` from minutes after 00:00; 1440 reads `24:00`, 1500 reads `25:00`.
enum ClockText {
    /// Minutes after 00:00 of `HH:MM`, `H:MM`, `HH` or `H` (00:00…24:00), nil for anything
    /// else.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...2).contains(parts[0].count),
            parts.count == 1 || parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = parts.count == 2 ? Int(parts[1]) : 0,
            (0...59).contains(minute), hour * 60 + minute <= 1_440
        else { return nil }
        return hour * 60 + minute
    }

    static func hoursAndMinutes(_ minute: Int) -> String {
        ASCIIDigits.padded(minute / 60, 2) + ":" + ASCIIDigits.padded(minute % 60, 2)
    }
}
