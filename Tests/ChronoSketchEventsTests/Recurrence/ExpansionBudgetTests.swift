import ChronoSketchCore
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// SPEC §3's expansion limits, in every way a rule is expanded: each bound binds (the steps and
/// instances are counted) and each one reached is said at the rule's line, with what was
/// listed and the option that raises it.
@Suite struct ExpansionBudgetTests {
    /// Shapes of rule, each expanded by one of the families: ``CalendarRule`` (daily, with
    /// BYSETPOS, with day limits, weekly with an interval, yearly by year day),
    /// ``WeekNumberRule`` and ``SubDailyRule``.
    enum Path: String, CaseIterable, Sendable {
        case daily, setPositions, dayLimits, weekly, weekNumbers, yearDays, subDaily

        var family: Family {
            switch self {
            case .weekNumbers: .weekNumbers
            case .subDaily: .subDaily
            default: .calendar
            }
        }
    }

    /// The families that expand rules.
    enum Family {
        case calendar, weekNumbers, subDaily
    }

    /// A rule of each path that gives DTSTART (09:00 on Thursday 1 January 2026) as its first
    /// instance and 400 in all, so that everything a rule lists is in its events.
    static func rule(_ path: Path) -> String {
        switch path {
        case .daily: "FREQ=DAILY;COUNT=400"
        case .setPositions: "FREQ=DAILY;BYHOUR=9,10,11,12;BYSETPOS=1;COUNT=400"
        case .dayLimits: "FREQ=DAILY;BYMONTHDAY=1,-1;COUNT=400"
        case .weekly: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;BYHOUR=9,17;COUNT=400"
        case .weekNumbers: "FREQ=YEARLY;BYWEEKNO=1,2,3,4;BYDAY=MO,TH;BYHOUR=9,17;COUNT=400"
        case .yearDays: "FREQ=YEARLY;BYYEARDAY=1,50,100,150;BYHOUR=9,17;COUNT=400"
        case .subDaily: "FREQ=MINUTELY;BYHOUR=9;COUNT=400"
        }
    }

    static let start = "20260101T090000"

    /// Every number of `range`, as a BY part lists them.
    private static func all(_ range: ClosedRange<Int>) -> String {
        range.map(String.init).joined(separator: ",")
    }

    /// The family that expands `rule`.
    private static func family(of text: String) throws -> Family? {
        let rule = try RecurrenceRule(parsing: text)
        let origin = ICalDateTime.dateTime(try LocalDateTime(basicFormat: start), isUTC: false)
        switch ruleExpansion(rule, origin: origin) {
        case is SubDailyRule: return .subDaily
        case is WeekNumberRule: return .weekNumbers
        case is CalendarRule: return .calendar
        default: return nil
        }
    }

    /// `series` (each a UID and a rule) read in UTC, and the line of each RRULE.
    private static func load(
        _ series: [(uid: String, rule: String)], limits: ExpansionLimits = ExpansionLimits()
    ) throws -> (loaded: LoadedCalendar, ruleLines: [Int]) {
        let body = series.map {
            Fixture.event($0.uid, "DTSTART:\(start)\nRRULE:\($0.rule)")
        }.joined(separator: "\n")
        let bytes = Fixture.calendar(body)
        let lines = String(decoding: bytes, as: UTF8.self).split(
            separator: "\r\n", omittingEmptySubsequences: false)
        let ruleLines = lines.indices.filter { lines[$0].hasPrefix("RRULE:") }.map { $0 + 1 }
        let options = LoadOptions(zone: try Fixture.zone("UTC"), expansion: limits)
        let loaded = try CalendarLoader.load(
            [.memory(name: "budget.ics", bytes: bytes)], options: options)
        return (loaded, ruleLines)
    }

    private static func limitDiagnostics(_ loaded: LoadedCalendar) -> [Diagnostic] {
        loaded.diagnostics.filter { $0.code == .expansionLimit }
    }

    @Test(arguments: Path.allCases)
    func eachCaseTakesItsPath(_ path: Path) throws {
        #expect(try Self.family(of: Self.rule(path)) == path.family)
        // Within the default budget each gives its 400 instances without a word.
        let (whole, _) = try Self.load([("x", Self.rule(path))])
        #expect(whole.events.count == 400)
        #expect(Self.limitDiagnostics(whole).isEmpty)
    }

    /// The bounds of one series.
    enum Bound: String, CaseIterable, Sendable {
        case steps, instances
    }

