/// Dates and times as text, written straight into a string's own storage: the one formatter of
/// `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, `YYYY-MM-DDTHH:MM:SS` and their `Z` forms, which every
/// record and listing writes for every occurrence.
enum DateText {
    /// `YYYY-MM-DD`, then `THH:MM` when `hour` is given, `:SS` when `second` is, and `Z` when
    /// `utc`; each field zero-padded. The caller keeps the year in 0…9999 and the other fields
    /// in 0…99.
    static func make(
        year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int = 0, second: Int? = nil,
        utc: Bool = false
    ) -> String {
        let count = 10 + (hour == nil ? 0 : 6) + (second == nil ? 0 : 3) + (utc ? 1 : 0)
        return String(unsafeUninitializedCapacity: count) { text in
            func two(_ value: Int, at index: Int) {
                text[index] = UInt8(48 + value / 10)
                text[index + 1] = UInt8(48 + value % 10)
            }
            two(year / 100, at: 0)
            two(year % 100, at: 2)
            text[4] = UInt8(ascii: "-")
            two(month, at: 5)
            text[7] = UInt8(ascii: "-")
            two(day, at: 8)
            var end = 10
            if let hour {
                text[10] = UInt8(ascii: "T")
                two(hour, at: 11)
                text[13] = UInt8(ascii: ":")
                two(minute, at: 14)
                end = 16
            }
            if let second {
                text[end] = UInt8(ascii: ":")
                two(second, at: end + 1)
                end += 3
            }
            if utc {
                text[end] = UInt8(ascii: "Z")
                end += 1
            }
            return end
        }
    }
}
