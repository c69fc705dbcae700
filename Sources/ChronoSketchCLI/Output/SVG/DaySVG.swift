import ChronoSketchCore
import ChronoSketchLayout

/// Hours down a column, for the day and the week: which hours show and where a minute sits.
struct SVGTimeGrid {
    static let pixelsPerMinute = 0.8
    /// The least height a block is drawn with; the layout is asked to collide segments as if
    /// they were this long, so drawn blocks never overlap.
    static let minimumBlockHeight = 18.0
    static var minimumMinutes: Int { Int((minimumBlockHeight / pixelsPerMinute).rounded(.up)) }

    let firstMinute: Int
    let lastMinute: Int
    let top: Double

    /// 08:00 to 18:00, widened to whole hours around every segment.
    init(segments: [DaySegment], top: Double) {
        let starts = segments.map(\.startMinute)
        let ends = segments.map { max($0.endMinute, $0.startMinute + Self.minimumMinutes) }
        firstMinute = min(8 * 60, (starts.min() ?? 1_440) / 60 * 60)
        lastMinute = min(1_440, max(18 * 60, ((ends.max() ?? 0) + 59) / 60 * 60))
        self.top = top
    }

    var height: Double { Double(lastMinute - firstMinute) * Self.pixelsPerMinute }

    func y(_ minute: Int) -> Double {
        top + Double(minute - firstMinute) * Self.pixelsPerMinute
    }

    /// Hour lines across `[left, right]` with their labels in the gutter left of `left`.
    func draw(in canvas: inout SVGCanvas, left: Double, right: Double) {
        for minute in stride(from: firstMinute, through: lastMinute, by: 60) {
            canvas.line(x1: left, y1: y(minute), x2: right, y2: y(minute), className: "grid")
            guard minute < lastMinute else { continue }
            canvas.text(
                ClockText.hoursAndMinutes(minute), x: left - 6, y: y(minute) + 4, size: 10,
                className: "muted", anchor: "end")
        }
    }

    /// The day's segments in a column of `width` from `left`, side by side as the layout's
    /// columns say.
    func drawSegments(
        _ day: DayLayout, in canvas: inout SVGCanvas, left: Double, width: Double,
        language: Language
    ) {
        for segment in day.segments {
            let columnWidth = width / Double(segment.columns)
            let x = left + Double(segment.column) * columnWidth + 1
            let top = y(segment.startMinute)
            let height =
                max(
                    Self.minimumBlockHeight,
                    Double(segment.endMinute - segment.startMinute) * Self.pixelsPerMinute) - 1
            let event = segment.event
            var lines = [SVGEventBlock.title(event, language)]
            lines.append(AgendaFormatter.timeLabel(event.interval, language))
            if let location = event.location, !location.isEmpty { lines.append(location) }
            if height < SVGEventBlock.lineHeight * 2 + 3 {
                lines = [lines[0] + " · " + lines[1]]
            }
            SVGEventBlock.draw(
                event, in: &canvas, x: x, y: top, width: columnWidth - 2, height: height,
                lines: lines, language: language)
        }
    }
}

/// A day as a picture: all-day events above an hour grid, overlapping events side by side.
enum DaySVG {
    static let width = 760.0
    static let gutter = 64.0

    static func render(
        _ day: DayLayout, zone: String, language: Language, now: Int? = nil
    ) -> SVGCanvas {
        let right = width - 16
        let allDayTop = 60.0
        let grid = SVGTimeGrid(
            segments: day.segments, top: allDayTop + Double(day.allDay.count) * 24 + 12)
        var canvas = SVGCanvas(width: width, height: grid.top + grid.height + 20)
        canvas.text(
            language.longDate(day.date), x: 16, y: 30, size: 18, className: "label", bold: true)
        canvas.text(
            language.timesIn(zone), x: right, y: 30, size: 11, className: "muted", anchor: "end")
        for (index, event) in day.allDay.enumerated() {
            SVGEventBlock.draw(
                event, in: &canvas, x: gutter, y: allDayTop + Double(index) * 24,
                width: right - gutter, height: 20,
                lines: [SVGEventBlock.title(event, language)], language: language,
                pointedLeft: event.interval.start.date < day.date,
                pointedRight: event.interval.end.date > (try? day.date.adding(days: 1)) ?? day.date)
        }
        if !day.allDay.isEmpty {
            canvas.text(
                language.allDayLabel, x: gutter - 6, y: allDayTop + 14, size: 10,
                className: "muted", anchor: "end")
        }
        grid.draw(in: &canvas, left: gutter, right: right)
        grid.drawSegments(day, in: &canvas, left: gutter, width: right - gutter, language: language)
        if let now, (grid.firstMinute...grid.lastMinute).contains(now) {
            canvas.line(
                x1: gutter - 4, y1: grid.y(now), x2: right, y2: grid.y(now), className: "now")
        }
        return canvas
    }
}
