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
    static let labelWidth = 14

    /// The columns of the bar: half of what is left of the width after the date, between 24
    /// and 48, a whole number of axis steps (eight per day, seven per week).
    static func chartWidth(_ width: Int, period: RangePeriod) -> Int {
        let steps = period == .day ? 8 : 7
        let room = min(48, max(24, (width - labelWidth - 1) / 2))
        return room / steps * steps
    }

    static func format(_ layout: RangeLayout, _ context: ViewContext) -> String {
        let language = context.language
        var text = TextLines.joined(
            [
                language.rangesHeading(
                    layout.period, from: ClockText.hoursAndMinutes(layout.boundaryMinute)),
                language.timesIn(context.zone),
            ], width: context.width)
        text += "\n"
        guard !layout.periods.isEmpty else { return text + language.noEvents + "\n" }
        let chartWidth = chartWidth(context.width, period: layout.period)
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
            let line = canvas.text.dropLast().description
            let notes = period.ranges.map {
                AgendaFormatter.timeLabel($0.event.interval, language) + " "
                    + AgendaFormatter.describe($0.event, language)
            }
            guard !notes.isEmpty else {
                text += line + "\n"
                continue
            }
            // Notes that do not fit go on under the first, from the same column.
            let column = labelWidth + chartWidth + 3
            let wrapped = TextLines.joined(
                notes, width: max(1, context.width - column), separator: "; "
            ).split(separator: "\n")
            for (index, note) in wrapped.enumerated() {
                let lead =
                    index == 0
                    ? line.fitted(to: column - 2) + "  " : String(repeating: " ", count: column)
                text += (lead + note).truncated(toWidth: context.width) + "\n"
            }
        }
        return text
    }
}
