import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// The busy time of one person, or of everyone read, as one VFREEBUSY.
public struct FreeBusyBlock: Sendable {
    /// Whose time it is (RFC 5545 §3.6.4: the ORGANIZER of a published VFREEBUSY), an address
    /// as ``Participant/address`` holds it; nil when the block is of no one in particular.
    public var person: String?
    /// The busy time as instants (seconds since 1970-01-01T00:00Z), in order and disjoint, each
    /// with its kind; free time is left out.
    public var periods: [(start: Int, end: Int, kind: BusyKind)]

    /// A block from whose time it is and its busy periods.
    public init(person: String?, periods: [(start: Int, end: Int, kind: BusyKind)]) {
        self.person = person
        self.periods = periods
    }
}

/// Writes busy time as VFREEBUSY components (RFC 5545 §3.6.4) in a VCALENDAR.
public enum FreeBusyWriter {
    /// A calendar with one VFREEBUSY for `[from, to)` per block, with a `FREEBUSY;FBTYPE=…`
    /// line per period, every time in UTC as the RFC requires (§3.8.2.6).
    /// - Parameters:
    ///   - from: the window's start on `zone`'s wall clock.
    ///   - stamp: DTSTAMP, in UTC.
    public static func write(
        _ blocks: [FreeBusyBlock], from: LocalDateTime, to: LocalDateTime, zone: TargetZone,
        stamp: LocalDateTime
    ) -> [UInt8] {
        func utc(_ instant: Int) -> ICalDateTime {
            .dateTime((try? LocalDateTime(secondsSinceEpoch: instant)) ?? stamp, isUTC: true)
        }
        func utc(_ time: LocalDateTime) -> ICalDateTime { utc(zone.instant(at: time)) }
        let (start, end) = (utc(from), utc(to))
        let components = blocks.map { block in
            let address = block.person.map(uri)
            // A person's block is told apart by their address, itself unique in its domain.
            let owner = address.map {
                "-" + ($0.hasPrefix("mailto:") ? String($0.dropFirst(7)) : $0)
            }
            var properties = [
                ICalProperty(
                    name: "UID", value: .text("freebusy-\(start)-\(end)\(owner ?? "@chronosketch")")
                ),
                ICalProperty(name: "DTSTAMP", value: .dateTime(.dateTime(stamp, isUTC: true))),
            ]
            if let address {
                properties.append(ICalProperty(name: "ORGANIZER", value: .uri(address)))
            }
            properties += [
                ICalProperty(name: "DTSTART", value: .dateTime(start)),
                ICalProperty(name: "DTEND", value: .dateTime(end)),
            ]
            for period in block.periods where period.kind != .free {
                properties.append(
                    ICalProperty(
                        name: "FREEBUSY",
                        parameters: [
                            ICalParameter(name: "FBTYPE", values: [period.kind.freeBusyType])
                        ],
                        value: .period(
                            ICalPeriod(
                                start: utc(period.start), end: utc(period.end), duration: nil))))
            }
            return ICalComponent(name: "VFREEBUSY", properties: properties, line: 1)
        }
        let calendar = ICalComponent(
            name: "VCALENDAR",
            properties: [
                ICalProperty(name: "VERSION", value: .text("2.0")),
                ICalProperty(name: "PRODID", value: .text(Converter.productID)),
                ICalProperty(name: "METHOD", value: .text("PUBLISH")),
            ], components: components, line: 1)
        var bytes: [UInt8] = []
        ICalWriter.append(calendar, to: &bytes)
        return bytes
    }

    /// A person's address as a CAL-ADDRESS (``Participant/calendarAddress``), control
    /// characters, which no URI holds, left out.
    private static func uri(_ address: String) -> String {
        Participant(
            address: String(address.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
        ).calendarAddress
    }
}
