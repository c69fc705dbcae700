import ChronoSketchCore
import ChronoSketchSyntax

/// What one VCALENDAR provides to the events inside it.
package struct CalendarScope: Sendable {
    /// `X-WR-TIMEZONE`, the calendar-wide zone of Apple's and Google's exports.
    package var wrTimezone: String?
    /// `X-WR-CALNAME`, the calendar's name in Apple's, Google's and Outlook's exports.
    package var name: String?
    /// `METHOD`: an iTIP message (RFC 5546), where a VEVENT may lack DTSTART.
    var method: String?
    /// Embedded VTIMEZONEs by TZID.
    package var zones: [String: ICalComponent] = [:]
    /// Whether a VEVENT has been read in this calendar.
    var sawEvent = false

    package init(wrTimezone: String? = nil, zones: [String: ICalComponent] = [:]) {
        self.wrTimezone = wrTimezone
        self.zones = zones
    }
}
