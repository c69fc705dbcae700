import ChronoSketchCore
import ChronoSketchSyntax

/// What one series may spend on its expansion and what it has spent (SPEC §3: the limits are
/// "reported when hit, never silent truncation").
///
/// Every way of expanding a rule draws on it through a ``RuleWalk``: each family expanded in
/// Swift (a step per interval, day, hour or minute walked and per time made) and libical's
/// iterator for other calendar scales (a step per instance read), so
/// `--max-iterations` binds them all; every instance a rule gives is offered to the walk, which
/// holds the `--max-instances` cap. What stopped short is said here, in one wording: the rule's
/// line, how many instances were listed and up to when, and the option that raises the bound.
final class ExpansionBudget {
    let limits: ExpansionLimits
    /// Most instances the series lists: its own limit, or what is left of the total when less.
    let instanceLimit: Int
    /// Steps taken by every rule of the series so far.
    private(set) var steps = 0
    /// The line of the RRULE whose walk passed ``instanceLimit``, for ``limit(_:time:source:log:)``.
    private var cappedLine: Int?

    /// A budget for one series.
    /// - Parameter instancesLeft: what is left of `limits.totalInstances`.
    init(limits: ExpansionLimits, instancesLeft: Int) {
        self.limits = limits
        instanceLimit = min(limits.instancesPerSeries, max(0, instancesLeft))
    }

    /// Whether the series' instance limit is the rest of the total rather than its own.
    private var cappedByTotal: Bool { instanceLimit < limits.instancesPerSeries }

    /// Takes one step; false, taking none, once `--max-iterations` steps are taken.
    func step() -> Bool {
        guard steps < limits.iterationsPerSeries else { return false }
        steps += 1
        return true
    }

    /// Says where `walk` (of the rule `property`) stopped short of the rule's end: past the
    /// steps, for any rule; past the instances, for an EXRULE (what an RRULE gives is counted
    /// with the rest of the series by ``limit(_:time:source:log:)``).
    func finish(
        _ walk: RuleWalk, of property: RuleProperty, source: EventSource, log: inout DiagnosticLog
    ) {
        switch walk.stop {
        case .steps?:
            log.warn(
                source, .expansionLimit, property.line,
                "\(property.name) took \(steps) iteration steps without ending",
                "\(listed(walk)) (raise --max-iterations)")
        case .instances? where property.name == "RRULE":
            cappedLine = cappedLine ?? property.line
        case .instances?:
            log.warn(
                source, .expansionLimit, property.line,
                "\(property.name) has more than \(walk.cap) instances in range",
                "only the first \(walk.cap) are taken out, up to \(walk.found.prefix(walk.cap).last.map { "\($0)" } ?? "its start") (raise --max-instances)"
            )
        case .ended?, nil:
            break
        }
    }

    /// What a walk stopped by the steps listed: `it stops at …, with 96 of its instances
    /// listed up to there`.
    private func listed(_ walk: RuleWalk) -> String {
        guard let reached = walk.reached else { return "it stops before it gives an instance" }
        let count = walk.found.count
        guard count > 0 else {
            return "it stops at \(reached), before the window, with none of its instances listed"
        }
        return "it stops at \(reached), with \(count) of its instances listed up to there"
    }

    /// Cuts the series' instances (DTSTART, every rule's and every RDATE, in order, each once)
    /// to ``instanceLimit`` and says so, at the line of the rule that passed it (the series'
    /// own when they pass it only together).
    func limit<Instance>(
        _ instances: inout [Instance], time: (Instance) -> LocalDateTime, source: EventSource,
        log: inout DiagnosticLog
    ) {
        guard instances.count > instanceLimit else { return }
        let option =
            cappedByTotal
            ? "the total of \(limits.totalInstances) instances is reached; raise --max-total-instances"
            : "raise --max-instances"
        let last = instances.prefix(instanceLimit).last.map { ", up to \(time($0))" } ?? ""
        log.warn(
            source, .expansionLimit, cappedLine ?? source.line,
            "Series '\(source.uid ?? "")' has more than \(instanceLimit) instances in range",
            "only the first \(instanceLimit) are listed\(last) (\(option))")
        instances.removeLast(instances.count - instanceLimit)
    }

    /// Says that a series is not expanded because the total was reached before it.
    static func notExpanded(
        _ source: EventSource, limits: ExpansionLimits, log: inout DiagnosticLog
    ) {
        // Each series left out is named: the log folds them into a count past the first.
        log.warn(
            source, .expansionLimit, source.line,
            "Series '\(source.uid ?? "")' is not expanded: the total of \(limits.totalInstances) instances is reached",
            "none of its instances are listed (raise --max-total-instances)")
    }
}

