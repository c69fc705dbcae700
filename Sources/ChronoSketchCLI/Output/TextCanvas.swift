import ChronoSketchCore

/// A grid of terminal cells that text views draw into, row by row. Text is placed by display
/// width (``DisplayWidth``): a wide character takes two cells, and writing over either half of
/// one blanks the other, so a row never holds half a character.
struct TextCanvas {
    /// Each cell holds a character, or nil for the right half of the wide character before it.
    private(set) var rows: [[Character?]]
    let width: Int

    init(width: Int, height: Int, fill: Character = " ") {
        self.width = max(0, width)
        rows = Array(repeating: Array(repeating: fill, count: self.width), count: max(0, height))
    }

    /// Writes `text` from `column`, cut to `limit` columns and to the canvas; a cut text ends
    /// in an ellipsis, and a wide character that does not fit whole is left out.
    mutating func put(_ text: String, row: Int, column: Int, limit: Int = .max) {
        guard rows.indices.contains(row), column < width, limit > 0 else { return }
        var at = column
        for character in text.truncated(toWidth: min(limit, width - column)) {
            let cells = DisplayWidth.of(character)
            guard cells > 0 else { continue }
            if at >= 0, at + cells <= width { set(character, cells: cells, row: row, column: at) }
            at += cells
        }
    }

    /// Fills columns `from..<to` of a row with `character` (one column wide).
    mutating func fill(_ character: Character, row: Int, from: Int, to: Int) {
        guard rows.indices.contains(row) else { return }
        for column in max(0, from)..<min(width, max(from, to)) {
            set(character, cells: 1, row: row, column: column)
        }
    }

    private mutating func set(_ character: Character, cells: Int, row: Int, column: Int) {
        breakWide(row: row, column: column)
        breakWide(row: row, column: column + cells - 1)
        rows[row][column] = character
        if cells == 2 { rows[row][column + 1] = nil }
    }

    /// Blanks both halves of a wide character that covers `column`.
    private mutating func breakWide(row: Int, column: Int) {
        if rows[row][column] == nil, column > 0 {
            rows[row][column - 1] = " "
            rows[row][column] = " "
        } else if column + 1 < width, rows[row][column + 1] == nil {
            rows[row][column + 1] = " "
        }
    }

    /// The rows as lines without trailing spaces.
    var text: String {
        rows.map { String($0.compactMap { $0 }).trimmingTrailingSpaces() + "\n" }.joined()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The text cut to at most `width` display columns, ending in `…` (one column) when cut;
    /// a wide character is never split.
    func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in self {
            let cells = DisplayWidth.of(character)
            if used + cells > width - 1 { break }
            result.append(character)
            used += cells
        }
        return result + "…"
    }

    /// The text padded with spaces, or cut with an ellipsis, to exactly `width` display
    /// columns.
    func fitted(to width: Int) -> String {
        let cut = truncated(toWidth: width)
        return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
    }

    /// The text padded on the left to `width` display columns.
    func padded(left width: Int) -> String {
        String(repeating: " ", count: max(0, width - displayWidth)) + self
    }
}

/// Lines that fit a width: parts joined by ` · ` while they fit, each line cut to the width.
enum TextLines {
    static func joined(_ parts: [String], width: Int, separator: String = " · ") -> String {
        var lines: [String] = []
        var line = ""
        for part in parts where !part.isEmpty {
            if line.isEmpty {
                line = part
            } else if (line + separator + part).displayWidth <= width {
                line += separator + part
            } else {
                lines.append(line)
                line = part
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { $0.truncated(toWidth: width) + "\n" }.joined()
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

    /// `09:00-17:00` or `9-17` as minutes after 00:00, the end after the start (`24:00` at
    /// most); nil for anything else.
    static func range(_ text: String) -> (from: Int, to: Int)? {
        let minutes = text.split(separator: "-").compactMap { Self.minutes(String($0)) }
        guard minutes.count == 2, text.filter({ $0 == "-" }).count == 1, minutes[0] < minutes[1]
        else { return nil }
        return (minutes[0], minutes[1])
    }

    static func hoursAndMinutes(_ minute: Int) -> String {
        ASCIIDigits.padded(minute / 60, 2) + ":" + ASCIIDigits.padded(minute % 60, 2)
    }
}
