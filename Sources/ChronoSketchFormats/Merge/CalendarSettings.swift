import ChronoSketchCore
import ChronoSketchSyntax

/// A calendar property set on what `convert` writes (`--set NAME=VALUE`): the calendar's
/// name, its METHOD, how often subscribers refresh it. The value is written by the property's
/// type, TEXT escaped as RFC 5545 §3.3.11 says (an X- property's only where a backslash
/// stands); a value of another type is read by that type from its RFC 5545 form, and refused
/// with the reader's reason, before anything is written. An empty value removes the property.
public struct CalendarSetting: Sendable, Hashable {
    /// The upper-cased property name.
    public let name: String
    /// The property written in place of every one of that name; nil to remove them.
    public let property: ICalProperty?

    /// The calendar properties of RFC 5545 §3.7 and RFC 7986 §5 that can be set; any X- name
    /// can too. VERSION cannot: what is written is 2.0.
    public static let names = [
        "CALSCALE", "METHOD", "PRODID", "NAME", "DESCRIPTION", "UID", "URL", "SOURCE", "COLOR",
        "REFRESH-INTERVAL",
    ]

    /// - Throws: a message saying why the name or value cannot be set.
    public init(name: String, value: String) throws(SettingError) {
        let name = name.uppercased()
        guard Self.names.contains(name) || Self.isExtensionName(name) else {
            throw SettingError(
                "\(name) is not a calendar property that can be set (\(Self.names.joined(separator: ", ")) or an X- name)"
            )
        }
        self.name = name
        guard !value.isEmpty else {
            property = nil
            return
        }
        let known = KnownProperty(name: name)
        let type = known?.defaultType ?? .text
        // Text may run over several lines (written `\n`, RFC 5545 §3.3.11); a CR LF or a CR
        // alone is one line break.
        let value =
            type == .text
            ? value.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(
                of: "\r", with: "\n") : value
        if let scalar = value.unicodeScalars.first(where: {
            Self.isControl($0) && !(type == .text && $0 == "\n")
        }) {
            throw SettingError(
                "the value holds a control character (U+\(String(format: "%04X", scalar.value))), which \(type == .text ? "no calendar property" : "a \(name) value") can"
            )
        }
        var parameters: [ICalParameter] = []
        // RFC 7986 §5.7: REFRESH-INTERVAL's VALUE=DURATION is required.
        if name == "REFRESH-INTERVAL" {
            parameters.append(ICalParameter(name: "VALUE", values: ["DURATION"]))
        }
        // A METHOD is a name, written in upper case as the RFC spells its methods.
        let given = name == "METHOD" ? value.uppercased() : value
        let values: [ICalValue]
        if known == nil {
            values = [.other(ICalWriter.untypedText(given))]
        } else if type == .text {
            values = [.text(given)]
        } else {
            let reading = ValueReader.read(given, of: name, parameters: parameters)
            if let problem = reading.problems.first { throw SettingError("\(problem.message)") }
            values = reading.values
        }
        let property = ICalProperty(name: name, parameters: parameters, values: values)
        if name == "METHOD",
            !value.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || $0 == "-")
            })
        {
            throw SettingError("a METHOD is a name such as PUBLISH")
        }
        self.property = property
    }

    private static func isExtensionName(_ name: String) -> Bool {
        name.hasPrefix("X-") && name.count > 2
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-")
            }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }
}

/// Why a ``CalendarSetting`` cannot be made.
public struct SettingError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the setting.
    public let description: String

    init(_ description: String) { self.description = description }
}

/// Passes a calendar's items on with the settings applied: the calendar's properties of a
/// name set are left out, and the set ones written after the rest of them, before its first
/// component, in each VCALENDAR; and with each VEVENT's SEQUENCE raised where it changed
/// since the feed was `published` (``PublishedVersions``).
struct SettingCalendarProperties<Sink: CalendarItemSink>: CalendarItemSink {
    private(set) var sink: Sink
    private let settings: [CalendarSetting]
    private let names: Set<String>
    private let published: PublishedVersions?
    /// Whether a calendar has begun and its set properties are not written yet.
    private var pending = false

    init(_ sink: Sink, settings: [CalendarSetting], published: PublishedVersions? = nil) {
        self.sink = sink
        self.settings = settings
        self.published = published
        names = Set(settings.map(\.name))
    }

    mutating func take(_ item: ReaderItem) {
        switch item {
        case .calendarBegin:
            pending = true
        case .calendarProperty(let property) where names.contains(property.name):
            return
        case .component, .calendarEnd:
            if pending {
                pending = false
                for setting in settings {
                    if let property = setting.property { sink.take(.calendarProperty(property)) }
                }
            }
        case .calendarProperty, .looseLine:
            break
        }
        if let published, case .component(let component) = item, component.name == "VEVENT" {
            sink.take(.component(published.updating(component)))
            return
        }
        sink.take(item)
    }
}

extension SettingCalendarProperties: CalendarItemWriter where Sink: CalendarItemWriter {
    var pendingByteCount: Int { sink.pendingByteCount }
    mutating func takeBytes() -> [UInt8] { sink.takeBytes() }
    mutating func finish() { sink.finish() }
}
