import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// Reads the calendars given with `--blocked`: their VEVENTs as ``CalendarLoader`` maps them
/// (recurring ones expanded, zones converted), cancelled ones left out, and the busy periods
/// of their VFREEBUSY components (RFC 5545 §3.6.4, §3.8.2.6: `FBTYPE=FREE` left out; UTC
/// periods converted to the target zone).
public enum BlockingCalendarReader {
    /// - Throws: ``InputError`` when the input cannot be used at all.
    public static func read(_ input: InputSource, options: LoadOptions) throws(InputError) -> (
        windows: [BlockedWindow], diagnostics: [Diagnostic]
    ) {
        // One read: the events are loaded while the owners and the VFREEBUSY components are
        // picked up as the stream reads them.
        let gatherer = Gatherer()
        var options = options
        options.inspector = gatherer
        let loaded = try CalendarLoader.load([input], options: options)
        if let failure = loaded.unusableInputs.first { throw failure }
        var entries: [BlockedWindow] = []
        var diagnostics = loaded.diagnostics
        for component in gatherer.freeBusy {
            entries += periods(
                of: component, file: input.name, zone: options.zone, diagnostics: &diagnostics)
        }
        // An event or period whose wall-clock end is not after its start (inside a fold)
        // blocks nothing.
        let events = loaded.events.filter { $0.status != .cancelled }.compactMap { event in
            try? BlockedWindow(
                id: event.id, title: event.title, start: event.interval.start,
                end: event.interval.end, instants: event.instants,
                owner: gatherer.owners[event.uid], source: event.source)
        }
        return (events + entries, diagnostics)
    }

    /// What the events do not tell: whose time a VEVENT is (RELATED-TO), and the VFREEBUSYs.
    private final class Gatherer: ComponentInspector, @unchecked Sendable {
        private(set) var owners: [String: String] = [:]
        private(set) var freeBusy: [ICalComponent] = []

        func inspect(_ item: ReaderItem) {
            guard case .component(let component) = item else { return }
            switch component.name {
            case "VEVENT":
                // Compared as the texts they are (`work\,shop` is `work,shop`), as events' UIDs are.
                if let uid = component.property("UID")?.value?.text,
                    let owner = component.property("RELATED-TO")?.value?.text
                {
                    owners[uid] = owner
                }
            case "VFREEBUSY":
                freeBusy.append(component)
            default:
                break
            }
        }
    }

    private static func periods(
        of component: ICalComponent, file: String, zone: TargetZone,
        diagnostics: inout [Diagnostic]
    ) -> [BlockedWindow] {
        let name = component.property("UID")?.value?.text ?? "\(file):\(component.line)"
        let owner = component.property("RELATED-TO")?.value?.text
        var entries: [BlockedWindow] = []
        for property in component.properties("FREEBUSY") {
            let kind = property.parameter("FBTYPE")?.uppercased() ?? "BUSY"
            guard kind != "FREE" else { continue }
            for value in property.values {
                guard case .period(let period) = value,
                    let start = instant(period.start, zone),
                    let end = period.end.flatMap({ instant($0, zone) })
                        ?? period.duration.map({ start + $0.nominalSeconds }),
                    end > start,
                    let instants = try? InstantInterval(start: start, end: end),
                    let startTime = try? zone.wallClock(atUTC: start),
                    let endTime = try? zone.wallClock(atUTC: end)
                else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, .blockingValue, file: file, line: property.line, uid: nil,
                            message: "FREEBUSY value '\(property.rawValue)' is not a period",
                            assumption: "the value blocks nothing"))
                    continue
                }
                if let window = try? BlockedWindow(
                    id: "\(name)#\(entries.count + 1)", title: title(kind), start: startTime,
                    end: endTime, instants: instants, owner: owner,
                    source: SourceLocation(file: file, line: property.line))
                {
                    entries.append(window)
                }
            }
        }
        return entries
    }

    /// The instant of a period's time: UTC as written (RFC 5545 §3.8.2.6), a floating one read
    /// on the target zone's wall clock.
    private static func instant(_ value: ICalDateTime, _ zone: TargetZone) -> Int? {
        switch value {
        case .dateTime(let time, isUTC: true): time.secondsSinceEpoch
        case .dateTime(let time, isUTC: false): zone.instant(at: time)
        case .date(let date): zone.instant(at: LocalDateTime(startOf: date))
        }
    }

    /// `Busy`, `Busy (tentative)`, `Busy (unavailable)` (RFC 5545 §3.2.9 FBTYPE).
    private static func title(_ kind: String) -> String {
        switch kind {
        case "BUSY": "Busy"
        case "BUSY-TENTATIVE": "Busy (tentative)"
        case "BUSY-UNAVAILABLE": "Busy (unavailable)"
        default: "Busy (\(kind.lowercased()))"
        }
    }
}
