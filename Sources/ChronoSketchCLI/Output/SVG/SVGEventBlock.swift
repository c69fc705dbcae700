import ChronoSketchCore

/// How one event is drawn: a coloured block (pointed at an end that goes on beyond the view),
/// its text lines clipped inside it, and a `<title>` with the whole event.
enum SVGEventBlock {
    static let lineHeight = 13.0

    /// `Design review` / `Tuesday 8 September 2026, 10:00–11:30` / `Room Turing`.
    static func tooltip(_ event: CalendarEvent, _ language: Language) -> String {
        var lines = [event.title.isEmpty ? language.noTitle : event.title]
        let date = language.longDate(event.interval.start.date)
        lines.append("\(date), \(AgendaFormatter.timeLabel(event.interval, language))")
        if case .allDay(let start, let end) = event.interval, start.days(to: end) > 1,
            let last = try? end.adding(days: -1)
        {
            lines[1] = "\(date) – \(language.longDate(last))"
        }
        if let location = event.location, !location.isEmpty { lines.append(location) }
        if let status = event.status, status != .confirmed {
            lines.append(status == .cancelled ? language.cancelledWord : language.tentativeWord)
        }
        return lines.joined(separator: "\n")
    }

    /// Draws `event` in the box, with as many of `lines` as fit (the first in bold).
    static func draw(
        _ event: CalendarEvent, in canvas: inout SVGCanvas, x: Double, y: Double, width: Double,
        height: Double, lines: [String], language: Language, pointedLeft: Bool = false,
        pointedRight: Bool = false
    ) {
        let color = EventColor(event)
        canvas.beginEvent(
            id: event.id, title: tooltip(event, language),
            className: event.status == .cancelled ? "event cancelled" : "event")
        let tip = min(6, height / 2, width / 3)
        if pointedLeft || pointedRight {
            let left =
                pointedLeft
                ? [(x + tip, y + height), (x, y + height / 2), (x + tip, y)]
                : [(x, y + height), (x, y)]
            let right =
                pointedRight
                ? [
                    (x + width - tip, y), (x + width, y + height / 2),
                    (x + width - tip, y + height),
                ]
                : [(x + width, y), (x + width, y + height)]
            canvas.polygon(left + right, fill: color.fill)
        } else {
            canvas.rect(
                x: x, y: y, width: width, height: height, radius: 3, fill: color.fill,
                stroke: event.interval.isInstant ? color.text : nil,
                dashed: event.status == .tentative || event.interval.isInstant)
        }
        let inset = (pointedLeft ? tip : 0) + 4
        let room = width - inset - (pointedRight ? tip : 0) - 3
        let visible = max(1, min(lines.count, Int((height - 3) / lineHeight)))
        if room > 8, height >= 10 {
            canvas.beginClip(x: x + inset, y: y, width: room, height: height)
            let top = height < lineHeight + 4 ? (height + 9) / 2 : 12
            for (index, line) in lines.prefix(visible).enumerated() {
                canvas.text(
                    line, x: 0, y: top + Double(index) * lineHeight, size: index == 0 ? 11 : 10,
                    fill: color.text, bold: index == 0, maxWidth: room)
            }
            canvas.endClip()
        }
        if event.status == .cancelled {
            canvas.line(
                x1: x + inset, y1: y + height / 2, x2: x + width - 4, y2: y + height / 2,
                className: "rule")
        }
        canvas.endGroup()
    }

    /// The title, or the placeholder for an event without one.
    static func title(_ event: CalendarEvent, _ language: Language) -> String {
        event.title.isEmpty ? language.noTitle : event.title
    }
}
