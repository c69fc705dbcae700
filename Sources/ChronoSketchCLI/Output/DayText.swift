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
/// column while the event lasts. Columns share the width as the layout's `columns` say; `↑`
/// marks an event that began the day before, `◆` an instant.
enum DayText {
    static let slotMinutes = 30
    static let areaWidth = 72
    private static let gutter = 10

    static func format(_ layout: DayLayout, zone: String, language: Language) -> String {
        var text = "\(language.longDate(layout.date)) · \(language.timesIn(zone))\n"
        text += body(layout, language: language)
        return text
    }

    /// Everything below the heading: all-day events, then the grid.
    static func body(_ layout: DayLayout, language: Language) -> String {
        var text = ""
        if layout.allDay.isEmpty && layout.segments.isEmpty {
            return "\n  " + language.noEvents + "\n"
        }
        if !layout.allDay.isEmpty {
            text += "\n"
            for event in layout.allDay {
                text += "  \(language.allDayLabel.fitted(to: 8)) "
                text += AgendaFormatter.describe(event, language) + "\n"
            }
        }
        guard !layout.segments.isEmpty else { return text }
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
        for segment in layout.segments {
            let width = areaWidth / segment.columns
            let column = gutter + segment.column * width
            let rows = occupiedSlots(segment, from: first, slots: slots)
            for row in rows {
                canvas.put("▌", row: row, column: column)
            }
            guard let top = rows.first else { continue }
            canvas.put(label(segment, language), row: top, column: column + 1, limit: width - 2)
        }
        return text + "\n" + canvas.text
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
