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

    /// The UTC offsets libical reads at each of `instants` (UTC seconds) from a VTIMEZONE, as
    /// a libical-based client reads the zone a calendar defines; nil when libical cannot
    /// read it.
    package static func offsets(of vtimezone: ICalComponent, atUTC instants: [Int]) -> [Int]? {
        _ = LibicalRuntime.prepared
        var bytes: [UInt8] = []
        ICalWriter.append(vtimezone, to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let component = icalparser_parse_string(text) else { return nil }
        guard let zone = icaltimezone_new() else {
            icalcomponent_free(component)
            return nil
        }
        // The zone owns the component from here.
        defer { icaltimezone_free(zone, 1) }
        guard icaltimezone_set_component(zone, component) != 0 else { return nil }
        return instants.map { seconds in
            var time = icaltime_from_timet_with_zone(
                time_t(seconds), 0, icaltimezone_get_utc_timezone())
            var daylight: Int32 = 0
            return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &time, &daylight))
        }
    }
}
