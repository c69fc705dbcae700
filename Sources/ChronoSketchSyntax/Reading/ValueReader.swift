import ChronoSketchCore
import Synchronization

/// The values of a property and what went wrong reading them.
public struct ValueReading: Sendable, Hashable {
    /// Every value, in order; empty when ``error`` is set.
    public var values: [ICalValue]
    /// Why the value could not be read, quoting it.
    public var error: Problem?
    /// What was assumed while reading it (a VALUE type that does not fit the value).
    public var warnings: [Problem]

    /// The warnings, then the error.
    public var problems: [Problem] { warnings + (error.map { [$0] } ?? []) }

    /// Whether reading found anything to say.
    var hasProblems: Bool { error != nil || !warnings.isEmpty }
}

/// Reads property values by their type (RFC 5545 §3.3), from the text as written: the only
/// place values are interpreted, once per property (``ICalProperty/reading``).
///
/// DATE, DATE-TIME, PERIOD, DURATION, UTC-OFFSET and RECUR are range-checked here; libical is
/// only ever given a RECUR this has read (for its iterator), so nothing it would read out of
/// bounds (`99999999T250000`) or loop on reaches it.
public enum ValueReader {
    /// How a property's value is read: its type (``ValueType``) and the shape RFC 5545 gives
    /// the property.
    package enum Kind: Sendable, Equatable {
        case single(ValueType)
        /// Values separated by commas (RFC 5545 §3.1.1).
        case list(ValueType)
        /// RDATE without VALUE: dates, date-times and periods, told by their form.
        case dateTimeOrPeriodList
        /// TRIGGER without VALUE: a duration, or (written without its VALUE=DATE-TIME) a
        /// date-time.
        case durationOrDateTime
        /// GEO: two FLOATs separated by a semicolon (§3.8.1.6).
        case geo
        /// REQUEST-STATUS: TEXTs separated by semicolons (§3.8.8.3).
        case requestStatus
        /// No known type: the text as written.
        case unknown

        /// The type the values have, as jCal names it.
        package var type: ValueType {
            switch self {
            case .single(let type), .list(let type): type
            case .dateTimeOrPeriodList: .dateTime
            case .durationOrDateTime: .duration
            case .geo: .float
            case .requestStatus: .text
            case .unknown: .unknown
            }
        }
    }

    /// The kind of a property without a VALUE parameter; nil for a property of no known
    /// type. Non-standard (`X-`) properties are read as TEXT (RFC 5545 §3.8.8.2).
    static func defaultKind(of property: ICalProperty) -> Kind? {
        guard let known = property.known else {
            return property.name.hasPrefix("X-") ? .single(.text) : nil
        }
        switch known {
        case .geo: return .geo
        case .requestStatus: return .requestStatus
        case .rdate: return .dateTimeOrPeriodList
        case .trigger: return .durationOrDateTime
        default:
            let type = known.defaultType
            if type == .unknown { return .unknown }
            return known.isList ? .list(type) : .single(type)
        }
    }

    /// The kind a property is read as: the VALUE parameter's type where it names one (a list
    /// property stays a list, and an X- property may be one), else the default.
    package static func kind(of property: ICalProperty) -> Kind {
        guard let declared = property.declaredType else {
            return defaultKind(of: property) ?? .unknown
        }
        guard let type = ValueType(parameter: declared) else { return .unknown }
        guard let known = property.known else {
            // An X- property's value of a type RFC 5545 lets repeat is read as a list.
            switch type {
            case .date, .dateTime, .period, .float, .integer, .time, .utcOffset, .duration:
                return .list(type)
            default:
                return .single(type)
            }
        }
        if known.isList { return .list(type) }
        if known == .geo, type == .float { return .geo }
        if known == .requestStatus, type == .text { return .requestStatus }
        return .single(type)
    }

    // The counts of reads are kept by debug builds alone (the tests'): a release build reads
    // each value without them.
    #if DEBUG
        /// How many properties have had their values read in this process.
        static let readCount = Atomic<Int>(0)

        /// How often the values of each line were read, by line number, once
        /// ``countReadsByLine()`` has been called: nil until then.
        static let readsByLine = Mutex<[Int: Int]?>(nil)
        /// Whether ``readsByLine`` counts: asked without a lock on every read.
        static let countsByLine = Atomic<Bool>(false)

        /// How many properties have had their values read in this process.
        public static var valuesRead: Int { readCount.load(ordering: .relaxed) }

