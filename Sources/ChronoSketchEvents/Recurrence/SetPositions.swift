import ChronoSketchCore
import ChronoSketchSyntax

/// BYSETPOS applied in Swift, for every frequency from DAILY up (RFC 5545 §3.3.10: "BYSETPOS
/// operates on a set of recurrence instances in one interval of the recurrence rule"; each
/// value "corresponds to the nth occurrence within the set of recurrence instances specified
/// by the rule"), over the candidates libical gives for the rule without it.
///
/// libical 3.0.16 applies BYSETPOS to the wrong set when a rule has several time or day parts
/// or a DAILY or WEEKLY frequency (its own regression data, fixed in libical 4.0). Here libical
/// is asked for the rule without BYSETPOS, COUNT and UNTIL, started at the beginning of
/// DTSTART's interval with what DTSTART implies written out (its time of day, weekday or day of
/// the month), so that each interval's whole set is seen; each set's members at the positions
/// are kept, and the caller drops those before DTSTART and applies UNTIL and COUNT after.
/// Rules with BYWEEKNO are left to libical (their sets are its own).
struct SetPositions {
    /// The rule libical iterates: BYSETPOS, COUNT and UNTIL removed, DTSTART's implied parts
    /// written out.
    let candidates: RecurrenceRule
    /// Where libical starts: the first day of DTSTART's interval.
    let start: ICalDateTime
    private let positions: [Int]
    private let frequency: RecurrenceRule.Frequency
    private let weekStart: Weekday
    private var period: Int?
    private var members: [LocalDateTime] = []

    init?(_ rule: RecurrenceRule, origin: ICalDateTime) {
        guard !rule.bySetPos.isEmpty, rule.frequency >= .daily, rule.byWeekNo.isEmpty else {
            return nil
        }
        var implied: [RecurrenceRule.Addition] = []
        let wallClock = origin.wallClock
        let date = wallClock.date
        if !origin.isDate {
            if rule.byHour.isEmpty { implied.append(.byHour([wallClock.hour])) }
            if rule.byMinute.isEmpty { implied.append(.byMinute([wallClock.minute])) }
            if rule.bySecond.isEmpty { implied.append(.bySecond([wallClock.second])) }
        }
        let namesNoDay = rule.byDay.isEmpty && rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty
        switch rule.frequency {
        case .weekly where rule.byDay.isEmpty:
            implied.append(.byDay([.init(date.weekday)]))
        case .monthly where namesNoDay:
            implied.append(.byMonthDay([date.day]))
        case .yearly where namesNoDay:
            if rule.byMonth.isEmpty { implied.append(.byMonth([.init(date.month)])) }
            implied.append(.byMonthDay([date.day]))
        default:
            break
        }
        candidates = rule.removing(["BYSETPOS", "COUNT", "UNTIL"]).adding(implied)
        positions = rule.bySetPos
        frequency = rule.frequency
        weekStart = rule.weekStart ?? .monday
        let first: CivilDate
        switch rule.frequency {
        case .weekly:
            first = (try? date.adding(days: -weekStart.days(until: date.weekday))) ?? date
        case .monthly:
            first = (try? CivilDate(year: date.year, month: date.month, day: 1)) ?? date
        case .yearly:
            first = (try? CivilDate(year: date.year, month: 1, day: 1)) ?? date
        default:
            first = date
        }
        start =
            origin.isDate ? .date(first) : .dateTime(LocalDateTime(startOf: first), isUTC: false)
    }

    /// The interval a candidate belongs to, as a number that grows with time.
    private func period(of time: LocalDateTime) -> Int {
        let date = time.date
        switch frequency {
        case .yearly: return date.year
        case .monthly: return date.year * 12 + date.month
        case .weekly: return date.daysSinceEpoch - weekStart.days(until: date.weekday)
        default: return date.daysSinceEpoch
        }
    }

    /// Takes the next candidate (in order); returns the chosen members of the interval it
    /// closes, in order, when it is the first of a new one.
    mutating func take(_ candidate: LocalDateTime) -> [LocalDateTime] {
        let key = period(of: candidate)
        var chosen: [LocalDateTime] = []
        if key != period {
            chosen = finish()
            period = key
        }
        if members.last != candidate { members.append(candidate) }
        return chosen
    }

    /// Whether the last candidate taken was the first of its interval.
    var opensInterval: Bool { members.count == 1 }

    /// The chosen members of the interval being gathered, when the candidates end.
    mutating func finish() -> [LocalDateTime] {
        defer { members.removeAll(keepingCapacity: true) }
        return Self.pick(members, at: positions)
    }

    /// The members of one interval's set (in order) at `positions` (1 the first, -1 the last),
    /// in order, each once; all of them when there are no positions.
    static func pick(_ members: [LocalDateTime], at positions: [Int]) -> [LocalDateTime] {
        guard !positions.isEmpty else { return members }
        let indices = positions.compactMap { position -> Int? in
            let index = position > 0 ? position - 1 : members.count + position
            return members.indices.contains(index) ? index : nil
        }
        return Set(indices).sorted().map { members[$0] }
    }
}
