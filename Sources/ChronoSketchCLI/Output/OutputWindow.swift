import ChronoSketchCore

/// The window a JSON report covers, written as its `"window"` member: where it starts, where
/// it ends (exclusive; null for an end left open), the zone its times are on and the day its
/// weeks start (null for a report that counts no weeks), so that a report says what it was
/// asked, whatever the locale or the clock.
struct OutputWindow {
    var from: String?
    var to: String?
    var zone: String
    var weekStart: Weekday?

    init(from: LocalDateTime?, to: LocalDateTime?, zone: String, weekStart: Weekday?) {
        self.from = from?.description
        self.to = to?.description
        self.zone = zone
        self.weekStart = weekStart
    }

    init(from: CivilDate?, to: CivilDate?, zone: String, weekStart: Weekday?) {
        self.from = from?.description
        self.to = to?.description
        self.zone = zone
        self.weekStart = weekStart
    }

    /// `"window":{"from":…,"to":…,"zone":…,"weekStart":"monday"}`.
    func write(into json: inout JSONWriter) {
        json.field("window") {
            $0.field("from", from)
            $0.field("to", to)
            $0.field("zone", zone)
            $0.field("weekStart", weekStart.map(LayoutJSON.weekdayName))
        }
    }
}
