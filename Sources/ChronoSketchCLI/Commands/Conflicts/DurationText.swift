import ChronoSketchCore

/// Lengths of time as the command line writes them: `10m`, `10min`, `1h30m`, `1h 30min`, `45s`,
/// `2d`, a bare number of minutes (`90`), or an RFC 5545 duration (`PT10M`); each number at
/// most 1,000,000 (of its unit).
enum DurationText {
    /// The length in seconds, nil when the text is none of the forms.
    static func seconds(_ text: String) -> Int? {
        let upper = text.uppercased()
        if upper.hasPrefix("P") || upper.hasPrefix("+P") {
            guard let duration = try? CalendarDuration(rfc5545: upper), !duration.isNegative
            else { return nil }
            return duration.nominalSeconds
        }
        // Each number at most 1,000,000 of its unit, so that no sum can overflow.
        if let minutes = Int(text), minutes >= 0 {
            return minutes <= 1_000_000 ? minutes * 60 : nil
        }
        var total = 0
        var rest = Substring(text.lowercased().filter { $0 != " " })
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { $0.isASCII && $0.isLetter }
            rest = rest.dropFirst(unit.count)
            guard let value = Int(digits), value <= 1_000_000,
                let seconds = Self.units[String(unit)]
            else { return nil }
            total += value * seconds
        }
        return total
    }

    /// Seconds per unit, by the names people type.
    private static let units: [String: Int] = [
        "d": 86_400, "day": 86_400, "days": 86_400, "h": 3_600, "hr": 3_600, "hrs": 3_600,
        "hour": 3_600, "hours": 3_600, "m": 60, "min": 60, "mins": 60, "minute": 60,
        "minutes": 60, "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
    ]

    /// `30 min`, `1 h 30 min`, `45 s`.
    static func describe(_ seconds: Int) -> String {
        var parts: [String] = []
        if seconds >= 3_600 { parts.append("\(seconds / 3_600) h") }
        if seconds % 3_600 >= 60 { parts.append("\(seconds % 3_600 / 60) min") }
        if seconds % 60 != 0 || parts.isEmpty { parts.append("\(seconds % 60) s") }
        return parts.joined(separator: " ")
    }
}
