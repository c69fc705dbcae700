import ChronoSketchCore
import Foundation

extension ICalWriter {
    /// A typed value in its RFC 5545 form (§3.3): TEXT escaped (``text(_:omitted:)``), dates
    /// and date-times in the basic form, a period as `start/end` or `start/duration`, a UTC
    /// offset as `±HHMM[SS]`, a recurrence rule by its parts, GEO as `latitude;longitude`,
    /// REQUEST-STATUS as its parts written as TEXT joined by `;`; URIs, BINARY and values of
    /// no known type as given. A NUL in TEXT is left out and added to `omitted`.
    public static func value(_ value: ICalValue, omitted: inout [Unicode.Scalar]) -> String {
        switch value {
        case .text(let text): self.text(text, omitted: &omitted)
        case .dateTime(let time): time.description
        case .period(let period): period.text
        case .duration(let duration): duration.description
        case .utcOffset(let seconds): utcOffset(seconds)
        case .integer(let number): String(number)
        case .recurrence(let rule): rule.text
        case .geo(let latitude, let longitude): float(latitude) + ";" + float(longitude)
        case .float(let number): float(number)
        case .time(let time):
            ASCIIDigits.padded(time.hour, 2) + ASCIIDigits.padded(time.minute, 2)
                + ASCIIDigits.padded(time.second, 2) + (time.isUTC ? "Z" : "")
        case .boolean(let flag): flag ? "TRUE" : "FALSE"
        case .requestStatus(let parts):
            parts.map { self.text($0, omitted: &omitted) }.joined(separator: ";")
        case .uri(let text), .binary(let text), .other(let text): text
        }
    }

    /// `text` as it reads back once written: without NUL, which no content line can hold
    /// (added to `omitted` once), and with each line break (CRLF or a lone CR) a line feed.
    static func asReadBack(_ text: String, omitted: inout [Unicode.Scalar]) -> String {
        guard ByteScan.contains(0, or: 0x0D, in: text) else { return text }
        var kept = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\0": if !omitted.contains(scalar) { omitted.append(scalar) }
            case "\n" where previous == "\r": continue
            case "\r": kept.append("\n")
            default: kept.append(scalar)
            }
        }
        return String(kept)
    }

    /// Values of one property, each by ``value(_:omitted:)``, joined by commas (§3.1.1).
    public static func values(_ values: [ICalValue], omitted: inout [Unicode.Scalar]) -> String {
        values.map { value($0, omitted: &omitted) }.joined(separator: ",")
    }

    /// The text of a property of no known type (an X- property without VALUE, RFC 7265 §5:
    /// unknown), for ``ICalValue/other(_:)``: readers that keep such text as written would
    /// show a `\,`, so only a backslash and a line break are escaped, which TEXT readers read
    /// back alike.
    public static func untypedText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\n", with: "\\n")
    }

    /// A UTC offset, `+0100`, `-0330`, `+053328` when it has seconds (§3.3.14); with a
    /// `separator` between hours, minutes and seconds (jCal's `+01:00`, RFC 7265 §3.6.14).
    public static func utcOffset(_ seconds: Int, separator: String = "") -> String {
        let magnitude = abs(seconds)
        var text =
            (seconds < 0 ? "-" : "+") + ASCIIDigits.padded(magnitude / 3600, 2) + separator
            + ASCIIDigits.padded(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += separator + ASCIIDigits.padded(magnitude % 60, 2) }
        return text
    }

    /// A FLOAT (§3.3.7): digits, a point and digits (`-168.0`), never an exponent; the fewest
    /// decimals that read back as the same number.
    static func float(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        let shortest = String(number)
        guard shortest.contains("e") else { return shortest }
        for decimals in 1...340 {
            let written = String(format: "%.\(decimals)f", number)
            if Double(written) == number { return written }
        }
        return String(format: "%.340f", number)
    }
}

