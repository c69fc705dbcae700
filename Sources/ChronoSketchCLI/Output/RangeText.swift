import ChronoSketchCore
import ChronoSketchLayout

/// Recurring ranges as one line per period: a bar over the period's time of day from the
/// boundary, then the ranges' times and titles.
///
/// ```
/// Ranges per day from 12:00 · Times in Europe/Berlin
///
///               12    15    18    21    00    03    06    09
/// Sun 1 Mar     ······················████████████████··········  23:10–07:05 Sleep
/// ```
/// A range that runs past the end of its period stops at the edge with `▸`.
enum RangeText {
    static let chartWidth = 48
    static let labelWidth = 14

    static func format(_ layout: RangeLayout, zone: String, language: Language) -> String {
        var text = language.rangesHeading(
            layout.period.rawValue, from: ClockText.hoursAndMinutes(layout.boundaryMinute))
        text += " · \(language.timesIn(zone))\n\n"
        guard !layout.periods.isEmpty else { return text + language.noEvents + "\n" }
        let length = layout.period == .day ? 1_440 : 7 * 1_440
        func position(_ minute: Int) -> Int {
            (minute - layout.boundaryMinute) * chartWidth / length
        }
        var axis = TextCanvas(width: labelWidth + chartWidth, height: 1)
        let step = layout.period == .day ? 180 : 1_440
        for offset in stride(from: 0, to: length, by: step) {
            let minute = layout.boundaryMinute + offset
            let label =
                layout.period == .day
                ? ClockText.hoursAndMinutes(minute % 1_440).prefix(2).description
                : language.weekdayAbbreviation(layout.firstWeekday.advanced(by: minute / 1_440))
            axis.put(label, row: 0, column: labelWidth + position(minute))
        }
        text += axis.text
        for period in layout.periods {
            var canvas = TextCanvas(width: labelWidth + chartWidth + 1, height: 1)
            canvas.put(language.shortDate(period.date), row: 0, column: 0, limit: labelWidth - 1)
            canvas.fill("·", row: 0, from: labelWidth, to: labelWidth + chartWidth)
            for entry in period.ranges {
                let from = position(entry.startMinute)
                let to = max(from + 1, position(entry.endMinute))
                canvas.fill(
                    "█", row: 0, from: labelWidth + from, to: labelWidth + min(to, chartWidth))
                if to > chartWidth { canvas.put("▸", row: 0, column: labelWidth + chartWidth) }
            }
            var line = canvas.text.dropLast().description
            let notes = period.ranges.map {
                AgendaFormatter.timeLabel($0.event.interval, language) + " "
                    + AgendaFormatter.describe($0.event, language)
            }
            if !notes.isEmpty {
                line =
                    line.fitted(to: labelWidth + chartWidth + 1) + "  "
                    + notes.joined(separator: "; ")
            }
            text += line + "\n"
        }
        return text
    }
}