        /// Starts counting reads line by line (``mostReadsOfOneLine``), which lets a test of a
        /// single input see that no line's values are read twice.
        public static func countReadsByLine() {
            readsByLine.withLock { $0 = $0 ?? [:] }
            countsByLine.store(true, ordering: .relaxed)
        }

        /// The most times the values of one line were read since ``countReadsByLine()``.
        public static var mostReadsOfOneLine: Int {
            readsByLine.withLock { $0?.values.max() ?? 0 }
        }
    #endif

    /// The values `text` holds as the value of a property `name` with `parameters`: how a
    /// value given in its RFC 5545 form (on a command line) becomes typed values.
    public static func read(_ text: String, of name: String, parameters: [ICalParameter] = [])
        -> ValueReading
    {
        read(ICalProperty(name: name, parameters: parameters, rawValue: text, line: 1))
    }

    /// Whether `values` are what reading a property of `kind` gives, value for value in
    /// kind, with nothing to warn of (a period of dates is read with a warning): then a
    /// property made of them need not read its written text again.
    package static func fits(_ values: [ICalValue], _ kind: Kind) -> Bool {
        func fits(_ value: ICalValue, _ type: ValueType) -> Bool {
            switch (type, value) {
            case (.period, .period(let period)):
                !period.start.isDate && period.end?.isDate != true
            case (.text, .text), (.date, .dateTime(.date)), (.dateTime, .dateTime(.dateTime)),
                (.duration, .duration), (.utcOffset, .utcOffset),
                (.integer, .integer), (.float, .float), (.time, .time), (.boolean, .boolean),
                (.recur, .recurrence), (.uri, .uri), (.calAddress, .uri), (.binary, .binary):
                true
            default: false
            }
        }
        switch kind {
        case .single(let type): return values.count == 1 && fits(values[0], type)
        case .list(let type): return !values.isEmpty && values.allSatisfy { fits($0, type) }
        case .dateTimeOrPeriodList:
            return !values.isEmpty
                && values.allSatisfy { fits($0, .dateTime) || fits($0, .date) || fits($0, .period) }
        case .durationOrDateTime:
            return values.count == 1 && (fits(values[0], .duration) || fits(values[0], .dateTime))
        case .geo:
            if values.count == 1, case .geo = values[0] { return true }
            return false
        case .requestStatus:
            if values.count == 1, case .requestStatus = values[0] { return true }
            return false
        case .unknown: return false
        }
    }

    static func read(_ property: ICalProperty) -> ValueReading {
        #if DEBUG
            readCount.add(1, ordering: .relaxed)
            if countsByLine.load(ordering: .relaxed) {
                readsByLine.withLock { $0?[property.line, default: 0] += 1 }
            }
        #endif
        guard property.isProperty else {
            return ValueReading(
                values: [], error: LineProblems.unread, warnings: [])
        }
        let raw = property.rawValueBytes
        var warnings: [Problem] = []
        do throws(ValueError) {
            let kind = kind(of: property)
            let values = try read(raw, as: kind)
            if kind == .durationOrDateTime, case .dateTime? = values.first {
                warnings.append(
                    Problem(
                        .valueTypeMismatch,
                        "\(property.name) is a date-time without VALUE=DATE-TIME ('\(String(decoding: raw.trimmingBlanks, as: UTF8.self))')",
                        assumption: "read as written"))
            }
            if let period = values.lazy.compactMap(\.period).first(where: {
                $0.start.isDate || $0.end?.isDate == true
            }) {
                warnings.append(
                    Problem(
                        .periodOfDates,
                        "\(property.name) has a period of dates ('\(period.text)'), where RFC 5545 §3.3.9 needs date-times",
                        assumption: "read as the days it names"))
            }
            if let declared = property.declaredType?.uppercased(),
                declared == "DATE" || declared == "DATE-TIME",
                let mismatch = values.first(where: { $0.isDate != (declared == "DATE") })
            {
                warnings.append(
                    Problem(
                        .valueTypeMismatch,
                        "VALUE=\(declared) but \(property.name) is \(mismatch.isDate == true ? "a date" : "a date-time") ('\(String(decoding: raw.trimmingBlanks, as: UTF8.self))')",
                        assumption: "read as written"))
            }
            return ValueReading(values: values, error: nil, warnings: warnings)
        } catch {
            if let repaired = repairedRule(property) { return repaired }
            return ValueReading(
                values: [], error: Problem(.invalidValue, "\(error.message) in \(property.name)"),
                warnings: [])
        }
    }

