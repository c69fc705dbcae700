import ChronoSketchCore
import ChronoSketchLayout

/// The JSON of `ics layout`: one object per view, fields in the documented order.
enum LayoutJSON {
    static func day(_ layout: DayLayout, window: OutputWindow) -> [UInt8] {
        document(window) { json in dayFields(layout, into: &json) }
    }

    static func week(_ layout: WeekLayout, window: OutputWindow) -> [UInt8] {
        document(window) { json in
            json.field("weekStart", layout.weekStart.description)
            json.field("weekStartsOn", weekdayName(layout.firstWeekday))
            json.field("isoYear", layout.isoYear)
            json.field("isoWeek", layout.isoWeek)
            json.field("lanes", layout.lanes)
            json.field("bars", objects: layout.bars) { json, bar in
                identity(bar.event, into: &json)
                json.field("firstDay", bar.firstDay)
                json.field("lastDay", bar.lastDay)
                json.field("lane", bar.lane)
                json.field("continuesBefore", bar.continuesBefore)
                json.field("continuesAfter", bar.continuesAfter)
                range(bar.event, into: &json)
            }
            json.field("days", objects: layout.days) { json, day in
                dayFields(day, into: &json)
            }
        }
    }

    static func month(_ layout: MonthLayout, window: OutputWindow) -> [UInt8] {
        document(window) { json in
            json.field("year", layout.year)
            json.field("month", layout.month)
            json.field("weekStartsOn", weekdayName(layout.firstWeekday))
            json.field("days", objects: layout.days) { json, day in
                json.field("date", day.date.description)
                json.field("inMonth", day.inMonth)
                json.field("count", day.count)
                json.field("events", strings: day.events.map(\.id))
            }
            json.field("agenda", objects: layout.agenda) { json, day in
                json.field("date", day.date.description)
                json.key("events")
                json.beginArray()
                for event in day.events { reference(event, into: &json) }
                json.endArray()
            }
        }
    }

    static func timeline(_ layout: TimelineLayout, window: OutputWindow) -> [UInt8] {
        document(window) { json in
            let window = layout.window
            json.field("start", LocalDateTime(startOf: window.start).description)
            json.field("days", window.days)
            json.field("scale", window.scale.rawValue)
            json.field("zoom", window.zoom.rawValue)
            json.key("columnMinutes")
            minutes(seconds: window.columnSeconds, into: &json)
            json.field("rowsBy", layout.rowKey.rawValue)
            json.field("groupBy", layout.groupKey?.rawValue)
            json.field("columns", objects: layout.columns) { json, column in
                json.field("start", column.start.description)
                json.key("offsetMinutes")
                minutes(seconds: column.offsetSeconds, into: &json)
            }
            json.field("periods", objects: layout.periods) { json, period in
                json.field("key", period.key)
                json.field("startMinute", period.startMinute)
                json.field("endMinute", period.endMinute)
            }
            json.field("rows", objects: layout.rows) { json, row in
                json.field("group", row.group)
                json.field("key", row.key)
                json.field("label", row.label)
                json.field("lanes", row.lanes)
                json.field("bars", objects: row.bars) { json, bar in
                    identity(bar.event, into: &json)
                    json.field("startMinute", bar.startMinute)
                    json.field("endMinute", bar.endMinute)
                    json.field("lane", bar.lane)
                    json.field("clippedStart", bar.clippedStart)
                    json.field("clippedEnd", bar.clippedEnd)
                    range(bar.event, into: &json)
                }
            }
        }
    }

    static func ranges(_ layout: RangeLayout, window: OutputWindow) -> [UInt8] {
        document(window) { json in
            json.field("period", layout.period.rawValue)
            json.field("boundary", ClockText.hoursAndMinutes(layout.boundaryMinute))
            json.field("boundaryMinute", layout.boundaryMinute)
            if layout.period == .week {
                json.field("weekStartsOn", weekdayName(layout.firstWeekday))
            }
            json.field("periods", objects: layout.periods) { json, period in
                json.field("date", period.date.description)
                json.field("ranges", objects: period.ranges) { json, entry in
                    identity(entry.event, into: &json)
                    json.field("startMinute", entry.startMinute)
                    json.field("endMinute", entry.endMinute)
                    range(entry.event, into: &json)
                }
            }
        }
    }

    static func heatmap(_ layout: HeatmapLayout, window: OutputWindow) -> [UInt8] {
        document(window) { json in
            json.field("from", layout.from.description)
            json.field("to", layout.to.description)
            json.field("weekStartsOn", weekdayName(layout.firstWeekday))
            json.field("maxBusyMinutes", layout.maximumBusyMinutes)
            json.key("weeks")
            json.beginArray()
            for week in layout.weeks {
                json.beginArray()
                for day in week {
                    json.beginObject()
                    json.field("date", day.date.description)
                    json.field("inRange", day.inRange)
                    json.field("busyMinutes", day.busyMinutes)
                    json.field("events", day.events)
                    json.endObject()
                }
                json.endArray()
            }
            json.endArray()
        }
    }

    // MARK: - Pieces

    private static func document(_ window: OutputWindow, _ body: (inout JSONWriter) -> Void)
        -> [UInt8]
    {
        var json = JSONWriter()
        json.beginObject()
        json.field("zone", window.zone)
        window.write(into: &json)
        body(&json)
        json.endObject()
        json.raw("\n")
        return json.bytes
    }

    private static func dayFields(_ layout: DayLayout, into json: inout JSONWriter) {
        json.field("date", layout.date.description)
        json.key("allDay")
        json.beginArray()
        for event in layout.allDay { reference(event, into: &json) }
        json.endArray()
        json.field("segments", objects: layout.segments) { json, segment in
            identity(segment.event, into: &json)
            json.field("startMinute", segment.startMinute)
            json.field("endMinute", segment.endMinute)
            json.field("column", segment.column)
            json.field("columns", segment.columns)
            json.field("continuesBefore", segment.continuesBefore)
            json.field("continuesAfter", segment.continuesAfter)
            range(segment.event, into: &json)
        }
    }

    /// `{"id", "uid", "title", "allDay", "start", "end", "status", "location"}`.
    private static func reference(_ event: CalendarEvent, into json: inout JSONWriter) {
        json.beginObject()
        identity(event, into: &json)
        json.field("allDay", event.interval.isAllDay)
        range(event, into: &json)
        json.endObject()
    }

    private static func identity(_ event: CalendarEvent, into json: inout JSONWriter) {
        json.field("id", event.id)
        json.field("uid", event.writtenUID)
        json.field("title", event.title)
    }

    /// The full interval the placement points back to, and what a view shows beside it.
    private static func range(_ event: CalendarEvent, into json: inout JSONWriter) {
        json.field("start", event.interval.startText)
        json.field("end", event.interval.endText)
        json.field("status", event.status?.rawValue)
        json.field("location", event.location)
    }

    /// Whole minutes as an integer, a fraction (a 7.5-minute column) as a decimal.
    private static func minutes(seconds: Int, into json: inout JSONWriter) {
        if seconds % 60 == 0 {
            json.number(seconds / 60)
        } else {
            json.number(Double(seconds) / 60)
        }
    }

    static func weekdayName(_ weekday: Weekday) -> String {
        Language.en.weekdayName(weekday).lowercased()
    }
}
