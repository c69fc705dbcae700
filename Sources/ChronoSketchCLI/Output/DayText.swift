import ChronoSketchCore
import ChronoSketchLayout

/// A day as an hour column with overlapping events side by side.
///
/// ```
/// Tuesday 8 September 2026 · Times in Europe/Berlin
///
///   all day  Company holiday
///
///   09:00 │ ▌09:00–09:30 Stand-up
///         │
///   10:00 │ ▌10:00–11:30 Review           ▌
///         │ ▌                             ▌10:30–11:15 Interview
/// ```
/// Each row is half an hour; a block starts with its time and title and goes on down its
/// column while the event lasts. Columns share the width (``TextWidth``) as the layout's
/// `columns` say; `↑` marks an event that began the day before, `◆` an instant.
enum DayText {
    static let slotMinutes = 30
    private static let gutter = 10
    /// The narrowest a column gets; when more columns than fit would be needed, the last one
    /// that fits says `+N` and the rest are listed under the grid.
    static let narrowestColumn = 8

    static func format(_ layout: DayLayout, _ context: ViewContext) -> String {
        let language = context.language
        var text = TextLines.joined(
            [language.longDate(layout.date), language.timesIn(context.zone)],
            width: context.width)
        text += body(layout, width: context.width, language: language)
        return text
    }

    /// Everything below the heading: all-day events, then the grid.
    ///
    /// Segments sharing a half-hour row must not share a column, so the command lays the day
    /// out with at least ``slotMinutes`` as its minimum extent; whatever still meets another
    /// label (two instants in one row) or finds no column is counted with `+N` in its row and
    /// listed under the grid, so no event goes unseen.
    static func body(_ layout: DayLayout, width: Int, language: Language) -> String {
        var text = ""
        if layout.allDay.isEmpty && layout.segments.isEmpty {
            return "\n  " + language.noEvents + "\n"
        }
        if !layout.allDay.isEmpty {
            text += "\n"
            for event in layout.allDay {
                let line =
                    "  \(language.allDayLabel.fitted(to: 9)) "
                    + AgendaFormatter.describe(event, language)
                text += line.truncated(toWidth: width) + "\n"
            }
        }
        guard !layout.segments.isEmpty else { return text }
        let areaWidth = max(narrowestColumn, width - gutter)
        let first = (layout.segments.map(\.startMinute).min() ?? 0) / 60 * 60
        let last = layout.segments.map { max($0.endMinute, $0.startMinute + 1) }.max() ?? 1_440
        let end = min(1_440, (last + 59) / 60 * 60)
        let slots = (end - first) / slotMinutes
        var canvas = TextCanvas(width: gutter + areaWidth, height: slots)
        for slot in 0..<slots {
            let minute = first + slot * slotMinutes
            let label = minute % 60 == 0 ? ClockText.hoursAndMinutes(minute) : ""
            canvas.put("  " + label.fitted(to: 5) + " │", row: slot, column: 0)
        }
        var labelled: Set<[Int]> = []
        var unseen: [(row: Int, segment: DaySegment)] = []
        for segment in layout.segments {
            let shown = min(segment.columns, max(1, areaWidth / narrowestColumn))
            let columnWidth = areaWidth / shown
            let rows = occupiedSlots(segment, from: first, slots: slots)
            guard let top = rows.first else { continue }
            let place = [top, segment.column]
            guard segment.column < shown - 1 || segment.columns == shown,
                !labelled.contains(place)
            else {
                unseen.append((top, segment))
                continue
            }
            let column = gutter + segment.column * columnWidth
            for row in rows {
                canvas.put("▌", row: row, column: column)
            }
            labelled.insert(place)
            canvas.put(
                label(segment, language), row: top, column: column + 1, limit: columnWidth - 2)
        }
        // `+N` where a row has events it could not show.
        var counts: [Int: Int] = [:]
        for entry in unseen { counts[entry.row, default: 0] += 1 }
        for (row, count) in counts {
            let mark = "+\(count)"
            canvas.put(mark, row: row, column: gutter + areaWidth - mark.count)
        }
        text += "\n" + canvas.text
        if !unseen.isEmpty {
            text += "\n"
            for entry in unseen {
                text += ("  + " + label(entry.segment, language)).truncated(toWidth: width) + "\n"
            }
        }
        return text
    }

    /// The half-hour rows a segment covers; an instant marks the row it falls in.
    private static func occupiedSlots(_ segment: DaySegment, from first: Int, slots: Int)
        -> Range<Int>
    {
        let top = (segment.startMinute - first) / slotMinutes
        guard segment.endMinute > segment.startMinute else { return top..<min(top + 1, slots) }
        let bottom = (segment.endMinute - first + slotMinutes - 1) / slotMinutes
        return top..<min(bottom, slots)
    }

    private static func label(_ segment: DaySegment, _ language: Language) -> String {
        let marker = segment.event.interval.isInstant ? "◆ " : (segment.continuesBefore ? "↑ " : "")
        return marker + AgendaFormatter.timeLabel(segment.event.interval, language) + " "
            + AgendaFormatter.describe(segment.event, language)
    }
}
