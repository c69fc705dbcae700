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

    /// The class of an event's group: `event`, or `event cancelled`, which the style fades.
    static func className(_ event: CalendarEvent) -> String {
        event.status == .cancelled ? "event cancelled" : "event"
    }

    /// Draws `event` in the box, with as many of `lines` as fit (the first in bold), in the
    /// colour the context's palette gives it. A pointed end says the event goes on beyond the
    /// view that way: left or right across days, up or down past the hours shown.
    static func draw(
        _ event: CalendarEvent, in canvas: inout SVGCanvas, x: Double, y: Double, width: Double,
        height: Double, lines: [String], context: ViewContext, pointedLeft: Bool = false,
        pointedRight: Bool = false, pointedUp: Bool = false, pointedDown: Bool = false
    ) {
        let language = context.language
        let color = context.palette.color(event)
        canvas.beginEvent(
            id: event.id, title: tooltip(event, language), className: className(event))
        let tip = min(6, height / 2, width / 3)
        if pointedUp || pointedDown {
            let tipY = min(6, height / 2)
            let top =
                pointedUp
                ? [(x, y + tipY), (x + width / 2, y), (x + width, y + tipY)]
                : [(x, y), (x + width, y)]
            let bottom =
                pointedDown
                ? [
                    (x + width, y + height - tipY), (x + width / 2, y + height),
                    (x, y + height - tipY),
                ]
                : [(x + width, y + height), (x, y + height)]
            canvas.polygon(top + bottom, fill: color.fill)
        } else if pointedLeft || pointedRight {
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
        // Text keeps clear of a pointed top or bottom.
        let above = pointedUp ? min(6, height / 2) : 0
        let inner = height - above - (pointedDown ? min(6, height / 2) : 0)
        let visible = max(1, min(lines.count, Int((inner - 3) / lineHeight)))
        if room > 8, inner >= 10 {
            canvas.beginClip(x: x + inset, y: y + above, width: room, height: inner)
            let top = inner < lineHeight + 4 ? (inner + 9) / 2 : 12
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