extension ICalProperty {
    /// A property made from typed values, written by ``ICalWriter`` (escaping, quoting and the
    /// commas of a list its own): the way every property that is made rather than read is
    /// made. A NUL, which no content line can hold, is left out of TEXT and parameter values
    /// and added to `omitted`; other control characters are written as given (text from
    /// elsewhere is made ``ICalWriter/conforming(_:omitted:)`` first). The property keeps
    /// `values` as what it reads as: its text is never read again.
    public init(
        name: String, parameters givenParameters: [ICalParameter] = [],
        values givenValues: [ICalValue], line: Int = 1, omitted: inout [Unicode.Scalar]
    ) {
        let parameters = givenParameters.map {
            ICalParameter(
                name: $0.name,
                values: $0.values.map { ICalWriter.asReadBack($0, omitted: &omitted) })
        }
        let values = givenValues.map { (value: ICalValue) -> ICalValue in
            switch value {
            case .text(let text): .text(ICalWriter.asReadBack(text, omitted: &omitted))
            case .requestStatus(let parts):
                .requestStatus(parts.map { ICalWriter.asReadBack($0, omitted: &omitted) })
            default: value
            }
        }
        let (bytes, valueStart) = ICalWriter.contentLine(
            name: name, parameters: parameters,
            value: ICalWriter.values(values, omitted: &omitted))
        self.init(
            name: name, known: KnownProperty(name: name), parameters: parameters,
            contentLine: bytes, valueStart: valueStart, line: line, lineProblems: [],
            values: values)
    }

    /// ``init(name:parameters:values:line:omitted:)`` where nothing needs telling.
    public init(
        name: String, parameters: [ICalParameter] = [], values: [ICalValue], line: Int = 1
    ) {
        var omitted: [Unicode.Scalar] = []
        self.init(
            name: name, parameters: parameters, values: values, line: line, omitted: &omitted)
    }

    /// A property of one typed value.
    public init(name: String, parameters: [ICalParameter] = [], value: ICalValue, line: Int = 1) {
        self.init(name: name, parameters: parameters, values: [value], line: line)
    }

    /// A property of times as they were written (DTSTART, RECURRENCE-ID, RDATE, EXDATE), all
    /// of one kind: `VALUE=DATE` for dates, `TZID` for zoned times, `Z` for UTC, before any
    /// `parameters` given.
    public init(
        name: String, times: [OriginalTime], parameters: [ICalParameter] = [], line: Int = 1
    ) {
        self.init(
            name: name, parameters: Self.parameters(of: times.first) + parameters,
            values: times.map { .dateTime(ICalDateTime($0)) }, line: line)
    }

    /// A property of periods (RDATE, FREEBUSY), each starting at a time of the same kind.
    public init(
        name: String,
        periods: [(start: OriginalTime, end: OriginalTime?, duration: CalendarDuration?)],
        parameters: [ICalParameter] = [], line: Int = 1
    ) {
        let values = periods.map {
            ICalValue.period(
                ICalPeriod(
                    start: ICalDateTime($0.start), end: $0.end.map(ICalDateTime.init),
                    duration: $0.duration))
        }
        let type =
            KnownProperty(name: name)?.defaultType == .period
            ? [] : [ICalParameter(name: "VALUE", values: ["PERIOD"])]
        let zone = Self.parameters(of: periods.first?.start).filter { $0.name == "TZID" }
        self.init(name: name, parameters: type + zone + parameters, values: values, line: line)
    }

    /// The parameters a time of this kind is written with.
    private static func parameters(of time: OriginalTime?) -> [ICalParameter] {
        switch time {
        case .date: [ICalParameter(name: "VALUE", values: ["DATE"])]
        case .zoned(_, let tzid): [ICalParameter(name: "TZID", values: [tzid])]
        case .floating, .utc, nil: []
        }
    }
}

extension ICalDateTime {
    /// The value of a time as written, its zone aside.
    public init(_ time: OriginalTime) {
        switch time {
        case .date(let date): self = .date(date)
        case .floating(let local), .zoned(let local, _): self = .dateTime(local, isUTC: false)
        case .utc(let local): self = .dateTime(local, isUTC: true)
        }
    }
}
