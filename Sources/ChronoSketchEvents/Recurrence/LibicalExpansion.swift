import ChronoSketchCore
import ChronoSketchSyntax

/// A rule expanded by libical's iterator (``LibicalRecurrenceIterator``), with what Swift
/// applies over its candidates: the day limits libical 3.0.16 does not give (``DayLimits``)
/// and BYSETPOS (``SetPositions``). Every candidate read is a step of the walk, kept or not.
struct LibicalExpansion: RuleExpansion {
    private let iterator: LibicalRecurrenceIterator
    private let dayLimits: DayLimits?
    private var setPositions: SetPositions?
    private let isDate: Bool
    /// The members BYSETPOS chose from the last interval gathered, not yet offered.
    private var chosen: [LocalDateTime] = []
    /// Whether no interval is left to gather.
    private var exhausted = false
    /// Whether libical ended the rule (its iterator ran out, or gave a time after its last
    /// year) rather than the walk.
    private(set) var iteratorEnded = false

    /// The expansion of `rule` from `start`, UNTIL given as `until` on the series' clock; nil
    /// when libical cannot take the rule.
    init?(_ rule: RecurrenceRule, start: ICalDateTime, until: ICalDateTime?) {
        let dayLimits = DayLimits(rule)
        let setPositions = SetPositions(dayLimits?.candidates ?? rule, origin: start)
        guard
            let iterator = LibicalRecurrenceIterator(
                rule: setPositions?.candidates ?? dayLimits?.candidates ?? rule,
                until: setPositions == nil ? until : nil,
                start: setPositions?.start ?? start, counting: false)
        else { return nil }
        self.iterator = iterator
        self.dayLimits = dayLimits
        self.setPositions = setPositions
        isDate = start.isDate
    }

    mutating func expand(_ walk: inout RuleWalk) {
        // Nothing before the range need be read when nothing is counted or gathered.
        if setPositions == nil, walk.count == nil, walk.range.lowerBound > walk.origin {
            let lower = walk.range.lowerBound
            _ = iterator.skip(to: isDate ? .date(lower.date) : .dateTime(lower, isUTC: false))
        }
        while let time = nextInstance(&walk) {
            if time.date.year > LibicalRecurrenceIterator.lastYear {
                iteratorEnded = true
                return
            }
            guard walk.offer(time) else { return }
        }
    }

    /// The next instance in order: libical's, or with BYSETPOS the members chosen from each
    /// interval's candidates; nil when the rule or the walk's steps end.
    private mutating func nextInstance(_ walk: inout RuleWalk) -> LocalDateTime? {
        guard setPositions != nil else { return nextCandidate(&walk) }
        while chosen.isEmpty, !exhausted {
            if let candidate = nextCandidate(&walk) {
                chosen = setPositions?.take(candidate) ?? []
                // A candidate past UNTIL or the range that opens an interval only closes the
                // one before it: nothing after it can be listed.
                if candidate > walk.last, setPositions?.opensInterval == true {
                    exhausted = true
                }
            } else if iteratorEnded {
                // The last interval is whole only when libical ran out, not the steps.
                exhausted = true
                chosen = setPositions?.finish() ?? []
            } else {
                return nil
            }
        }
        return chosen.isEmpty ? nil : chosen.removeFirst()
    }

    /// The next candidate libical gives that the day limits keep, a step each read.
    private mutating func nextCandidate(_ walk: inout RuleWalk) -> LocalDateTime? {
        while walk.step() {
            guard let candidate = iterator.next()?.wallClock else {
                iteratorEnded = true
                return nil
            }
            if dayLimits?.admits(candidate.date) ?? true { return candidate }
        }
        return nil
    }
}
