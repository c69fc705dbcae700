/// The properties of RFC 5545 (and RFC 2445's EXRULE), RFC 7986, RFC 9073, RFC 9074,
/// RFC 7808, RFC 7953 and RFC 9253, by name: what a property is, found once when its line is
/// read, so that reading its value and mapping it switch on a case, not on a string.
public enum KnownProperty: String, Sendable, Hashable, CaseIterable {
    // RFC 5545 §3.7, calendar properties.
    case calscale = "CALSCALE", method = "METHOD", prodid = "PRODID", version = "VERSION"
    // §3.8.1, descriptive.
    case attach = "ATTACH", categories = "CATEGORIES", `class` = "CLASS", comment = "COMMENT"
    case description = "DESCRIPTION", geo = "GEO", location = "LOCATION"
    case percentComplete = "PERCENT-COMPLETE", priority = "PRIORITY", resources = "RESOURCES"
    case status = "STATUS", summary = "SUMMARY"
    // §3.8.2, date and time.
    case completed = "COMPLETED", dtend = "DTEND", due = "DUE", dtstart = "DTSTART"
    case duration = "DURATION", freebusy = "FREEBUSY", transp = "TRANSP"
    // §3.8.3, time zones.
    case tzid = "TZID", tzname = "TZNAME", tzoffsetfrom = "TZOFFSETFROM"
    case tzoffsetto = "TZOFFSETTO", tzurl = "TZURL"
    // §3.8.4, relationships.
    case attendee = "ATTENDEE", contact = "CONTACT", organizer = "ORGANIZER"
    case recurrenceID = "RECURRENCE-ID", relatedTo = "RELATED-TO", url = "URL", uid = "UID"
    // §3.8.5, recurrence (EXRULE from RFC 2445).
    case exdate = "EXDATE", rdate = "RDATE", rrule = "RRULE", exrule = "EXRULE"
    // §3.8.6, alarms; §3.8.7, change management; §3.8.8.3.
    case action = "ACTION", `repeat` = "REPEAT", trigger = "TRIGGER", created = "CREATED"
    case dtstamp = "DTSTAMP", lastModified = "LAST-MODIFIED", sequence = "SEQUENCE"
    case requestStatus = "REQUEST-STATUS"
    // RFC 7986.
    case name = "NAME", refreshInterval = "REFRESH-INTERVAL", source = "SOURCE", color = "COLOR"
    case image = "IMAGE", conference = "CONFERENCE"
    // RFC 9073.
    case locationType = "LOCATION-TYPE", participantType = "PARTICIPANT-TYPE"
    case resourceType = "RESOURCE-TYPE", calendarAddress = "CALENDAR-ADDRESS"
    case styledDescription = "STYLED-DESCRIPTION", structuredData = "STRUCTURED-DATA"
    // RFC 9074, RFC 7808, RFC 7953, RFC 9253.
    case acknowledged = "ACKNOWLEDGED", proximity = "PROXIMITY"
    case tzidAliasOf = "TZID-ALIAS-OF", tzuntil = "TZUNTIL", busytype = "BUSYTYPE"
    case link = "LINK", concept = "CONCEPT", refid = "REFID"

    /// Every name, found from a line's bytes.
    static let names = NameTable(allCases.map { ($0.rawValue, $0) })

    /// The property an upper-cased name names; nil for X- and unknown names.
    package init?(name: String) {
        guard let known = Self.names.find(name)?.value else { return nil }
        self = known
    }
}
