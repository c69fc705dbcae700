/// The value types of RFC 5545 §3.3, by the names jCal gives them (RFC 7265 §3.6), with jCal's
/// `unknown` (§5) for a value whose type is not known: one table that reading, `.ics` writing
/// and jCal both ways go by.
public enum ValueType: String, Sendable, Hashable, CaseIterable {
    case binary, boolean, date, duration, float, integer, period, recur, text, time, uri
    case calAddress = "cal-address", dateTime = "date-time", utcOffset = "utc-offset"
    case unknown

    /// The type a VALUE parameter names (`DATE-TIME`, any case); nil for a name RFC 5545 does
    /// not define, and for UNKNOWN, which RFC 7265 §7.1 reserves for jCal.
    public init?(parameter: String) {
        guard let type = ValueType(rawValue: parameter.lowercased()), type != .unknown else {
            return nil
        }
        self = type
    }

    /// The VALUE parameter that names it (`DATE-TIME`).
    public var parameterName: String { rawValue.uppercased() }
}

extension KnownProperty {
    /// The value type of the property when it has no VALUE parameter (RFC 5545 §3.7, §3.8,
    /// RFC 7986, RFC 9073, RFC 9074, RFC 7808, RFC 7953, RFC 9253); `unknown` where none is
    /// defined.
    public var defaultType: ValueType {
        switch self {
        case .calscale, .method, .prodid, .version, .categories, .class, .comment, .description,
            .location, .resources, .status, .summary, .transp, .tzid, .tzname, .contact,
            .relatedTo, .uid, .action, .requestStatus, .name, .color, .locationType,
            .participantType, .resourceType, .tzidAliasOf, .busytype, .proximity, .refid:
            .text
        case .styledDescription, .structuredData: .unknown
        case .attach, .tzurl, .url, .source, .image, .conference, .link, .concept: .uri
        case .geo: .float
        case .percentComplete, .priority, .sequence, .repeat: .integer
        case .completed, .dtend, .due, .dtstart, .recurrenceID, .exdate, .rdate, .created,
            .dtstamp, .lastModified, .acknowledged, .tzuntil:
            .dateTime
        case .duration, .trigger, .refreshInterval: .duration
        case .freebusy: .period
        case .tzoffsetfrom, .tzoffsetto: .utcOffset
        case .attendee, .organizer, .calendarAddress: .calAddress
        case .rrule, .exrule: .recur
        }
    }

    /// Whether the value is a list of values separated by commas (RFC 5545 §3.1.1): CATEGORIES,
    /// RESOURCES, RDATE, EXDATE, FREEBUSY.
    var isList: Bool {
        switch self {
        case .categories, .resources, .rdate, .exdate, .freebusy: true
        default: false
        }
    }
}
