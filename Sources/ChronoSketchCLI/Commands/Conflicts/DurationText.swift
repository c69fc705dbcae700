import ChronoSketchCore

/// Lengths of time as the command line writes them: `10m`, `1h30m`, `45s`, `2d`, a bare number
/// of minutes (`90`), or an RFC 5545 duration (`PT10M`).
enum DurationText {
    /// The length in seconds, nil when the text is none of the forms.
    static func seconds(_ text: String) -> Int? {
        if text.hasPrefix("P") || text.hasPrefix("+P") {
            guard let duration = try? CalendarDuration(rfc5545: text), !duration.isNegative
            else { return nil }
            return duration.nominalSeconds
        }
        if let minutes = Int(text), minutes >= 0 { return minutes * 60 }
        var total = 0
        var number = ""
        for character in text {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            let unit: Int
            switch character {
            case "d": unit = 86_400
            case "h": unit = 3_600
            case "m": unit = 60
            case "s": unit = 1
            default: return nil
            }
            guard let value = Int(number), value <= 1_000_000 else { return nil }
            total += value * unit
            number = ""
        }
        return number.isEmpty && !text.isEmpty ? total : nil
    }

    /// `30 min`, `1 h 30 min`, `45 s`.
    static func describe(_ seconds: Int) -> String {
        var parts: [String] = []
        if seconds >= 3_600 { parts.append("\(seconds / 3_600) h") }
        if seconds % 3_600 >= 60 { parts.append("\(seconds % 3_600 / 60) min") }
        if seconds % 60 != 0 || parts.isEmpty { parts.append("\(seconds % 60) s") }
        return parts.joined(separator: " ")
    }
}