    /// An RRULE or EXRULE that does not read but does once what its producer slipped on is
    /// repaired (``RecurrenceRule/repairing(_:)``), and the repair said.
    private static func repairedRule(_ property: ICalProperty) -> ValueReading? {
        guard property.known == .rrule || property.known == .exrule,
            let (rule, repairs) = RecurrenceRule.repairing(property.rawValue)
        else { return nil }
        return ValueReading(
            values: [.recurrence(rule)], error: nil,
            warnings: [
                Problem(
                    .repairedRule,
                    "\(property.name) '\(property.rawValue)' \(repairs.joined(separator: " and "))",
                    assumption:
                        "repaired: read as \(rule.parts.map { "\($0.name)=\($0.value)" }.joined(separator: ";"))"
                )
            ])
    }

    /// Why a value could not be read.
    struct ValueError: Error {
        let message: String
    }

    private static let comma = UInt8(ascii: ",")
    private static let slash = UInt8(ascii: "/")

    private static func read(_ raw: ArraySlice<UInt8>, as kind: Kind) throws(ValueError)
        -> [ICalValue]
    {
        switch kind {
        case .single(.text):
            return [.text(TextValue.unescape(raw))]
        case .list(.text):
            return TextValue.list(raw).map(ICalValue.text)
        case .single(let type):
            return [try item(raw.trimmingBlanks, as: type, whole: raw)]
        case .list(let type):
            return try items(raw).map { item throws(ValueError) in
                try self.item(item, as: type, whole: item)
            }
        case .dateTimeOrPeriodList:
            return try items(raw).map { item throws(ValueError) in
                item.contains(slash) ? .period(try period(item)) : .dateTime(try dateTime(item))
            }
        case .durationOrDateTime:
            let item = raw.trimmingBlanks
            return [
                isDuration(item) ? .duration(try duration(item)) : .dateTime(try dateTime(item))
            ]
        case .geo:
            let parts = raw.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard parts.count == 2, let latitude = float(parts[0]), let longitude = float(parts[1])
            else {
                throw ValueError(
                    message:
                        "Invalid position '\(String(decoding: raw, as: UTF8.self))': expected latitude;longitude"
                )
            }
            return [.geo(latitude: latitude, longitude: longitude)]
        case .requestStatus:
            return [.requestStatus(TextValue.list(raw, separator: UInt8(ascii: ";")))]
        case .unknown:
            return [.other(String(decoding: raw, as: UTF8.self))]
        }
    }

    /// One value of `type` from its RFC 5545 form (no TEXT escapes), as a property of that type
    /// reads it; nil when it does not read so. For values that come typed from elsewhere (jCal),
    /// without a content line around them.
    package static func value(_ text: String, as type: ValueType) -> ICalValue? {
        let bytes = ArraySlice(text.utf8)
        return try? item(bytes.trimmingBlanks, as: type, whole: bytes)
    }

    /// One value of a type other than TEXT; `whole` is the text as written, for values kept
    /// as they are (a URI, BINARY).
    private static func item(
        _ item: ArraySlice<UInt8>, as type: ValueType, whole: ArraySlice<UInt8>
    ) throws(ValueError) -> ICalValue {
        func text() -> String { String(decoding: item, as: UTF8.self) }
        switch type {
        case .text: return .text(TextValue.unescape(whole))
        case .date, .dateTime: return .dateTime(try dateTime(item))
        case .period: return .period(try period(item))
        case .duration: return .duration(try duration(item))
        case .utcOffset:
            do {
                return .utcOffset(try ICalDateTimeText.utcOffset(item))
            } catch {
                throw ValueError(message: error.description)
            }
        case .integer:
            guard let number = Int(text()), let _ = Int32(exactly: number) else {
                throw ValueError(message: "Invalid integer '\(text())'")
            }
            return .integer(number)
        case .float:
            guard let number = float(item) else {
                throw ValueError(message: "Invalid float '\(text())'")
            }
            return .float(number)
        case .time: return .time(try time(item))
        case .boolean:
            switch text().uppercased() {
            case "TRUE": return .boolean(true)
            case "FALSE": return .boolean(false)
            default:
                throw ValueError(message: "Invalid boolean '\(text())': expected TRUE or FALSE")
            }
        case .recur:
            do {
                return .recurrence(try RecurrenceRule(parsing: item))
            } catch {
                throw ValueError(message: error.description)
            }
        case .uri, .calAddress: return .uri(String(decoding: whole, as: UTF8.self))
        case .binary: return .binary(String(decoding: whole, as: UTF8.self))
        case .unknown: return .other(String(decoding: whole, as: UTF8.self))
        }
    }

