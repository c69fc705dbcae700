internal import CLibical
import ChronoSketchSyntax

/// The VTIMEZONEs of libical's built-in zones (from the system's tz database), for the events
/// that conversions write with a TZID.
package enum LibicalTimezone {
    /// A VTIMEZONE for an IANA zone as iCalendar text, with `name` as its TZID; nil when
    /// libical does not know the zone.
    package static func vtimezone(named name: String) -> String? {
        _ = LibicalRuntime.prepared
        guard let zone = icaltimezone_get_builtin_timezone(name),
            let component = icaltimezone_get_component(zone),
            let copy = icalcomponent_new_clone(component)
        else { return nil }
        defer { icalcomponent_free(copy) }
        if let tzid = icalcomponent_get_first_property(copy, ICAL_TZID_PROPERTY) {
            icalproperty_set_tzid(tzid, name)
        }
        guard let text = icalcomponent_as_ical_string_r(copy) else { return nil }
        defer { icalmemory_free_buffer(text) }
        return String(cString: text)
    }

    /// The VTIMEZONE of ``vtimezone(named:)`` as a component; nil when libical does not know
    /// the zone.
    package static func component(named name: String) -> ICalComponent? {
        guard let text = vtimezone(named: name) else { return nil }
        return try? DocumentReader.read(text: text, name: name).components.first
    }
}