    /// `--max-iterations` stops every path short of its COUNT, `--max-instances` at its
    /// number; the warning says so at the rule's line, with how many instances were listed
    /// and up to when.
    @Test(arguments: Path.allCases, Bound.allCases)
    func boundBindsEveryPathAndIsSaid(_ path: Path, _ bound: Bound) throws {
        var limits = ExpansionLimits()
        switch bound {
        case .steps: limits.iterationsPerSeries = 50
        case .instances: limits.instancesPerSeries = 7
        }
        let (loaded, lines) = try Self.load([("x", Self.rule(path))], limits: limits)
        let listed = loaded.events.count
        let last = try #require(loaded.events.last?.interval.start)
        let said = Self.limitDiagnostics(loaded)
        #expect(said.count == 1)
        #expect(said.first?.line == lines.first)
        switch bound {
        case .steps:
            #expect(listed > 0 && listed < 400)
            #expect(said.first?.message == "RRULE took 50 iteration steps without ending")
            #expect(
                said.first?.assumption
                    == "it stops at \(last), with \(listed) of its instances listed up to there (raise --max-iterations)"
            )
        case .instances:
            #expect(listed == 7)
            #expect(said.first?.message == "Series 'x' has more than 7 instances in range")
            #expect(
                said.first?.assumption
                    == "only the first 7 are listed, up to \(last) (raise --max-instances)")
        }
    }

    /// The total binds the series that reaches it, and each series after it is named.
    @Test(arguments: Path.allCases)
    func totalBudgetBindsAndIsSaid(_ path: Path) throws {
        var limits = ExpansionLimits()
        limits.totalInstances = 7
        let (loaded, lines) = try Self.load(
            [("x", Self.rule(path)), ("y", "FREQ=DAILY;COUNT=3")], limits: limits)
        #expect(loaded.events.map(\.uid) == Array(repeating: "x", count: 7))
        let said = Self.limitDiagnostics(loaded)
        #expect(said.count == 2)
        #expect(said.first?.line == lines.first)
        #expect(
            said.first?.assumption?.hasSuffix(
                "(the total of 7 instances is reached; raise --max-total-instances)") == true)
        #expect(
            said.last?.message == "Series 'y' is not expanded: the total of 7 instances is reached"
        )
    }

    /// A rule whose COUNT is reached on the budget's last step ended: nothing is said.
    @Test func ruleEndingOnTheLastStepIsNotCut() throws {
        var limits = ExpansionLimits()
        limits.iterationsPerSeries = 150
        // Three steps a day (the interval, its day, the time made): 150 for 50 instances.
        let (loaded, _) = try Self.load([("x", "FREQ=DAILY;COUNT=50")], limits: limits)
        #expect(loaded.events.count == 50)
        #expect(Self.limitDiagnostics(loaded).isEmpty)
        limits.iterationsPerSeries = 149
        let (cut, _) = try Self.load([("x", "FREQ=DAILY;COUNT=50")], limits: limits)
        #expect(cut.events.count == 49)
        #expect(Self.limitDiagnostics(cut).count == 1)
    }

    /// `--max-iterations 100` on a SECONDLY rule takes 100 steps, not a whole day's: the day,
    /// the hour and the first minute (3 steps), the 60 seconds of that minute, the next minute,
    /// and 36 of its seconds: 96 instances, the last one 95 seconds after DTSTART.
    @Test func secondlyRuleTakesExactlyItsStepsAndNamesTheLastInstance() throws {
        var limits = ExpansionLimits()
        limits.iterationsPerSeries = 100
        let budget = ExpansionBudget(limits: limits, instancesLeft: limits.totalInstances)
        let origin = try LocalDateTime(parsing: "2026-01-01T00:00")
        let rule = try #require(SubDailyRule(try RecurrenceRule(parsing: "FREQ=SECONDLY")))
        var walk = RuleWalk(
            budget: budget, origin: origin,
            range: origin...(try LocalDateTime(parsing: "2028-01-01T00:00")), until: nil,
            count: nil, countsOrigin: true, cap: limits.instancesPerSeries)
        rule.expand(&walk)
        #expect(budget.steps == 100)
        #expect(walk.stop == .steps)
        #expect(walk.found.count == 100 - 4)
        #expect(walk.reached == (try origin.adding(seconds: 95)))
        #expect(walk.found.last == walk.reached)
    }

    /// A YEARLY rule of every week number, weekday, hour and minute with BYSETPOS (a
    /// 500-byte rule) takes 534,612 steps for its first week-year (the interval, the 371 days
    /// of ISO 2026's 53 weeks, and 1,440 minutes of each) and stops in the second at the
    /// default budget: the one instance listed is the last minute of ISO 2026, Sunday
    /// 3 January 2027 23:59.
    @Test func weekNumberRuleStopsAtTheDefaultBudget() throws {
        let limits = ExpansionLimits()
        let budget = ExpansionBudget(limits: limits, instancesLeft: limits.totalInstances)
        let text =
            "FREQ=YEARLY;BYWEEKNO=\(Self.all(1...53));BYDAY=MO,TU,WE,TH,FR,SA,SU;BYHOUR=\(Self.all(0...23));BYMINUTE=\(Self.all(0...59));BYSETPOS=-1;COUNT=20"
        #expect(text.utf8.count > 450)
        let origin = try LocalDateTime(parsing: "2026-01-01T00:00")
        let rule = try #require(
            WeekNumberRule(
                try RecurrenceRule(parsing: text), origin: .dateTime(origin, isUTC: false)))
        var walk = RuleWalk(
            budget: budget, origin: origin, range: origin...LocalDateTime(startOf: .maximum),
            until: nil, count: 20, countsOrigin: true, cap: limits.instancesPerSeries)
        rule.expand(&walk)
        #expect(budget.steps == limits.iterationsPerSeries)
        #expect(walk.stop == .steps)
        #expect(walk.found == [try LocalDateTime(parsing: "2027-01-03T23:59")])
    }

    /// BYSETPOS: a set the steps cut short is not picked from. A DAILY rule of every second
    /// makes 86,400 times a day; 200,000 steps make two days' whole, and the third, cut short,
    /// gives nothing: its last second is not yet made.
    @Test func setPositionsPickNothingFromASetTheStepsCut() throws {
        var limits = ExpansionLimits()
        limits.iterationsPerSeries = 200_000
        let rule =
            "FREQ=DAILY;BYHOUR=\(Self.all(0...23));BYMINUTE=\(Self.all(0...59));BYSECOND=\(Self.all(0...59));BYSETPOS=-1;UNTIL=20260201T000000"
        #expect(try Self.family(of: rule) == .calendar)
        let (loaded, lines) = try Self.load([("d", rule)], limits: limits)
        // DTSTART, then the last second of 1 and 2 January.
        #expect(
            loaded.events.map(\.interval.start) == [
                try LocalDateTime(parsing: "2026-01-01T09:00"),
                try LocalDateTime(parsing: "2026-01-01T23:59:59"),
                try LocalDateTime(parsing: "2026-01-02T23:59:59"),
            ])
        let said = Self.limitDiagnostics(loaded)
        #expect(said.map(\.line) == [lines[0]])
        #expect(said.first?.message == "RRULE took 200000 iteration steps without ending")
    }

    /// A MONTHLY BYSETPOS rule whose month has more candidates than the budget lists nothing
    /// of it, and says so, where it once listed DTSTART alone without a word.
    @Test func monthlySetPositionsOverTheBudgetAreSaid() throws {
        var limits = ExpansionLimits()
        limits.iterationsPerSeries = 40_000
        // 31 × 1,440 = 44,640 candidates in January.
        let rule =
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYHOUR=\(Self.all(0...23));BYMINUTE=\(Self.all(0...59));BYSETPOS=-1;UNTIL=20260601T000000"
        let (loaded, lines) = try Self.load([("m", rule)], limits: limits)
        #expect(loaded.events.count == 1)
        let said = Self.limitDiagnostics(loaded)
        #expect(said.map(\.line) == [lines[0]])
        #expect(
            said.first?.assumption
                == "it stops before it gives an instance (raise --max-iterations)")
    }

    /// An EXRULE draws on the series' steps and its instances are capped too: both are said at
    /// its line, for what it fails to take out.
    @Test func exceptionRulesAreBudgetedAndSaid() throws {
        func load(_ limits: ExpansionLimits) throws -> LoadedCalendar {
            let body = Fixture.event(
                "e",
                "DTSTART:\(Self.start)\nRRULE:FREQ=DAILY;COUNT=30\nEXRULE:FREQ=MINUTELY;COUNT=100000"
            )
            return try CalendarLoader.load(
                [.memory(name: "budget.ics", bytes: Fixture.calendar(body))],
                options: LoadOptions(zone: try Fixture.zone("UTC"), expansion: limits))
        }
        var steps = ExpansionLimits()
        steps.iterationsPerSeries = 1_000
        let stepped = try load(steps)
        #expect(
            Self.limitDiagnostics(stepped).map(\.message) == [
                "EXRULE took 1000 iteration steps without ending"
            ])
        #expect(Self.limitDiagnostics(stepped).first?.line == 9)
        var instances = ExpansionLimits()
        instances.instancesPerSeries = 50
        let capped = try load(instances)
        // The EXRULE takes out DTSTART's minute only (the other days' 09:00 are past its 50).
        #expect(capped.events.count == 29)
        #expect(
            Self.limitDiagnostics(capped).map(\.message) == [
                "EXRULE has more than 50 instances in range"
            ])
        // Its 50th instance is 49 minutes after DTSTART.
        #expect(
            Self.limitDiagnostics(capped).first?.assumption
                == "only the first 50 are taken out, up to 2026-01-01T09:49 (raise --max-instances)"
        )
    }

    /// `validate` runs the same expansion: a rule it cannot expand in full under the budget
    /// is a finding, with the code and the rule's line, so the file is not called clean.
    @Test func validateReportsARuleTheBudgetCuts() throws {
        var options = LoadOptions(zone: try Fixture.zone("UTC"))
        // 16 candidates a day: 400 instances would take 6,400 steps.
        options.expansion.iterationsPerSeries = 1_000
        let body = Fixture.event(
            "v",
            "DTSTART:\(Self.start)\nRRULE:FREQ=DAILY;BYHOUR=9,10,11,12;BYMINUTE=0,15,30,45;BYSETPOS=1;COUNT=400"
        )
        let findings = try Validator.validate(
            .memory(name: "v.ics", bytes: Fixture.calendar(body)), options: options)
        let limit = findings.filter { $0.code == .expansionLimit }
        #expect(limit.map(\.severity) == [.warning])
        #expect(limit.map(\.line) == [8])
        #expect(limit.first?.assumption?.hasSuffix("(raise --max-iterations)") == true)
    }
}
