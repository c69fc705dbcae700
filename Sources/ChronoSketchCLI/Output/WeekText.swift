import ChronoSketchCore
import ChronoSketchLayout

/// A week as a grid: seven day columns, the all-day bars in lanes across the top, then each
/// day's timed events in start order.
///
/// ```
/// Week 37 of 2026 · Monday 7 September – Sunday 13 September 2026 · Times in Europe/Berlin
///
/// Mon 7 Sep      │Tue 8 Sep      │Wed 9 Sep      │…
/// ───────────────┼───────────────┼───────────────┼…
/// ◀Long weekend─]│               │[Holiday──────────────]
/// ───────────────┼───────────────┼───────────────┼…
/// 09:00–09:15    │…–01:30        │…
/// Stand-up       │Release        │
/// ```
/// `◀` and `▶` mark a bar that goes on into the previous or next week, `…` a timed event that
/// began on an earlier day or goes on into the next; `✗` marks a cancelled event and `?` a
/// tentative one.
enum WeekText {
    static let cellWidth = 15

    static func format(_ layout: WeekLayout, zone: String, language: Language) -> String {
        let last = layout.days.last?.date ?? layout.weekStart
        var text = language.weekHeading(layout.isoWeek, year: layout.isoYear)
        text += " · \(language.longDate(layout.weekStart)) – \(language.longDate(last))"
        text += " · \(language.timesIn(zone))\n\n"
        text += row(layout.days.map { language.shortDate($0.date) })
        text += rule()
        if layout.lanes > 0 {
            text += bars(layout, language: language)
            text += rule()
        }
        let columns = layout.days.map { day in
            day.segments.flatMap { segment in
                [segmentTime(segment), title(segment.event, language), ""]
            }
        }
        let height = max(0, (columns.map(\.count).max() ?? 0) - 1)
        for line in 0..<height {
            text += row(columns.map { line < $0.count ? $0[line] : "" })
        }
        if layout.lanes == 0 && height == 0 { text += "\n" + language.noEvents + "\n" }
        return text
    }

    /// The segment's own times on its day: `09:00–10:30`, `23:00–…`, `…–01:30`, or `17:00`
    /// for an instant.
    static func segmentTime(_ segment: DaySegment) -> String {
        let start = ClockText.hoursAndMinutes(segment.startMinute)
        if segment.event.interval.isInstant { return start }
        let from = segment.continuesBefore ? "…" : start
        let to = segment.continuesAfter ? "…" : ClockText.hoursAndMinutes(segment.endMinute)
        return from + "–" + to
    }

    /// The title with a status mark, without the location a narrow cell has no room for.
    private static func title(_ event: CalendarEvent, _ language: Language) -> String {
        var text = event.title.isEmpty ? language.noTitle : event.title.replacingNewlines()
        switch event.status {
        case .cancelled: text = "✗ " + text
        case .tentative: text += "?"
        default: break
        }
        return text
    }

    private static func row(_ cells: [String]) -> String {
        cells.map { $0.fitted(to: cellWidth) }.joined(separator: "│").trimmingTrailingSpaces()
            + "\n"
    }

    private static func rule() -> String {
        Array(repeating: String(repeating: "─", count: cellWidth), count: 7)
            .joined(separator: "┼") + "\n"
    }

    private static func bars(_ layout: WeekLayout, language: Language) -> String {
        let stride = cellWidth + 1
        var canvas = TextCanvas(width: 7 * stride - 1, height: layout.lanes)
        for lane in 0..<layout.lanes {
            for day in 1..<7 {
                canvas.put("│", row: lane, column: day * stride - 1)
            }
        }
        for bar in layout.bars {
            let from = bar.firstDay * stride
            let to = (bar.lastDay + 1) * stride - 1
            canvas.fill("─", row: bar.lane, from: from, to: to)
            canvas.put(bar.continuesBefore ? "◀" : "[", row: bar.lane, column: from)
            canvas.put(bar.continuesAfter ? "▶" : "]", row: bar.lane, column: to - 1)
            canvas.put(
                title(bar.event, language), row: bar.lane, column: from + 1, limit: to - from - 2)
        }
        return canvas.text
    }
}
