internal import CLibical
import ChronoSketchCore

/// Builds new components with libical (events imported from JSON or CSV, VTIMEZONEs for the
/// zones they name) and returns libical's iCalendar text for them.
enum LibicalEventBuilder {
    /// A VEVENT for `draft`, stamped with `stamp` (UTC).
    static func vevent(_ draft: EventDraft, stamp: LocalDateTime) -> String {
        _ = LibicalRuntime.prepared
        guard let event = icalcomponent_new_vevent() else { return "" }
        defer { icalcomponent_free(event) }
        add(event, icalproperty_new_uid(draft.uid))
        add(event, icalproperty_new_dtstamp(time(.utc(stamp))))
        if let recurrence = draft.recurrenceId {
            add(event, zoned(icalproperty_new_recurrenceid(time(recurrence)), recurrence))
        }
        add(event, zoned(icalproperty_new_dtstart(time(draft.start)), draft.start))
        if let end = draft.end {
            add(event, zoned(icalproperty_new_dtend(time(end)), end))
        }
        add(event, icalproperty_new_summary(clean(draft.title)))
        if let location = draft.location { add(event, icalproperty_new_location(clean(location))) }
        if let description = draft.description {
            add(event, icalproperty_new_description(clean(description)))
        }
        if let status = draft.status {
            let value: icalproperty_status =
                switch status {
                case .tentative: ICAL_STATUS_TENTATIVE
                case .confirmed: ICAL_STATUS_CONFIRMED
                case .cancelled: ICAL_STATUS_CANCELLED
                }
            add(event, icalproperty_new_status(value))
        }
        if draft.transparency == .transparent {
            add(event, icalproperty_new_transp(ICAL_TRANSP_TRANSPARENT))
        }
        for category in draft.categories {
            add(event, icalproperty_new_categories(clean(category)))
        }
        for resource in draft.resources { add(event, icalproperty_new_resources(clean(resource))) }
        if let organizer = draft.organizer {
            add(event, participant(icalproperty_new_organizer(address(organizer)), organizer))
        }
        for attendee in draft.attendees {
            add(event, participant(icalproperty_new_attendee(address(attendee)), attendee))
        }
        if let url = draft.url { add(event, icalproperty_new_url(clean(url))) }
        if let color = draft.color { add(event, icalproperty_new_color(clean(color))) }
        if draft.sequence != 0 {
            add(event, icalproperty_new_sequence(Int32(clamping: draft.sequence)))
        }
        return text(event)
    }

    /// A VTIMEZONE for an IANA zone, built by libical from the system's tz database, with
    /// `name` as its TZID; nil when libical does not know the zone.
    static func vtimezone(named name: String) -> String? {
        _ = LibicalRuntime.prepared
        guard let zone = icaltimezone_get_builtin_timezone(name),
            let component = icaltimezone_get_component(zone),
            let copy = icalcomponent_new_clone(component)
        else { return nil }
        defer { icalcomponent_free(copy) }
        if let tzid = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) {
            icalproperty_set_tzid(tzid, name)
        }
        return text(copy)
    }

    private static func add(_ component: OpaquePointer, _ property: OpaquePointer?) {
        if let property { icalcomponent_add_property(component, property) }
    }

    private static func text(_ component: OpaquePointer) -> String {
        guard let text = icalcomponent_as_ical_string_r(component) else { return "" }
        defer { icalmemory_free_buffer(text) }
        return String(cString: text)
    }

    /// Adds the TZID parameter of a zoned time.
    private static func zoned(_ property: OpaquePointer?, _ value: DraftTime) -> OpaquePointer? {
        if let property, case .zoned(_, let tzid) = value {
            icalproperty_add_parameter(property, icalparameter_new_tzid(tzid))
        }
        return property
    }

    private static func participant(_ property: OpaquePointer?, _ participant: Participant)
        -> OpaquePointer?
    {
        guard let property else { return nil }
        if let name = participant.name {
            icalproperty_add_parameter(property, icalparameter_new_cn(clean(name)))
        }
        if let role = participant.role,
            let parameter = icalparameter_new_from_value_string(ICAL_ROLE_PARAMETER, role)
        {
            icalproperty_add_parameter(property, parameter)
        }
        if let status = participant.status,
            let parameter = icalparameter_new_from_value_string(ICAL_PARTSTAT_PARAMETER, status)
        {
            icalproperty_add_parameter(property, parameter)
        }
        return property
    }

    private static func address(_ participant: Participant) -> String {
        participant.address.contains(":") ? participant.address : "mailto:" + participant.address
    }

    /// Text without NUL characters, which C strings cannot carry.
    private static func clean(_ text: String) -> String {
        text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "") : text
    }

    private static func time(_ value: DraftTime) -> icaltimetype {
        var time = icaltime_null_time()
        let wallClock: LocalDateTime
        switch value {
        case .date(let date):
            time.year = Int32(date.year)
            time.month = Int32(date.month)
            time.day = Int32(date.day)
            time.is_date = 1
            return time
        case .floating(let local), .zoned(let local, _):
            wallClock = local
        case .utc(let local):
            wallClock = local
            time.zone = icaltimezone_get_utc_timezone()
        }
        time.year = Int32(wallClock.date.year)
        time.month = Int32(wallClock.date.month)
        time.day = Int32(wallClock.date.day)
        time.hour = Int32(wallClock.hour)
        time.minute = Int32(wallClock.minute)
        time.second = Int32(wallClock.second)
        return time
    }
}
