import ChronoSketchCore
import ChronoSketchLayout

/// The reports of `ics conflicts`, `check` and `slots` for a person, read top to bottom.
///
/// ```
/// Conflicts · Times in Europe/Berlin
///
/// Tuesday 8 September 2026
///   overlap 10:30–11:15 (45 min)
///     10:00–11:30  Design review · Room Turing        team.ics:52
///     10:30–11:15  Interview · Room Ada               team.ics:63
///
/// 1 conflict (1 overlap) in 1 cluster; 12 busy events, 2 free
/// ```
enum ConflictText {
    static func report(_ report: ConflictReport, zone: String, language: Language) -> String {
        var text = "\(language.conflictsHeading) · \(language.timesIn(zone))\n"
        var currentDate: CivilDate?
        for conflict in report.conflicts {
            if conflict.overlapStart.date != currentDate {
                currentDate = conflict.overlapStart.date
                text += "\n" + language.longDate(conflict.overlapStart.date) + "\n"
            }
            text += "  \(headline(conflict, language))"
            if let resource = conflict.resource { text += " · \(resource)" }
            text += "\n" + lines([.event(conflict.first), conflict.second], language)
        }
        text += "\n" + summary(report, language) + "\n"
        return text
    }

    /// `overlap 10:30–11:15 (45 min)`.
    static func headline(_ conflict: Conflict, _ language: Language = .en) -> String {
        let range = AgendaFormatter.timeLabel(
            .timed(start: conflict.overlapStart, end: conflict.overlapEnd), language)
        return "\(language.kindName(conflict.kind)) \(range) (\(conflict.minutes) min)"
    }

    /// One line per party: its times, title and where it was read.
    static func lines(_ parties: [ConflictParty], _ language: Language) -> String {
        let rows = parties.map { party -> (time: String, what: String, place: String) in
            switch party {
            case .event(let event):
                return (
                    AgendaFormatter.timeLabel(event.interval, language),
                    AgendaFormatter.describe(event, language), event.source.description
                )
            case .window(let window):
                let interval = EventInterval.timed(start: window.start, end: window.end)
                return (
                    AgendaFormatter.timeLabel(interval, language),
                    "\(language.blockedWord): \(window.title)",
                    window.source?.description
                        ?? (window.id.hasPrefix(WorkingHours.windowPrefix)
                            ? "--hours" : "--blocked-at")
                )
            }
        }
        let timeWidth = (rows.map(\.time.count).max() ?? 0) + 2
        let whatWidth = min(48, (rows.map(\.what.count).max() ?? 0) + 2)
        return rows.map {
            "    " + $0.time.fitted(to: timeWidth) + $0.what.fitted(to: whatWidth - 2) + "  "
                + $0.place + "\n"
        }.joined()
    }

    private static func summary(_ report: ConflictReport, _ language: Language) -> String {
        guard !report.conflicts.isEmpty else {
            return language.noConflicts(busy: report.busyEvents, free: report.freeEvents)
        }
        let kinds = ConflictKind.allCases.compactMap { kind -> String? in
            let count = report.conflicts.filter { $0.kind == kind }.count
            return count > 0 ? "\(count) \(language.kindName(kind))" : nil
        }
        return language.conflictSummary(
            report.conflicts.count, kinds: kinds.joined(separator: ", "),
            clusters: report.clusters.count, busy: report.busyEvents, free: report.freeEvents)
    }
}
