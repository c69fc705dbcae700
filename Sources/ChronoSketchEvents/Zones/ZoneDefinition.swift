import ChronoSketchCore
import ChronoSketchSyntax

/// Writes a zone's rules as a VTIMEZONE that keeps its clock over a span of time, with as few
/// observances as its changes allow, in the form Outlook imports.
///
/// Each observance is a run of changes one a year of the same kind (daylight or standard),
/// offsets, month, time of day and day (the last or the nth weekday of the month, or a day of
/// the month): one STANDARD or DAYLIGHT with a DTSTART and, for more than one change,
/// `RRULE:FREQ=YEARLY;BYMONTH=…;BYDAY=…` (a single weekday with its position, or a single
/// BYMONTHDAY), the forms MS-OXCICAL §2.1.3.1.1.19 accepts. A run ends with UNTIL (a day after its last change) unless the
/// zone's rules go on the same way after the span, so a series without an end keeps its clock.
/// A change that fits no run is an observance of its own, without RDATE (which Outlook does
/// not read). Europe/London over 2025–2027 is one DAYLIGHT and one STANDARD, not the 55
/// observances of its history since 1847.
package enum ZoneDefinition {
    /// The VTIMEZONE for `rules` under `tzid`, exact over `span` (UTC seconds) and the year
    /// before it.
    package static func minimal(
        tzid: String, rules: any ZoneRules, covering span: ClosedRange<Int>
    ) -> ICalComponent {
        let from = span.lowerBound - secondsPerYear
        let to = span.upperBound
        let changes = rules.transitions(fromUTC: from, toUTC: to + 1).filter {
            $0.offsetBefore != $0.offsetAfter
        }
        var zone = ICalComponent(
            name: "VTIMEZONE",
            properties: [ICalProperty(name: "TZID", value: .text(tzid))],
            line: 1)
        guard !changes.isEmpty else {
            zone.components.append(steady(offset: rules.offset(atUTC: from), from: from))
            return zone
        }
        var runs: [Run] = []
        var open: [Run.Kind: Int] = [:]
        for change in changes {
            let step = Step(change)
            if let index = open[step.kind], runs[index].takes(step) {
                runs[index].append(step)
            } else {
                open[step.kind] = runs.count
                runs.append(Run(step))
            }
        }
        // When every change of the next 28 years (a whole cycle of weekdays and leap years)
        // continues a run open at the end of the span, those runs go on without UNTIL, on a
        // day that names all their changes; else every run ends with its last change.
        var continued = open.mapValues { runs[$0] }
        var goesOn = true
        for change in rules.transitions(fromUTC: to + 1, toUTC: to + 28 * secondsPerYear)
        where change.offsetBefore != change.offsetAfter {
            let step = Step(change)
            guard var run = continued[step.kind], run.takes(step) else {
                goesOn = false
                break
            }
            run.append(step)
            continued[step.kind] = run
        }
        if goesOn {
            for (kind, index) in open where continued[kind]!.count - runs[index].count >= 27 {
                runs[index].days = continued[kind]!.days
                runs[index].goesOn = true
            }
        }
        zone.components += runs.sorted { $0.first.change.utc < $1.first.change.utc }.map(
            \.component)
        return zone
    }

    private static let secondsPerYear = 366 * 86_400

    /// A zone without changes near the span: one STANDARD from 1970 (or before the span).
    private static func steady(offset: Int, from: Int) -> ICalComponent {
        let epoch = LocalDateTime(startOf: CivilDate.epoch)
        let start =
            (try? LocalDateTime(secondsSinceEpoch: from + offset)).map { min(epoch, $0) } ?? epoch
        return ICalComponent(
            name: "STANDARD",
            properties: [
                ICalProperty(name: "TZOFFSETFROM", value: .utcOffset(offset)),
                ICalProperty(name: "TZOFFSETTO", value: .utcOffset(offset)),
                ICalProperty(name: "DTSTART", times: [.floating(start)]),
            ], line: 1)
    }

    /// One change, with what a yearly rule needs of it: its wall clock before the change and
    /// the ways of naming its day within the month.
    private struct Step {
        let change: ZoneTransition
        let local: LocalDateTime
        let kind: Run.Kind
        let days: Set<YearlyDay>

        init(_ change: ZoneTransition) {
            self.change = change
            local =
                (try? LocalDateTime(secondsSinceEpoch: change.utc + change.offsetBefore))
                ?? LocalDateTime(startOf: .minimum)
            // Clocks moving forward begin daylight time, as Outlook reads STANDARD and
            // DAYLIGHT, also where the database calls the winter offset daylight time
            // (Europe/Dublin, Africa/Casablanca).
            kind = Run.Kind(
                isDaylight: change.offsetAfter > change.offsetBefore,
                offsetBefore: change.offsetBefore,
                offsetAfter: change.offsetAfter, name: change.abbreviation,
                month: local.date.month, time: local.timeText)
            let date = local.date
            var days: Set<YearlyDay> = [.monthDay(date.day)]
            let position = (date.day - 1) / 7 + 1
            if position <= 4 { days.insert(.weekday(position, date.weekday)) }
            if date.day + 7 > date.daysInMonth { days.insert(.weekday(-1, date.weekday)) }
            self.days = days
        }
    }

    /// How a yearly rule names a day of the month.
    private enum YearlyDay: Hashable {
        /// The nth weekday of the month; -1 for the last.
        case weekday(Int, Weekday)
        case monthDay(Int)

        /// The preference when several fit every change of a run: the last weekday, then the
        /// nth, then the day of the month.
        var rank: Int {
            switch self {
            case .weekday(-1, _): 0
            case .weekday: 1
            case .monthDay: 2
            }
        }

        /// The yearly rule in `month` that names this day, to `until`.
        func rule(month: Int, until: ICalDateTime?) -> RecurrenceRule {
            switch self {
            case .weekday(let position, let day):
                RecurrenceRule(
                    frequency: .yearly, until: until, byMonth: [.init(month)],
                    byDay: [.init(day, ordinal: position)])
            case .monthDay(let day):
                RecurrenceRule(
                    frequency: .yearly, until: until, byMonth: [.init(month)], byMonthDay: [day])
            }
        }
    }

    /// Changes one a year that one yearly rule names.
    private struct Run {
        struct Kind: Hashable {
            var isDaylight: Bool
            var offsetBefore: Int
            var offsetAfter: Int
            var name: String?
            var month: Int
            var time: String
        }

        let first: Step
        var last: Step
        var days: Set<YearlyDay>
        var count = 1
        /// Whether the zone goes on with it after the span (no UNTIL).
        var goesOn = false

        init(_ step: Step) {
            first = step
            last = step
            days = step.days
        }

        /// Whether `step` is the next change of this run: the same kind, the year after its
        /// last, on a day one rule names for every change so far.
        func takes(_ step: Step) -> Bool {
            step.kind == first.kind && step.local.date.year == last.local.date.year + 1
                && !days.isDisjoint(with: step.days)
        }

        mutating func append(_ step: Step) {
            last = step
            days.formIntersection(step.days)
            count += 1
        }

        var component: ICalComponent {
            let kind = first.kind
            var properties = [
                ICalProperty(name: "TZOFFSETFROM", value: .utcOffset(kind.offsetBefore)),
                ICalProperty(name: "TZOFFSETTO", value: .utcOffset(kind.offsetAfter)),
            ]
            if let name = kind.name, !name.isEmpty {
                properties.append(ICalProperty(name: "TZNAME", value: .text(name)))
            }
            properties.append(ICalProperty(name: "DTSTART", times: [.floating(first.local)]))
            if count > 1 || goesOn, let day = days.min(by: { $0.rank < $1.rank }) {
                // A day after the last change: readers that take UNTIL as the wall clock
                // (python's icalendar) keep that change too, and the next is a year later.
                let until =
                    goesOn
                    ? nil
                    : (try? LocalDateTime(secondsSinceEpoch: last.change.utc + 86_400)).map {
                        ICalDateTime.dateTime($0, isUTC: true)
                    }
                properties.append(
                    ICalProperty(
                        name: "RRULE", value: .recurrence(day.rule(month: kind.month, until: until))
                    ))
            }
            return ICalComponent(
                name: kind.isDaylight ? "DAYLIGHT" : "STANDARD", properties: properties, line: 1)
        }
    }
}
