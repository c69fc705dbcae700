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
/// tentative one (before the title, so that a cut title keeps its mark), and a legend line under the grid names the marks that appear. Seven cells
/// and their separators fit the width (``TextWidth``), so `│` stands in the same display
/// column on every row.
enum WeekText {
    /// The widest a day cell grows on a wide terminal.
    static let widestCell = 24

    /// The columns of a day cell when seven of them and their six separators fit `width`.
    static func cellWidth(_ width: Int) -> Int {
        min(widestCell, max(1, (width - 6) / 7))
    }

    static func format(_ layout: WeekLayout, _ context: ViewContext) -> String {
        let language = context.language
        let cellWidth = cellWidth(context.width)
        let last = layout.days.last?.date ?? layout.weekStart
        var text = TextLines.joined(
            [
                language.weekHeading(layout.isoWeek, year: layout.isoYear),
                "\(language.longDate(layout.weekStart)) – \(language.longDate(last))",
                language.timesIn(context.zone),
            ], width: context.width)
        text += "\n"
        text += row(layout.days.map { language.shortDate($0.date) }, cellWidth)
        text += rule(cellWidth)
        if layout.lanes > 0 {
            text += bars(layout, cellWidth: cellWidth, language: language)
            text += rule(cellWidth)
        }
        let columns = layout.days.map { day in
            day.segments.flatMap { segment in
                [segmentTime(segment, width: cellWidth), title(segment.event, language), ""]
            }
        }
        let height = max(0, (columns.map(\.count).max() ?? 0) - 1)
        for line in 0..<height {
            text += row(columns.map { line < $0.count ? $0[line] : "" }, cellWidth)
        }
        if layout.lanes == 0 && height == 0 { text += "\n" + language.noEvents + "\n" }
        let legend = markerLegend(layout, language)
        if !legend.isEmpty { text += "\n" + TextLines.joined(legend, width: context.width) }
        return text
    }

    /// The segment's own times on its day: `09:00–10:30`, `23:00–…`, `…–01:30`, or `17:00`
    /// for an instant; in a cell narrower than that, only the start (`…01:30` for a segment
    /// that began the day before).
    static func segmentTime(_ segment: DaySegment, width: Int = .max) -> String {
        let start = ClockText.hoursAndMinutes(segment.startMinute)
        if segment.event.interval.isInstant { return start }
        let from = segment.continuesBefore ? "…" : start
        let to = segment.continuesAfter ? "…" : ClockText.hoursAndMinutes(segment.endMinute)
        let full = from + "–" + to
        if full.displayWidth <= width { return full }
        if segment.continuesBefore { return "…" + ClockText.hoursAndMinutes(segment.endMinute) }
        return start + (segment.continuesAfter ? "…" : "")
    }

    /// The title with a status mark, without the location a narrow cell has no room for.
    private static func title(_ event: CalendarEvent, _ language: Language) -> String {
        var text = event.title.isEmpty ? language.noTitle : event.title.replacingNewlines()
        switch event.status {
        case .cancelled: text = "✗ " + text
        case .tentative: text = "? " + text
        default: break
        }
        return text
    }

    /// What each mark that appears in the week means: `✗ cancelled`, `? tentative`, `◀ ▶`
    /// for a bar going on into another week, `…` for a time on another day.
    static func markerLegend(_ layout: WeekLayout, _ language: Language) -> [String] {
        let events = layout.bars.map(\.event) + layout.days.flatMap { $0.segments.map(\.event) }
        var legend: [String] = []
        if events.contains(where: { $0.status == .cancelled }) {
            legend.append("✗ " + language.cancelledWord)
        }
        if events.contains(where: { $0.status == .tentative }) {
            legend.append("? " + language.tentativeWord)
        }
        if layout.bars.contains(where: { $0.continuesBefore || $0.continuesAfter }) {
            legend.append("◀ ▶ " + language.continuesIntoOtherWeek)
        }
        if layout.days.contains(where: {
            $0.segments.contains { $0.continuesBefore || $0.continuesAfter }
        }) {
            legend.append("… " + language.continuesOnOtherDay)
        }
        return legend
    }

    private static func row(_ cells: [String], _ cellWidth: Int) -> String {
        cells.map { $0.fitted(to: cellWidth) }.joined(separator: "│").trimmingTrailingSpaces()
            + "\n"
    }

    private static func rule(_ cellWidth: Int) -> String {
        Array(repeating: String(repeating: "─", count: cellWidth), count: 7)
            .joined(separator: "┼") + "\n"
    }

    private static func bars(_ layout: WeekLayout, cellWidth: Int, language: Language) -> String {
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
