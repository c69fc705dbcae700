import ChronoSketchCore
import ChronoSketchLayout

/// Hours down a column, for the day and the week: which hours show and where a minute sits.
struct SVGTimeGrid {
    static let pixelsPerMinute = 0.8
    /// The least height a block is drawn with; the layout is asked to collide segments as if
    /// they were this long, so drawn blocks never overlap.
    static let minimumBlockHeight = 18.0
    static var minimumMinutes: Int { Int((minimumBlockHeight / pixelsPerMinute).rounded(.up)) }

    /// The height of the strip above or below the hours where events wholly outside them
    /// are drawn as short pointed blocks.
    static let stripHeight = 28.0

    let span: HourSpan
    /// Where the first hour line is: under the strip of earlier events when there is one.
    let top: Double
    /// Whether some segment lies wholly before or after the hours shown.
    let hasEarlier: Bool
    let hasLater: Bool

    /// The hours given, else those the segments have (``HourSpan/init(fitting:least:minimumMinutes:)``:
    /// at least 08:00 to 18:00, widened to whole hours around every segment's own ends).
    init(segments: [DaySegment], top: Double, hours: HourSpan? = nil) {
        let span = hours ?? HourSpan(fitting: segments, minimumMinutes: Self.minimumMinutes)
        self.span = span
        hasEarlier = segments.contains { Self.isBefore($0, span) }
        hasLater = segments.contains { $0.startMinute >= span.endMinute }
        self.top = top + (hasEarlier ? Self.stripHeight : 0)
    }

    private static func isBefore(_ segment: DaySegment, _ span: HourSpan) -> Bool {
        segment.endMinute > segment.startMinute
            ? segment.endMinute <= span.startMinute : segment.startMinute < span.startMinute
    }

    var firstMinute: Int { span.startMinute }
    var lastMinute: Int { span.endMinute }
    /// From the first hour line to the bottom, the strip of later events included.
    var height: Double {
        Double(lastMinute - firstMinute) * Self.pixelsPerMinute + (hasLater ? Self.stripHeight : 0)
    }

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
    /// columns say. A segment running past the hours shown is cut there with a pointed end;
    /// one wholly outside them is a short pointed block in the strip above or below the
    /// hours, so none is left out.
    func drawSegments(
        _ day: DayLayout, in canvas: inout SVGCanvas, left: Double, width: Double,
        context: ViewContext
    ) {
        // The strips hold their blocks side by side in start order, whatever their columns.
        let earlier = day.segments.filter { Self.isBefore($0, span) }
        let later = day.segments.filter { $0.startMinute >= lastMinute }
        for segment in day.segments {
            let start = segment.startMinute
            let end = max(segment.endMinute, start)
            let before = Self.isBefore(segment, span)
            let after = start >= lastMinute
            let strip = before ? earlier : after ? later : []
            let columns = strip.isEmpty ? segment.columns : strip.count
            let column = strip.firstIndex(of: segment) ?? segment.column
            let columnWidth = width / Double(columns)
            let x = left + Double(column) * columnWidth + 1
            let visibleStart = min(max(start, firstMinute), lastMinute)
            let visibleEnd = max(min(end, lastMinute), visibleStart)
            let cut = start < firstMinute || end > lastMinute
            var height =
                max(
                    Self.minimumBlockHeight + (cut ? 6 : 0),
                    Double(visibleEnd - visibleStart) * Self.pixelsPerMinute) - 1
            var blockTop = y(visibleStart)
            if before || after {
                height = Self.stripHeight - 4
                blockTop = before ? top - Self.stripHeight + 2 : y(lastMinute) + 2
            } else if blockTop + height > y(lastMinute) {
                blockTop = max(top, y(lastMinute) - height)
            }
            let event = segment.event
            var lines = [SVGEventBlock.title(event, context.language)]
            lines.append(AgendaFormatter.timeLabel(event.interval, context.language))
            if let location = event.location, !location.isEmpty { lines.append(location) }
            if height < SVGEventBlock.lineHeight * 2 + 3 {
                lines = [lines[0] + " · " + lines[1]]
            }
            SVGEventBlock.draw(
                event, in: &canvas, x: x, y: blockTop, width: columnWidth - 2, height: height,
                lines: lines, context: context, pointedUp: start < firstMinute,
                pointedDown: end > lastMinute || after)
        }
    }
}

/// A day as a picture: all-day events above an hour grid, overlapping events side by side,
/// the current-time line (`--now`) under the blocks, and the colour legend.
enum DaySVG {
    static let width = 760.0
    static let gutter = 64.0

    static func render(_ day: DayLayout, _ context: ViewContext) -> SVGCanvas {
        let language = context.language
        let right = width - 16
        let allDayTop = 60.0
        // The hours with events, and the current time when it is given.
        let fitted = HourSpan(fitting: day.segments, minimumMinutes: SVGTimeGrid.minimumMinutes)
        let grid = SVGTimeGrid(
            segments: day.segments, top: allDayTop + Double(day.allDay.count) * 24 + 12,
            hours: context.hours ?? context.now.map { fitted.including($0) } ?? fitted)
        var canvas = SVGCanvas(width: width, height: grid.top + grid.height + 20)
        canvas.text(
            language.longDate(day.date), x: 16, y: 30, size: 18, className: "label", bold: true)
        canvas.text(
            language.timesIn(context.zone), x: right, y: 30, size: 11, className: "muted",
            anchor: "end")
        for (index, event) in day.allDay.enumerated() {
            SVGEventBlock.draw(
                event, in: &canvas, x: gutter, y: allDayTop + Double(index) * 24,
                width: right - gutter, height: 20,
                lines: [SVGEventBlock.title(event, language)], context: context,
                pointedLeft: event.interval.start.date < day.date,
                pointedRight: event.interval.end.date > (try? day.date.adding(days: 1)) ?? day.date)
        }
        if !day.allDay.isEmpty {
            canvas.text(
                language.allDayLabel, x: gutter - 6, y: allDayTop + 14, size: 10,
                className: "muted", anchor: "end")
        }
        grid.draw(in: &canvas, left: gutter, right: right)
        // Under the blocks, so that it never crosses their text.
        if let now = context.now, (grid.firstMinute...grid.lastMinute).contains(now) {
            canvas.line(
                x1: gutter - 4, y1: grid.y(now), x2: right, y2: grid.y(now), className: "now")
        }
        grid.drawSegments(day, in: &canvas, left: gutter, width: right - gutter, context: context)
        SVGLegend.draw(context, in: &canvas)
        return canvas
    }
}