/// One rule's walk through its instances, within the series' ``ExpansionBudget``: the only way
/// a way of expanding a rule takes steps and gives instances (``RuleExpansion``).
///
/// It applies what every rule shares: nothing before DTSTART, UNTIL and the range's end, COUNT
/// counted from DTSTART (RFC 5545 §3.3.10: "The DTSTART property value always counts as the
/// first occurrence"), instances listed only in the range, one more than the cap stopping it.
struct RuleWalk {
    /// Why a walk stopped.
    enum Stop: Equatable {
        /// The rule ended: past UNTIL or the range, or COUNT given.
        case ended
        /// The series' steps ran out (`--max-iterations`).
        case steps
        /// More instances in the range than the cap (`--max-instances`).
        case instances
    }

    let budget: ExpansionBudget
    /// DTSTART on the series' clock.
    let origin: LocalDateTime
    /// The times whose instances are listed.
    let range: ClosedRange<LocalDateTime>
    /// The last time an instance may have: UNTIL or the range's end, whichever is first.
    let last: LocalDateTime
    /// COUNT.
    let count: Int?
    /// Whether DTSTART counts as the first instance when the rule does not give it (RRULE).
    let countsOrigin: Bool
    /// Most instances listed.
    let cap: Int

    /// The instances listed, in order.
    private(set) var found: [LocalDateTime] = []
    /// The last instance given, listed or not.
    private(set) var reached: LocalDateTime?
    /// How many instances COUNT has counted.
    private(set) var given = 0
    /// Why the walk stopped; nil while it may go on.
    private(set) var stop: Stop?

    init(
        budget: ExpansionBudget, origin: LocalDateTime, range: ClosedRange<LocalDateTime>,
        until: LocalDateTime?, count: Int?, countsOrigin: Bool, cap: Int
    ) {
        self.budget = budget
        self.origin = origin
        self.range = range
        last = until.map { min($0, range.upperBound) } ?? range.upperBound
        self.count = count
        self.countsOrigin = countsOrigin
        self.cap = cap
    }

    /// Takes one step of the series' budget; false once the walk has stopped or the budget is
    /// spent (the walk then stops with ``Stop/steps``).
    mutating func step() -> Bool {
        guard stop == nil else { return false }
        guard budget.step() else {
            stop = .steps
            return false
        }
        return true
    }

    /// Offers the next instance the rule gives (in order; one equal to the last is given once);
    /// false once the walk has stopped, this instance stopping it or not.
    mutating func offer(_ time: LocalDateTime) -> Bool {
        guard stop == nil else { return false }
        guard time >= origin, time != reached else { return true }
        guard time <= last else { return ended() }
        if given == 0, countsOrigin, time != origin { given = 1 }
        if let count, given >= count { return ended() }
        given += 1
        reached = time
        if time >= range.lowerBound {
            found.append(time)
            if found.count > cap {
                stop = .instances
                return false
            }
        }
        if let count, given >= count { return ended() }
        return true
    }

    private mutating func ended() -> Bool {
        stop = stop ?? .ended
        return false
    }
}

/// A way of expanding a rule (a family expanded in Swift, or libical's iterator). It has no
/// count of its own: it takes a step of the walk for each unit of its work (an instance read,
/// an interval, a day, an hour or minute walked, a time made), gives its instances, in order,
/// only through ``RuleWalk/offer(_:)``, and stops as soon as either returns false.
protocol RuleExpansion {
    mutating func expand(_ walk: inout RuleWalk)
}

/// The way a rule is expanded: ``SubDailyRule`` for HOURLY, MINUTELY and SECONDLY,
/// ``WeekNumberRule`` for YEARLY with BYWEEKNO, ``CalendarRule`` for the others; nil for a
/// YEARLY rule with BYWEEKNO and a leap month, which none expands.
func ruleExpansion(
    _ rule: RecurrenceRule, origin: ICalDateTime, skip: CalendarRule.Skip = .omit
) -> (any RuleExpansion)? {
    SubDailyRule(rule) ?? WeekNumberRule(rule, origin: origin)
        ?? CalendarRule(rule, origin: origin, skip: skip)
}

extension RuleWalk {
    /// The wall-clock instances of `rule` from `origin` within `range` and before `until`,
    /// counted as an RRULE's, at most `steps` steps taken.
    static func instances(
        of rule: RecurrenceRule, from origin: ICalDateTime, until: LocalDateTime?,
        range: ClosedRange<LocalDateTime>, steps: Int
    ) -> [LocalDateTime] {
        guard var expansion = ruleExpansion(rule, origin: origin) else { return [] }
        let limits = ExpansionLimits(instancesPerSeries: steps, iterationsPerSeries: steps)
        var walk = RuleWalk(
            budget: ExpansionBudget(limits: limits, instancesLeft: steps),
            origin: origin.wallClock, range: range, until: until, count: rule.count,
            countsOrigin: true, cap: steps)
        expansion.expand(&walk)
        return walk.found
    }
}