    /// A TIME (RFC 5545 §3.3.12): `HHMMSS`, with `Z` for UTC; a second of 60 is a leap one.
    private static func time(_ item: ArraySlice<UInt8>) throws(ValueError) -> ICalTime {
        let text = String(decoding: item, as: UTF8.self)
        let utc = item.last == UInt8(ascii: "Z")
        let digits = utc ? item.dropLast() : item
        guard digits.count == 6, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw ValueError(message: "Invalid time '\(text)': expected HHMMSS or HHMMSSZ")
        }
        let values = stride(from: digits.startIndex, to: digits.endIndex, by: 2).map {
            Int(digits[$0] - 0x30) * 10 + Int(digits[$0 + 1] - 0x30)
        }
        guard values[0] < 24, values[1] < 60, values[2] <= 60 else {
            throw ValueError(message: "Invalid time '\(text)': hour, minute or second out of range")
        }
        return ICalTime(hour: values[0], minute: values[1], second: values[2], isUTC: utc)
    }

    /// A FLOAT (RFC 5545 §3.3.7): an optional sign, digits, and optionally `.` and digits.
    private static func float(_ text: ArraySlice<UInt8>) -> Double? {
        let text = text.trimmingBlanks
        var digits =
            text.first == UInt8(ascii: "+") || text.first == UInt8(ascii: "-")
            ? text.dropFirst() : text
        if let dot = digits.firstIndex(of: UInt8(ascii: ".")) {
            guard digits[(dot + 1)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                dot + 1 < digits.endIndex
            else { return nil }
            digits = digits[..<dot]
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The comma-separated items of a list, each without blanks around it.
    private static func items(_ raw: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        raw.split(separator: comma, omittingEmptySubsequences: false).map(\.trimmingBlanks)
    }

    private static func dateTime(_ item: ArraySlice<UInt8>) throws(ValueError) -> ICalDateTime {
        do {
            return try ICalDateTimeText.parse(item)
        } catch {
            throw ValueError(message: error.description)
        }
    }

    private static func isDuration(_ item: ArraySlice<UInt8>) -> Bool {
        guard let first = item.first else { return false }
        return first == UInt8(ascii: "P") || first == UInt8(ascii: "-")
            || first == UInt8(ascii: "+")
    }

    private static func duration(_ item: ArraySlice<UInt8>) throws(ValueError) -> CalendarDuration {
        do {
            return try CalendarDuration(rfc5545: String(decoding: item, as: UTF8.self))
        } catch {
            throw ValueError(message: error.description)
        }
    }

    private static func period(_ item: ArraySlice<UInt8>) throws(ValueError) -> ICalPeriod {
        let parts = item.split(separator: slash, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ValueError(
                message:
                    "Invalid period '\(String(decoding: item, as: UTF8.self))': expected start/end")
        }
        let start = try dateTime(parts[0])
        if isDuration(parts[1]) {
            return ICalPeriod(start: start, end: nil, duration: try duration(parts[1]))
        }
        return ICalPeriod(start: start, end: try dateTime(parts[1]), duration: nil)
    }
}

extension ICalValue {
    /// The period, when the value is one.
    var period: ICalPeriod? {
        if case .period(let period) = self { return period }
        return nil
    }

    /// Whether the value is a DATE; nil for values that are not dates or date-times.
    var isDate: Bool? {
        switch self {
        case .dateTime(let value): value.isDate
        case .period(let period): period.start.isDate
        default: nil
        }
    }
}

extension ValueReader {
    /// A DTSTART whose value, read by its type, is no date or date-time (`text` as written).
    package static func notATime(_ text: String) -> Problem {
        Problem(.invalidValue, "DTSTART '\(text)' is not a date or a date-time")
    }

    /// A value that reads but cannot be placed: a date past the calendar's years once a
    /// duration or an offset is added (`error` says which).
    package static func unplaceable(_ error: any Error) -> Problem {
        Problem(.invalidValue, "\(error)")
    }

    /// An instance of series `uid` at `start` that cannot be placed.
    package static func unplaceable(instance start: String, of uid: String, _ error: any Error)
        -> Problem
    {
        Problem(
            .invalidValue, "Instance \(start) of series '\(uid)': \(error)",
            assumption: "instance skipped")
    }
}
