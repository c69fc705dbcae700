import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// What kind of busy time a FREEBUSY period is (RFC 5545 §3.2.9 FBTYPE).
public enum FreeBusyType: String, Sendable, Hashable {
    case busy = "BUSY"
    case busyTentative = "BUSY-TENTATIVE"
}

/// Writes merged busy time as a VFREEBUSY component (RFC 5545 §3.6.4) in a VCALENDAR.
public enum FreeBusyWriter {
    /// A calendar with one VFREEBUSY for `[from, to)` and a `FREEBUSY;FBTYPE=…` line per
    /// period, every time in UTC as the RFC requires (§3.8.2.6).
    /// - Parameters:
    ///   - periods: the busy periods as instants (seconds since 1970-01-01T00:00Z), in order,
    ///     each with its type.
    ///   - from: the window's start on `zone`'s wall clock.
    ///   - stamp: DTSTAMP, in UTC.
    public static func write(
        _ periods: [(start: Int, end: Int, type: FreeBusyType)], from: LocalDateTime,
        to: LocalDateTime,
        zone: TargetZone, stamp: LocalDateTime
    ) -> [UInt8] {
        func utc(_ instant: Int) -> String {
            let value = (try? LocalDateTime(secondsSinceEpoch: instant)) ?? stamp
            return value.basicFormat + "Z"
        }
        func utc(_ time: LocalDateTime) -> String { utc(zone.instant(at: time)) }
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(Converter.productID)", "METHOD:PUBLISH",
            "BEGIN:VFREEBUSY",
            "UID:freebusy-\(utc(from))-\(utc(to))@chronosketch",
            "DTSTAMP:\(stamp.basicFormat)Z", "DTSTART:\(utc(from))", "DTEND:\(utc(to))",
        ]
        for period in periods {
            lines.append(
                "FREEBUSY;FBTYPE=\(period.type.rawValue):\(utc(period.start))/\(utc(period.end))")
        }
        lines += ["END:VFREEBUSY", "END:VCALENDAR"]
        var bytes: [UInt8] = []
        for line in lines { ICalWriter.appendFolded(Array(line.utf8), to: &bytes) }
        return bytes
    }
}
