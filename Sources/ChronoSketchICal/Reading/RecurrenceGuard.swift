import ChronoSketchCore

/// Checks an RRULE or EXRULE value (RFC 5545 §3.3.10, RFC 7529 RSCALE/SKIP) before libical
/// parses it: known parts only, numbers with at most nine digits and in range, `INTERVAL` and
/// `COUNT` at least 1, a valid `UNTIL`.
enum RecurrenceGuard {
    private static let frequencies: Set<Substring> = [
        "SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY",
    ]
    private static let weekdays: Set<Substring> = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// Ranges of the numeric BY parts; a negative bound allows the mirrored negative values.
    private static let numericParts: [Substring: (minimum: Int, maximum: Int, signed: Bool)] = [
        "BYSECOND": (0, 60, false), "BYMINUTE": (0, 59, false), "BYHOUR": (0, 23, false),
        "BYMONTHDAY": (1, 31, true), "BYYEARDAY": (1, 366, true), "BYWEEKNO": (1, 53, true),
        "BYSETPOS": (1, 366, true),
    ]

    /// Why the rule cannot be handed to libical, or nil when it can.
    static func problem(_ rule: Substring) -> String? {
        func invalid(_ reason: String) -> String { "Invalid recurrence rule '\(rule)': \(reason)" }
        var sawFrequency = false
        for part in rule.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2, !pieces[1].isEmpty else {
                return invalid("'\(part)' is not NAME=VALUE")
            }
            let name = Substring(pieces[0].uppercased())
            let value = Substring(pieces[1].uppercased())
            switch name {
            case "FREQ":
                guard frequencies.contains(value) else { return invalid("unknown FREQ '\(value)'") }
                sawFrequency = true
            case "INTERVAL":
                // libical keeps INTERVAL in a 16-bit field.
                guard let number = number(value, digits: 5), (1...32_767).contains(number) else {
                    return invalid("INTERVAL must be a whole number from 1 to 32767")
                }
            case "COUNT":
                guard let number = number(value, digits: 10), (1...Int(Int32.max)).contains(number)
                else {
                    return invalid("COUNT must be a whole number from 1 to 2147483647")
                }
            case "UNTIL":
                do {
                    _ = try ICalDateTimeText.parse(value)
                } catch {
                    return invalid(error.description)
                }
            case "WKST":
                guard weekdays.contains(value) else { return invalid("unknown WKST '\(value)'") }
            case "BYDAY":
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard item.count >= 2, weekdays.contains(item.suffix(2)) else {
                        return invalid("'\(item)' in BYDAY is not a weekday")
                    }
                    let ordinal = item.dropLast(2)
                    if !ordinal.isEmpty {
                        guard let number = signedNumber(ordinal), number != 0, abs(number) <= 53
                        else {
                            return invalid("'\(item)' in BYDAY has an ordinal outside ±1…53")
                        }
                    }
                }
            case "BYMONTH":
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    let digits = item.hasSuffix("L") ? item.dropLast() : item
                    guard let month = number(digits), (1...13).contains(month) else {
                        return invalid("'\(item)' in BYMONTH is not a month")
                    }
                }
            case "RSCALE", "SKIP":
                continue
            default:
                if let range = numericParts[name] {
                    for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                        guard let number = signedNumber(item),
                            (range.minimum...range.maximum).contains(
                                range.signed ? abs(number) : number),
                            range.signed || number >= 0
                        else {
                            return invalid("'\(item)' in \(name) is out of range")
                        }
                    }
                } else if !name.hasPrefix("X-") {
                    return invalid("unknown part '\(name)'")
                }
            }
        }
        return sawFrequency ? nil : invalid("FREQ is missing")
    }

    private static func number(_ text: Substring, digits: Int = 9) -> Int? {
        guard !text.isEmpty, text.count <= digits, text.allSatisfy(\.isASCIIDigit) else {
            return nil
        }
        return Int(text)
    }

    private static func signedNumber(_ text: Substring) -> Int? {
        if text.hasPrefix("-") { return number(text.dropFirst()).map { -$0 } }
        if text.hasPrefix("+") { return number(text.dropFirst()) }
        return number(text)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
