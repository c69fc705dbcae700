import ChronoSketchCore
import TestSupport
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// SPEC §3's recurrence rules, case by case.
@Suite struct SeriesExpansionTests {
    private func load(
        _ body: String, zone: String = "Europe/Berlin", from: String? = nil, to: String? = nil,
        header: String = "", limits: ExpansionLimits = ExpansionLimits(),
        wrTimezone: WRTimezonePolicy = .apply
    ) throws -> LoadedCalendar {
        try loadFiles(
            [("test.ics", body)], zone: zone, from: from, to: to, header: header, limits: limits,
            wrTimezone: wrTimezone)
    }

    private func loadFiles(
        _ files: [(String, String)], zone: String = "Europe/Berlin", from: String? = nil,
        to: String? = nil, header: String = "", limits: ExpansionLimits = ExpansionLimits(),
        wrTimezone: WRTimezonePolicy = .apply
    ) throws -> LoadedCalendar {
        let options = LoadOptions(
            zone: try Fixture.zone(zone), from: try from.map(CivilDate.init(parsing:)),
            to: try to.map(CivilDate.init(parsing:)), wrTimezone: wrTimezone, expansion: limits)
        return try CalendarLoader.load(
            files.map { .memory(name: $0.0, bytes: Fixture.calendar($0.1, header: header)) },
            options: options)
    }

    private func spans(_ loaded: LoadedCalendar) -> [String] {
        loaded.events.map { "\($0.interval.startText)/\($0.interval.endText)" }
    }

    // MARK: - Clock and zones

    @Test func weeklySeriesKeepsItsWallClockAcrossBothBerlinChanges() throws {
        let body = Fixture.event(
            "w",
            "DTSTART;TZID=Europe/Berlin:20260316T090000\nDTEND;TZID=Europe/Berlin:20260316T100000\nRRULE:FREQ=WEEKLY;UNTIL=20261103T000000Z"
        )
        let local = try load(body)
        #expect(local.events.count == 34)
        #expect(
            local.events.allSatisfy {
                $0.interval.start.timeText == "09:00" && $0.interval.end.timeText == "10:00"
            })
        let utc = try load(body, zone: "UTC")
        #expect(
            Array(utc.events.map(\.interval.start.description).prefix(3)) == [
                "2026-03-16T08:00", "2026-03-23T08:00", "2026-03-30T07:00",
            ])
        #expect(
            Array(utc.events.map(\.interval.start.description).suffix(3)) == [
                "2026-10-19T07:00", "2026-10-26T08:00", "2026-11-02T08:00",
            ])
        #expect(utc.events.first?.id == "w#2026-03-16T09:00")
        #expect(
            utc.events.first?.originalStart
                == .zoned(try LocalDateTime(parsing: "2026-03-16T09:00"), tzid: "Europe/Berlin"))
    }

    @Test func seriesKeepsItsWallClockAcrossNewYorkChanges() throws {
        let body = Fixture.event(
            "ny",
            "DTSTART;TZID=America/New_York:20261025T090000\nDURATION:PT30M\nRRULE:FREQ=WEEKLY;COUNT=3"
        )
        let utc = try load(body, zone: "UTC")
        #expect(
            spans(utc) == [
                "2026-10-25T13:00/2026-10-25T13:30", "2026-11-01T14:00/2026-11-01T14:30",
                "2026-11-08T14:00/2026-11-08T14:30",
            ])
    }

    @Test func dtendGivesEveryInstanceTheSameExactLength() throws {
        // 01:30 CET to 03:30 CEST is one hour, so the next night's instance lasts one hour too.
        let body = Fixture.event(
            "x",
            "DTSTART;TZID=Europe/Berlin:20260329T013000\nDTEND;TZID=Europe/Berlin:20260329T033000\nRRULE:FREQ=DAILY;COUNT=2"
        )
        #expect(
            spans(try load(body)) == [
                "2026-03-29T01:30/2026-03-29T03:30", "2026-03-30T01:30/2026-03-30T02:30",
            ])
    }

    @Test func wholeDayDurationKeepsTheWallClockForEveryInstance() throws {
        let body = Fixture.event(
            "x",
            "DTSTART;TZID=Europe/Berlin:20260327T090000\nDURATION:P1D\nRRULE:FREQ=DAILY;COUNT=2")
        #expect(
            spans(try load(body)) == [
                "2026-03-27T09:00/2026-03-28T09:00", "2026-03-28T09:00/2026-03-29T09:00",
            ])
    }

    @Test func instanceInTheSpringGapIsReadWithTheOffsetBeforeIt() throws {
        // libical 3.0.16 converts Berlin 02:30 on 2026-03-29 to 00:30Z; RFC 5545 §3.3.5 says 01:30Z.
        let body = Fixture.event(
            "gap", "DTSTART;TZID=Europe/Berlin:20260328T023000\nRRULE:FREQ=DAILY;COUNT=3")
        let utc = try load(body, zone: "UTC")
        #expect(
            utc.events.map(\.interval.start.description) == [
                "2026-03-28T01:30", "2026-03-29T01:30", "2026-03-30T00:30",
            ])
        #expect(utc.events[1].id == "gap#2026-03-29T02:30")
        #expect(
            utc.messages.contains {
                $0.hasPrefix(
                    "test.ics:7: warning: 2026-03-29T02:30 does not exist in Europe/Berlin")
            })
    }

    @Test func instanceInTheAutumnFoldMeansItsFirstOccurrence() throws {
        // libical 3.0.16 converts Berlin 02:30 on 2026-10-25 to 01:30Z; the first occurrence is 00:30Z.
        let body = Fixture.event(
            "fold", "DTSTART;TZID=Europe/Berlin:20261024T023000\nRRULE:FREQ=DAILY;COUNT=3")
        #expect(
            try load(body, zone: "UTC").events.map(\.interval.start.description) == [
                "2026-10-24T00:30", "2026-10-25T00:30", "2026-10-26T01:30",
            ])
    }

    @Test func utcSeriesFollowsTheCalendarsWallClockUnlessIgnored() throws {
        let body = Fixture.event(
            "g", "DTSTART:20261019T140000Z\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;COUNT=3")
        let header = "X-WR-TIMEZONE:America/New_York"
        #expect(
            try load(body, zone: "UTC", header: header).events.map(\.interval.start.description)
                == [
                    "2026-10-19T14:00", "2026-10-26T14:00", "2026-11-02T15:00",
                ])
        #expect(
            try load(body, zone: "UTC", header: header, wrTimezone: .ignore).events.map(
                \.interval.start.description) == [
                    "2026-10-19T14:00", "2026-10-26T14:00", "2026-11-02T14:00",
                ])
    }

    @Test func windowsZoneNamesResolveWithoutAVTimezone() throws {
        let body = Fixture.event(
            "win", "DTSTART;TZID=W. Europe Standard Time:20260706T090000\nDURATION:PT1H")
        let loaded = try load(body, zone: "UTC")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.events.first?.interval.startText == "2026-07-06T07:00")
        let display = Fixture.event(
            "disp",
            "DTSTART;TZID=\"(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna\":20260106T090000"
        )
        #expect(
            try load(display, zone: "UTC").events.first?.interval.startText == "2026-01-06T08:00")
    }

    @Test func dashedNamesAreReadWithAWarning() throws {
        let loaded = try load(
            Fixture.event("d", "DTSTART;TZID=America-Chicago:20260106T090000"), zone: "UTC")
        #expect(loaded.events.first?.interval.startText == "2026-01-06T15:00")
        #expect(
            loaded.messages == [
                "test.ics:7: warning: TZID 'America-Chicago' names no VTIMEZONE and no zone; read as America/Chicago"
            ])
    }

    // MARK: - The recurrence set

    /// RFC 5545 §3.3.10: "The DTSTART property value always counts as the first occurrence",
    /// so a Thursday DTSTART and a rule of Mondays with COUNT=2 give the Thursday and one Monday.
    @Test func dtstartCountsAsTheFirstOccurrenceEvenOffTheRule() throws {
        let body = Fixture.event(
            "o", "DTSTART;VALUE=DATE:20260903\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2")
        #expect(spans(try load(body)) == ["2026-09-03/2026-09-04", "2026-09-07/2026-09-08"])
        let untilBound = Fixture.event(
            "u", "DTSTART;VALUE=DATE:20260903\nRRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20260914")
        #expect(
            spans(try load(untilBound)) == [
                "2026-09-03/2026-09-04", "2026-09-07/2026-09-08", "2026-09-14/2026-09-15",
            ])
    }

    /// Outlook's "last weekday of the month": BYSETPOS picks from each month's weekdays, and
    /// the Thursday DTSTART (not a last weekday) counts as the first occurrence.
    @Test func setPositionsPickFromEachIntervalsWholeSet() throws {
        let body = Fixture.event(
            "l",
            "DTSTART:20260129T090000\nDURATION:PT1H\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=4"
        )
        let loaded = try load(body)
        #expect(
            spans(loaded).map { String($0.prefix(10)) } == [
                "2026-01-29", "2026-01-30", "2026-02-27", "2026-03-31",
            ])
        #expect(loaded.messages.isEmpty, "\(loaded.messages)")
        // Weekly, the last of Monday, Wednesday and Friday is the Friday, also in a window far
        // from DTSTART and across a change of WKST's week.
        let weekly = Fixture.event(
            "w",
            "DTSTART;VALUE=DATE:20260102\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=-1;WKST=SU")
        #expect(
            spans(try load(weekly, from: "2027-03-01", to: "2027-03-15")) == [
                "2027-03-05/2027-03-06", "2027-03-12/2027-03-13",
            ])
        // A position no interval has: DTSTART alone, without walking to the step limit.
        let none = Fixture.event(
            "n", "DTSTART;VALUE=DATE:20260105\nRRULE:FREQ=WEEKLY;BYDAY=MO;BYSETPOS=5;UNTIL=20270105"
        )
        let lonely = try load(none)
        #expect(spans(lonely) == ["2026-01-05/2026-01-06"])
        #expect(lonely.messages.isEmpty, "\(lonely.messages)")
        // Daily, the second and the last of the hours a day has.
        let daily = Fixture.event(
            "d",
            "DTSTART:20260301T080000\nDURATION:PT15M\nRRULE:FREQ=DAILY;BYHOUR=8,12,17;BYSETPOS=2,-1;COUNT=4"
        )
        #expect(
            spans(try load(daily)).map { String($0.prefix(16)) } == [
                "2026-03-01T08:00", "2026-03-01T12:00", "2026-03-01T17:00", "2026-03-02T12:00",
            ])
    }

    /// Days counted from the end limit a DAILY rule (libical 3.0.16 gives none of them).
    @Test func negativeDaysLimitADailyRule() throws {
        let body = Fixture.event(
            "n", "DTSTART;VALUE=DATE:20240130\nRRULE:FREQ=DAILY;BYMONTHDAY=-1,-2;COUNT=5")
        let loaded = try load(body)
        #expect(
            spans(loaded).map { String($0.prefix(10)) } == [
                "2024-01-30", "2024-01-31", "2024-02-28", "2024-02-29", "2024-03-30",
            ])
        #expect(loaded.messages.isEmpty, "\(loaded.messages)")
        let lastOfYear = Fixture.event(
            "y", "DTSTART;VALUE=DATE:20241230\nRRULE:FREQ=DAILY;BYYEARDAY=-1;UNTIL=20261231")
        #expect(
            spans(try load(lastOfYear)).map { String($0.prefix(10)) } == [
                "2024-12-30", "2024-12-31", "2025-12-31", "2026-12-31",
            ])
    }

    /// RFC 5545 sets no bound on INTERVAL: every frequency takes one up to 2^31−1, counted
    /// from DTSTART (libical 3.0.16 keeps it in 16 bits). A step past 9999 ends the series.
    @Test(arguments: [
        ("FREQ=SECONDLY;INTERVAL=90061;COUNT=3", ["2026-01-02T10:01:01", "2026-01-03T11:02:02"]),
        ("FREQ=SECONDLY;INTERVAL=86400;COUNT=3", ["2026-01-02T09:00", "2026-01-03T09:00"]),
        (
            "FREQ=SECONDLY;INTERVAL=2147483647;COUNT=3",
            ["2094-01-19T12:14:07", "2162-02-07T15:28:14"]
        ),
        ("FREQ=MINUTELY;INTERVAL=100000;COUNT=3", ["2026-03-11T19:40", "2026-05-20T06:20"]),
        ("FREQ=HOURLY;INTERVAL=40000;COUNT=2", ["2030-07-26T01:00"]),
        ("FREQ=DAILY;INTERVAL=1000000;COUNT=3", ["4763-11-29T09:00", "7501-10-26T09:00"]),
        ("FREQ=WEEKLY;INTERVAL=100000;COUNT=2", ["3942-07-16T09:00"]),
        ("FREQ=MONTHLY;INTERVAL=50000;COUNT=2", ["6192-09-01T09:00"]),
        ("FREQ=YEARLY;INTERVAL=2147483647;COUNT=2", []),
    ])
    func anyIntervalIsExpanded(rule: String, after: [String]) throws {
        let loaded = try load(
            Fixture.event("i", "DTSTART:20260101T090000\nRRULE:\(rule)"), zone: "UTC",
            to: "9999-12-31")
        #expect(loaded.events.map(\.interval.startText) == ["2026-01-01T09:00"] + after)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.messages)")
    }

    /// A sub-daily rule whose INTERVAL is an hour or more walks its own units, not every hour
    /// and minute of the day: daily in seconds or in minutes lists every day of twenty years
    /// within the default budget.
    @Test(arguments: ["FREQ=SECONDLY;INTERVAL=86400", "FREQ=MINUTELY;INTERVAL=1440"])
    func aLargeSubDailyIntervalWalksItsOwnUnits(rule: String) throws {
        let loaded = try load(
            Fixture.event("d", "DTSTART:20260101T090000\nRRULE:\(rule)"), zone: "UTC",
            from: "2580-01-01", to: "2600-01-01")
        #expect(loaded.events.count == 7_305)
        #expect(loaded.events.last?.interval.startText == "2599-12-31T09:00")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.messages)")
    }

    /// The parts RFC 5545 §3.3.10 leaves out of a frequency are said (`rule-misuse`) and read
    /// as limits of the days, as python-dateutil reads them; a part read as a limit drops the
    /// day DTSTART would otherwise imply.
    @Test(arguments: [
        (
            "FREQ=DAILY;BYYEARDAY=-1;COUNT=3", ["2026-01-01", "2026-12-31", "2027-12-31"],
            "BYYEARDAY with FREQ=DAILY"
        ),
        (
            "FREQ=WEEKLY;BYMONTHDAY=1,15;COUNT=4",
            ["2026-01-01", "2026-01-15", "2026-02-01", "2026-02-15"],
            "BYMONTHDAY with FREQ=WEEKLY"
        ),
        (
            "FREQ=MONTHLY;BYYEARDAY=1,-1;COUNT=3", ["2026-01-01", "2026-12-31", "2027-01-01"],
            "BYYEARDAY with FREQ=MONTHLY"
        ),
        (
            "FREQ=WEEKLY;BYWEEKNO=1,3;BYDAY=TH;COUNT=3",
            ["2026-01-01", "2026-01-15", "2027-01-07"],
            "BYWEEKNO with FREQ=WEEKLY"
        ),
        (
            "FREQ=HOURLY;INTERVAL=24;BYWEEKNO=-1;COUNT=2", ["2026-01-01", "2026-12-28"],
            "BYWEEKNO with FREQ=HOURLY"
        ),
        (
            "FREQ=MONTHLY;BYMONTHDAY=1;BYWEEKNO=1;BYYEARDAY=1;COUNT=2",
            ["2026-01-01", "2029-01-01"],
            "BYWEEKNO and BYYEARDAY with FREQ=MONTHLY"
        ),
    ])
    func partsOutsideTheirFrequencyAreSaidAndLimit(rule: String, days: [String], said: String)
        throws
    {
        let loaded = try load(
            Fixture.event("p", "DTSTART;VALUE=DATE:20260101\nRRULE:\(rule)"), to: "2030-01-01")
        #expect(loaded.events.map(\.interval.startText) == days)
        #expect(
            loaded.diagnostics.map(\.message) == [
                "\(said), which RFC 5545 §3.3.10 does not allow"
            ])
        #expect(loaded.diagnostics.map(\.code) == [.ruleMisuse])
    }

    /// RFC 7529's SKIP belongs to RSCALE: without it, it is said and read as OMIT; with the
    /// Gregorian scale, BACKWARD and FORWARD move a day that does not exist.
    @Test func skipBelongsToRSCALE() throws {
        func days(_ rule: String) throws -> (days: [String], said: [String]) {
            let loaded = try load(
                Fixture.event("s", "DTSTART;VALUE=DATE:20240229\nRRULE:\(rule)"), to: "2030-01-01")
            return (loaded.events.map(\.interval.startText), loaded.diagnostics.map(\.message))
        }
        let omitted = try days("FREQ=YEARLY;SKIP=BACKWARD;COUNT=2")
        #expect(omitted.days == ["2024-02-29", "2028-02-29"])
        #expect(omitted.said == ["RRULE has SKIP=BACKWARD without RSCALE, which RFC 7529 requires"])
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=BACKWARD;COUNT=3").days == [
                "2024-02-29", "2025-02-28", "2026-02-28",
            ])
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD;COUNT=3").days == [
                "2024-02-29", "2025-03-01", "2026-03-01",
            ])
        // A leap month, which the Gregorian calendar never has: OMIT leaves it out, BACKWARD
        // reads the month before it and FORWARD the month after.
        #expect(try days("RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=3L;COUNT=2").days == ["2024-02-29"])
        #expect(
            try days("RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=3L;BYMONTHDAY=1;SKIP=FORWARD;COUNT=2")
                .days == ["2024-02-29", "2024-04-01"])
    }

    /// A rule of another calendar scale is libical's, within its bounds: an INTERVAL over
    /// 32,767 is said and adds nothing.
    @Test func anotherScaleKeepsLibicalsInterval() throws {
        let loaded = try load(
            Fixture.event(
                "h", "DTSTART;VALUE=DATE:20240516\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;INTERVAL=40000"),
            to: "2030-01-01")
        #expect(loaded.events.map(\.interval.startText) == ["2024-05-16"])
        #expect(
            loaded.diagnostics.map(\.message) == [
                "RRULE has RSCALE=HEBREW and an INTERVAL over 32767, the most libical keeps"
            ])
        #expect(loaded.diagnostics.map(\.code) == [.unexpandableRule])
    }

    /// RFC 5545 §3.3.10 allows a BYDAY ordinal only with MONTHLY and YEARLY rules: in any other
    /// frequency it is said and read as the weekday alone (libical 3.0.16 lists a Wednesday for
    /// `FREQ=WEEKLY;BYDAY=1TU,-1TH`, and one instance of the DAILY form).
    @Test(arguments: [
        ("FREQ=WEEKLY;COUNT=4;BYDAY=1TU,-1TH", ["12-01", "12-03", "12-08", "12-10"]),
        ("FREQ=DAILY;COUNT=3;BYDAY=1TU", ["12-01", "12-08", "12-15"]),
        ("FREQ=HOURLY;INTERVAL=24;COUNT=3;BYDAY=-2TU", ["12-01", "12-08", "12-15"]),
    ])
    func anOrdinalOutsideMonthlyAndYearlyIsReadAsTheWeekdayAlone(rule: String, days: [String])
        throws
    {
        let loaded = try load(
            Fixture.event("o", "DTSTART:20261201T090000Z\nRRULE:\(rule)"), zone: "UTC")
        #expect(spans(loaded).map { String($0.dropFirst(5).prefix(5)) } == days)
        let said = loaded.diagnostics.filter { $0.code == .ruleMisuse }
        #expect(said.count == 1)
        #expect(
            said.first?.message
                == "BYDAY has an ordinal, which RFC 5545 allows only with MONTHLY and YEARLY rules; read as the weekday alone"
        )
    }

    /// Every INTERVAL-th week counts from DTSTART's week, the weeks starting on WKST (libical
    /// 3.0.16 lands in other weeks with a Sunday or another WKST).
    @Test func weeklyIntervalsCountWeeksFromWKST() throws {
        let sunday = Fixture.event(
            "s", "DTSTART;VALUE=DATE:20220304\nRRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=3;INTERVAL=3")
        // Friday 4 March: its Monday week holds Sunday 6 March, the first occurrence after it.
        #expect(
            spans(try load(sunday)).map { String($0.prefix(10)) } == [
                "2022-03-04", "2022-03-06", "2022-03-27",
            ])
        let saturdayWeeks = Fixture.event(
            "w",
            "DTSTART:20250825T090000\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;WKST=SA;BYDAY=TU,SU;INTERVAL=2;COUNT=4"
        )
        #expect(
            spans(try load(saturdayWeeks)).map { String($0.prefix(10)) } == [
                "2025-08-25", "2025-08-26", "2025-09-07", "2025-09-09",
            ])
        // A window far from DTSTART skips to it and keeps the weeks.
        #expect(
            spans(
                try load(
                    sunday.replacingOccurrences(of: "COUNT=3", with: "UNTIL=20300101"),
                    from: "2029-01-01", to: "2029-02-01")
            ).map { String($0.prefix(10)) } == [
                "2029-01-07", "2029-01-28",
            ])
    }

    /// YEARLY week numbers go by week-years to the last year there is: 9999's week one starts
    /// on Monday 4 January, and a window over it needs no year after 9999.
    @Test func weekNumbersReachTheLastYear() throws {
        let body = Fixture.event(
            "w", "DTSTART:20260105T090000\nDURATION:PT1H\nRRULE:FREQ=YEARLY;BYWEEKNO=1,-1;BYDAY=MO")
        #expect(
            spans(try load(body, from: "9998-06-01", to: "9999-12-31")).map {
                String($0.prefix(10))
            } == [
                // 9998's last week (53) opens on 28 December; 9999's week one on 4 January,
                // its last (52) on 27 December.
                "9998-12-28", "9999-01-04", "9999-12-27",
            ])
    }

    /// BYYEARDAY is a limit of DAILY days, which libical 3.0.16 refuses, and the days of a
    /// YEARLY rule that BYMONTH and BYDAY then limit, which it cannot expand together.
    @Test func yearDaysOfDailyAndYearlyRules() throws {
        let daily = Fixture.event(
            "d", "DTSTART;VALUE=DATE:20260207\nRRULE:FREQ=DAILY;BYYEARDAY=1,-1;COUNT=3")
        #expect(
            spans(try load(daily)).map { String($0.prefix(10)) } == [
                "2026-02-07", "2026-12-31", "2027-01-01",
            ])
        // Days 32, 60 and 61 of each year (1 February; 29 February or 1 March; 1 or 2 March),
        // kept when they are in March and on a Sunday.
        let yearly = Fixture.event(
            "y",
            "DTSTART;VALUE=DATE:20200301\nRRULE:FREQ=YEARLY;BYYEARDAY=32,60,61;BYMONTH=3;BYDAY=SU;COUNT=3"
        )
        #expect(
            spans(try load(yearly)).map { String($0.prefix(10)) } == [
                "2020-03-01", "2025-03-02", "2026-03-01",
            ])
    }

    /// A YEARLY rule's BYMONTHDAY without BYMONTH is in DTSTART's month (RFC 5545 §3.3.10:
    /// what the rule does not say is derived from DTSTART; libical 4.0.3 expects so).
    @Test func yearlyMonthDaysKeepDTSTARTsMonth() throws {
        let body = Fixture.event(
            "y", "DTSTART;VALUE=DATE:20251201\nRRULE:FREQ=YEARLY;BYMONTHDAY=-2;COUNT=3")
        #expect(
            spans(try load(body)).map { String($0.prefix(10)) } == [
                "2025-12-01", "2025-12-30", "2026-12-30",
            ])
    }

    /// DTSTART counts as the first occurrence of an hourly rule's COUNT too.
    @Test func hourlyCountsDTSTARTFirst() throws {
        let body = Fixture.event(
            "h", "DTSTART:20220713T140000\nDURATION:PT5M\nRRULE:FREQ=HOURLY;BYMINUTE=20;COUNT=3")
        #expect(
            spans(try load(body)).map { String($0.prefix(16)) } == [
                "2022-07-13T14:00", "2022-07-13T14:20", "2022-07-13T15:20",
            ])
    }

    /// libical 3.0.16 gives an instance twice when a BY list repeats a value; each counts once.
    @Test func aRepeatedByValueCountsOnce() throws {
        let body = Fixture.event(
            "r", "DTSTART:20111120T100000\nDURATION:PT1H\nRRULE:FREQ=WEEKLY;COUNT=3;BYDAY=SU,TH,TH")
        #expect(
            spans(try load(body)).map { String($0.prefix(16)) } == [
                "2011-11-20T10:00", "2011-11-24T10:00", "2011-11-27T10:00",
            ])
    }

    /// RFC 5545 §3.3.10: BYHOUR, BYMINUTE and BYSECOND "MUST be ignored" on a DATE DTSTART.
    @Test func timePartsOfARuleOnDatesAreIgnoredAndSaid() throws {
        let body = Fixture.event(
            "d", "DTSTART;VALUE=DATE:20241018\nRRULE:FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3"
        )
        let loaded = try load(body)
        #expect(
            spans(loaded) == [
                "2024-10-18/2024-10-19", "2024-10-20/2024-10-21", "2024-10-22/2024-10-23",
            ])
        #expect(
            loaded.messages.contains {
                $0.contains("RRULE has BYMINUTE but DTSTART is a date; it is ignored")
            })
    }

    @Test func severalRulesAndRDatesUnite() throws {
        let body = Fixture.event(
            "u",
            """
            DTSTART:20260907T090000
            DURATION:PT1H
            RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2
            RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=2
            RDATE:20260910T120000,20260907T090000
            RDATE;VALUE=DATE:20260911
            RDATE;VALUE=PERIOD:20260912T100000/PT3H
            """)
        // The RDATE equal to DTSTART gives one instance, not two as in libical's foreach helper.
        // The Wednesday rule's COUNT=2 counts the Monday DTSTART first (RFC 5545 §3.3.10), so it
        // adds one Wednesday.
        #expect(
            spans(try load(body)) == [
                "2026-09-07T09:00/2026-09-07T10:00", "2026-09-09T09:00/2026-09-09T10:00",
                "2026-09-10T12:00/2026-09-10T13:00", "2026-09-11T09:00/2026-09-11T10:00",
                "2026-09-12T10:00/2026-09-12T13:00", "2026-09-14T09:00/2026-09-14T10:00",
            ])
    }

    @Test func exdateMatchesByValueTypeAndZone() throws {
        let body = Fixture.event(
            "e",
            """
            DTSTART;TZID=Europe/Berlin:20260907T090000
            DURATION:PT1H
            RRULE:FREQ=DAILY;COUNT=6
            EXDATE;VALUE=DATE:20260908
            EXDATE:20260909T070000Z
            EXDATE;TZID=America/New_York:20260910T030000
            EXDATE:20260911T090000Z
            """)
        #expect(
            try load(body).events.map { $0.recurrenceId?.text } == [
                "2026-09-07T09:00", "2026-09-11T09:00", "2026-09-12T09:00",
            ])
    }

    @Test func exruleRemovesItsInstances() throws {
        let body = Fixture.event(
            "x",
            "DTSTART;VALUE=DATE:20260907\nRRULE:FREQ=DAILY;COUNT=7\nEXRULE:FREQ=WEEKLY;BYDAY=SA,SU")
        #expect(try load(body).events.count == 5)
    }

    @Test func allDaySeriesWithExdateAndOverride() throws {
        let body = [
            Fixture.event(
                "a",
                "DTSTART;VALUE=DATE:20260907\nRRULE:FREQ=DAILY;COUNT=4\nEXDATE;VALUE=DATE:20260908"),
            Fixture.event(
                "a", "RECURRENCE-ID;VALUE=DATE:20260909\nDTSTART;VALUE=DATE:20260911\nSUMMARY:Moved"
            ),
        ].joined(separator: "\n")
        let loaded = try load(body)
        #expect(
            spans(loaded) == [
                "2026-09-07/2026-09-08", "2026-09-10/2026-09-11", "2026-09-11/2026-09-12",
            ])
        #expect(loaded.events.last?.id == "a#2026-09-09")
    }

    // MARK: - Overrides

    @Test func overrideReplacesItsInstance() throws {
        // libical 3.0.16's icalcomponent_foreach_recurrence still lists 2026-09-08T09:00Z here.
        let body = [
            Fixture.event(
                "s",
                "DTSTART:20260907T090000Z\nDTEND:20260907T100000Z\nRRULE:FREQ=DAILY;COUNT=3\nSUMMARY:Sync"
            ),
            Fixture.event(
                "s",
                "RECURRENCE-ID:20260908T090000Z\nDTSTART:20260908T150000Z\nDTEND:20260908T160000Z\nSUMMARY:Sync (moved)"
            ),
        ].joined(separator: "\n")
        let loaded = try load(body, zone: "UTC")
        #expect(
            loaded.events.map { "\($0.interval.startText) \($0.title)" } == [
                "2026-09-07T09:00 Sync", "2026-09-08T15:00 Sync (moved)", "2026-09-09T09:00 Sync",
            ])
        #expect(loaded.events[1].id == "s#2026-09-08T09:00Z")
    }

    @Test func overrideInAnotherFileAndInAnotherZoneStillReplaces() throws {
        let master = Fixture.event(
            "m",
            "DTSTART;TZID=Europe/Berlin:20260907T090000\nDURATION:PT1H\nRRULE:FREQ=DAILY;COUNT=3")
        let override = Fixture.event(
            "m",
            "RECURRENCE-ID:20260908T070000Z\nDTSTART;TZID=Europe/Berlin:20260908T230000\nDURATION:PT2H\nSUMMARY:Late"
        )
        let loaded = try loadFiles([("override.ics", override), ("master.ics", master)])
        #expect(
            spans(loaded) == [
                "2026-09-07T09:00/2026-09-07T10:00", "2026-09-08T23:00/2026-09-09T01:00",
                "2026-09-09T09:00/2026-09-09T10:00",
            ])
        #expect(loaded.events[1].id == "m#2026-09-08T09:00")
        #expect(loaded.events[1].source.file == "override.ics")
    }

    @Test func overridesMoveInstancesIntoAndOutOfTheWindow() throws {
        let body = [
            Fixture.event("w", "DTSTART;VALUE=DATE:20260901\nRRULE:FREQ=WEEKLY;COUNT=4"),
            Fixture.event(
                "w", "RECURRENCE-ID;VALUE=DATE:20260901\nDTSTART;VALUE=DATE:20260916\nSUMMARY:In"),
            Fixture.event(
                "w", "RECURRENCE-ID;VALUE=DATE:20260915\nDTSTART;VALUE=DATE:20261001\nSUMMARY:Out"),
        ].joined(separator: "\n")
        let loaded = try load(body, from: "2026-09-14", to: "2026-09-21")
        #expect(loaded.events.map(\.id) == ["w#2026-09-01"])
        #expect(loaded.events.first?.title == "In")
    }

    @Test func dateRecurrenceIdReplacesTheTimedInstanceOfThatDay() throws {
        let body = [
            Fixture.event(
                "t", "DTSTART;TZID=Europe/Berlin:20260907T090000\nRRULE:FREQ=DAILY;COUNT=3"),
            Fixture.event(
                "t",
                "RECURRENCE-ID;VALUE=DATE:20260908\nDTSTART;TZID=Europe/Berlin:20260908T180000\nSUMMARY:Evening"
            ),
        ].joined(separator: "\n")
        #expect(
            try load(body).events.map { "\($0.interval.startText) \($0.title)" } == [
                "2026-09-07T09:00 ", "2026-09-08T18:00 Evening", "2026-09-09T09:00 ",
            ])
    }

    @Test func orphanOverrideIsAnEventOfItsOwn() throws {
        let loaded = try load(
            Fixture.event(
                "o",
                "RECURRENCE-ID;TZID=Europe/Berlin:20260908T090000\nDTSTART;TZID=Europe/Berlin:20260908T100000"
            ))
        #expect(loaded.events.map(\.id) == ["o#2026-09-08T09:00"])
    }

    @Test func overrideOfASingleEventReplacesIt() throws {
        let body = [
            Fixture.event("one", "DTSTART:20260908T090000Z\nSUMMARY:Planned"),
            Fixture.event(
                "one", "RECURRENCE-ID:20260908T090000Z\nDTSTART:20260908T110000Z\nSUMMARY:Moved"),
        ].joined(separator: "\n")
        #expect(try load(body, zone: "UTC").events.map(\.title) == ["Moved"])
    }

    @Test func thisAndFutureShiftsEveryLaterInstance() throws {
        let body = [
            Fixture.event(
                "f",
                "DTSTART;TZID=Europe/Berlin:20260907T090000\nDTEND;TZID=Europe/Berlin:20260907T100000\nRRULE:FREQ=DAILY;COUNT=5\nSUMMARY:Standup"
            ),
            Fixture.event(
                "f",
                "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260909T090000\nDTSTART;TZID=Europe/Berlin:20260909T110000\nDTEND;TZID=Europe/Berlin:20260909T113000\nSUMMARY:Standup (later)"
            ),
        ].joined(separator: "\n")
        #expect(
            try load(body).events.map {
                "\($0.interval.startText)/\($0.interval.end.timeText) \($0.title)"
            } == [
                "2026-09-07T09:00/10:00 Standup", "2026-09-08T09:00/10:00 Standup",
                "2026-09-09T11:00/11:30 Standup (later)", "2026-09-10T11:00/11:30 Standup (later)",
                "2026-09-11T11:00/11:30 Standup (later)",
            ])
    }

    @Test func cancelledOverrideStaysAsACancelledInstance() throws {
        let body = [
            Fixture.event(
                "c", "DTSTART:20260907T090000Z\nRRULE:FREQ=DAILY;COUNT=2\nSTATUS:CONFIRMED"),
            Fixture.event(
                "c", "RECURRENCE-ID:20260908T090000Z\nDTSTART:20260908T090000Z\nSTATUS:CANCELLED"),
        ].joined(separator: "\n")
        #expect(try load(body, zone: "UTC").events.map(\.status) == [.confirmed, .cancelled])
    }

    @Test func newerOverrideOfTheSameInstanceWins() throws {
        let body = [
            Fixture.event("n", "DTSTART:20260907T090000Z\nRRULE:FREQ=DAILY;COUNT=2"),
            Fixture.event(
                "n",
                "RECURRENCE-ID:20260908T090000Z\nDTSTART:20260908T150000Z\nSEQUENCE:5\nSUMMARY:new"),
            Fixture.event(
                "n",
                "RECURRENCE-ID:20260908T090000Z\nDTSTART:20260908T110000Z\nSEQUENCE:1\nSUMMARY:old"),
        ].joined(separator: "\n")
        let loaded = try load(body, zone: "UTC")
        #expect(loaded.events.map(\.title) == ["", "new"])
        #expect(loaded.diagnostics.map(\.line) == [18])
    }

    // MARK: - Rule parts

    @Test func untilOfAnotherTypeThanDTStartIsReadAsGoogleMeansIt() throws {
        let dateUntil = Fixture.event(
            "d", "DTSTART;TZID=Europe/Berlin:20260907T180000\nRRULE:FREQ=DAILY;UNTIL=20260909")
        #expect(try load(dateUntil).events.count == 3)
        let timeUntil = Fixture.event(
            "t", "DTSTART;VALUE=DATE:20260907\nRRULE:FREQ=DAILY;UNTIL=20260909T000000Z")
        #expect(try load(timeUntil).events.count == 3)
        let utcUntil = Fixture.event(
            "u",
            "DTSTART;TZID=Europe/Berlin:20260907T090000\nRRULE:FREQ=DAILY;UNTIL=20260909T070000Z")
        #expect(try load(utcUntil).events.count == 3)
    }

    @Test func countAndUntilTogetherStopAtTheFirstAndAreReported() throws {
        let body = Fixture.event(
            "cu", "DTSTART;VALUE=DATE:20260907\nRRULE:FREQ=DAILY;COUNT=10;UNTIL=20260909")
        let loaded = try load(body)
        #expect(loaded.events.count == 3)
        #expect(loaded.messages.contains { $0.contains("has both COUNT and UNTIL") })
    }

    @Test func setPositionNegativeMonthDayAndInterval() throws {
        let lastWeekday = Fixture.event(
            "p",
            "DTSTART;VALUE=DATE:20260930\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3"
        )
        #expect(
            try load(lastWeekday).events.map(\.interval.startText) == [
                "2026-09-30", "2026-10-30", "2026-11-30",
            ])
        let lastDay = Fixture.event(
            "l", "DTSTART;VALUE=DATE:20260131\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3")
        #expect(
            try load(lastDay).events.map(\.interval.startText) == [
                "2026-01-31", "2026-02-28", "2026-03-31",
            ])
        let everyThird = Fixture.event(
            "i", "DTSTART;VALUE=DATE:20260101\nRRULE:FREQ=MONTHLY;INTERVAL=3;COUNT=3")
        #expect(
            try load(everyThird).events.map(\.interval.startText) == [
                "2026-01-01", "2026-04-01", "2026-07-01",
            ])
    }

    // MARK: - Limits

    @Test func perSeriesLimitIsReported() throws {
        var limits = ExpansionLimits()
        limits.instancesPerSeries = 10
        let loaded = try load(
            Fixture.event("c", "DTSTART;VALUE=DATE:20260101\nRRULE:FREQ=DAILY;COUNT=50"),
            limits: limits)
        #expect(loaded.events.count == 10)
        #expect(loaded.messages.contains { $0.contains("more than 10 instances") })
    }

    /// The total cap names the option that raises it: on the series it cuts short and on each
    /// series left out, by name.
    @Test func totalLimitStopsLaterSeries() throws {
        var limits = ExpansionLimits()
        limits.totalInstances = 7
        let body = [
            Fixture.event("a", "DTSTART;VALUE=DATE:20260101\nRRULE:FREQ=DAILY;COUNT=5"),
            Fixture.event("b", "DTSTART;VALUE=DATE:20260101\nRRULE:FREQ=DAILY;COUNT=5"),
            Fixture.event("c", "DTSTART;VALUE=DATE:20260101\nRRULE:FREQ=DAILY;COUNT=5"),
        ].joined(separator: "\n")
        let loaded = try load(body, limits: limits)
        #expect(loaded.events.map(\.uid).sorted() == Array(repeating: "a", count: 5) + ["b", "b"])
        #expect(
            loaded.messages.contains {
                $0.contains("Series 'b' has more than 2 instances in range")
                    && $0.contains(
                        "the total of 7 instances is reached; raise --max-total-instances")
            })
        #expect(
            loaded.messages.contains {
                $0.contains("Series 'c' is not expanded: the total of 7 instances is reached")
                    && $0.contains("raise --max-total-instances")
            })
        #expect(!loaded.messages.contains { $0.contains("--max-instances)") })
    }

    @Test func unboundedSecondlyRuleIsExpandedOnlyInTheWindow() throws {
        let body = Fixture.event("s", "DTSTART:20200101T000000\nRRULE:FREQ=SECONDLY")
        let loaded = try load(body, from: "2026-01-01", to: "2026-01-02")
        #expect(loaded.events.count == 86_400)
        #expect(loaded.events.first?.interval.startText == "2026-01-01T00:00")
    }

    @Test func hugeCountIsCutAtTheLimit() throws {
        var limits = ExpansionLimits()
        limits.iterationsPerSeries = 1000
        let body = Fixture.event(
            "h", "DTSTART;VALUE=DATE:20000101\nRRULE:FREQ=DAILY;COUNT=2147483647")
        let loaded = try load(body, from: "2026-01-01", to: "2026-01-08", limits: limits)
        #expect(loaded.events.isEmpty)
        #expect(loaded.messages.contains { $0.contains("took 1000 iteration steps") })
    }

    @Test func rulesThatNeverMatchOrWouldStallLibicalAreReported() throws {
        let never = try load(
            Fixture.event(
                "n", "DTSTART;VALUE=DATE:20260101\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"))
        #expect(never.events.count == 1)
        #expect(never.messages.contains { $0.contains("RRULE can never match") })
    }

    /// Sub-daily rules are expanded in Swift under the step budget: a rule that libical
    /// would walk minute by minute for 28 years between two leap Mondays ends at once.
    @Test func subDailyRulesWithDayLimitsAreExpandedUnderTheBudget() throws {
        let body = Fixture.event(
            "m", "DTSTART:20260101T000000\nRRULE:FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO")
        let loaded = try load(body, from: "2026-01-01", to: "2100-01-01")
        // DTSTART, then every minute of 29 February 2044 and 2072, the leap days on a Monday.
        #expect(loaded.events.count == 1 + 2 * 1_440)
        #expect(
            loaded.events.dropFirst().allSatisfy {
                $0.interval.start.date.month == 2 && $0.interval.start.date.day == 29
                    && $0.interval.start.date.weekday == .monday
            })
        var limits = ExpansionLimits()
        limits.iterationsPerSeries = 5_000
        let budgeted = try load(body, from: "2026-01-01", to: "2100-01-01", limits: limits)
        #expect(budgeted.events.count == 1)
        #expect(budgeted.messages.contains { $0.contains("took 5000 iteration steps") })
        let sparse = try load(
            Fixture.event(
                "s", "DTSTART:20260101T000000\nRRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29"),
            from: "2026-01-01", to: "2029-01-01")
        #expect(sparse.events.count == 1 + 86_400)
    }

    @Test(arguments: [
        // libical's github issue 1230: INTERVAL counts hours from DTSTART, BYHOUR limits them.
        (
            "20250101T030500", "FREQ=HOURLY;BYHOUR=3,6;INTERVAL=7;COUNT=2",
            ["2025-01-01T03:05", "2025-01-07T06:05"]
        ),
        (
            "20260101T093000", "FREQ=HOURLY;INTERVAL=5;BYMINUTE=0,30;BYSETPOS=-1;COUNT=3",
            ["2026-01-01T09:30", "2026-01-01T14:30", "2026-01-01T19:30"]
        ),
        (
            "20260101T235958", "FREQ=SECONDLY;COUNT=4",
            [
                "2026-01-01T23:59:58", "2026-01-01T23:59:59", "2026-01-02T00:00",
                "2026-01-02T00:00:01",
            ]
        ),
        // The last ISO week of 2026 is its 53rd, from Monday 28 December.
        (
            "20261228T080000", "FREQ=HOURLY;INTERVAL=12;BYWEEKNO=-1;COUNT=3",
            ["2026-12-28T08:00", "2026-12-28T20:00", "2026-12-29T08:00"]
        ),
        (
            "20260131T100000", "FREQ=MINUTELY;INTERVAL=90;BYMONTHDAY=-1;BYHOUR=10,13;COUNT=4",
            ["2026-01-31T10:00", "2026-01-31T13:00", "2026-02-28T10:00", "2026-02-28T13:00"]
        ),
    ])
    func subDailyRulesFollowTheRFC(start: String, rule: String, expected: [String]) throws {
        let loaded = try load(Fixture.event("r", "DTSTART:\(start)\nRRULE:\(rule)"))
        #expect(loaded.events.map(\.interval.start.description) == expected)
    }

    /// A YEARLY week number is expanded without a word; BYWEEKNO under another frequency,
    /// which RFC 5545 forbids, is said and read as a limit of the days (the days of January in
    /// week 2, 5 and 6 January, as python-dateutil reads it).
    @Test func weekNumbersAreExpandedOrReported() throws {
        let yearly = try load(
            Fixture.event("w", "DTSTART;VALUE=DATE:20260105\nRRULE:FREQ=YEARLY;BYWEEKNO=2;COUNT=2"))
        #expect(yearly.events.map(\.interval.startText) == ["2026-01-05", "2027-01-11"])
        #expect(yearly.messages.isEmpty)
        let monthly = try load(
            Fixture.event("m", "DTSTART;VALUE=DATE:20260105\nRRULE:FREQ=MONTHLY;BYWEEKNO=2;COUNT=2")
        )
        #expect(monthly.events.map(\.interval.startText) == ["2026-01-05", "2026-01-06"])
        #expect(
            monthly.diagnostics.map(\.message) == [
                "BYWEEKNO with FREQ=MONTHLY, which RFC 5545 §3.3.10 does not allow"
            ])
        #expect(monthly.diagnostics.first?.code == .ruleMisuse)
    }

    @Test func seriesWithoutAnEndStopAtADocumentedHorizon() throws {
        let body = [
            Fixture.event("weekly", "DTSTART;VALUE=DATE:20260105\nRRULE:FREQ=WEEKLY"),
            Fixture.event("late", "DTSTART;VALUE=DATE:20261201"),
        ].joined(separator: "\n")
        let loaded = try load(body)
        #expect(loaded.event("late")?.interval.startText == "2026-12-01")
        let weekly = loaded.events.filter { $0.uid == "weekly" }
        #expect(weekly.last?.interval.startText == "2028-11-27")
        #expect(
            loaded.messages.contains {
                $0
                    == "test.ics:4: warning: A series has no end; listed until 2028-12-01, 2 years after the latest event start; pass --to to choose"
            })
        let bounded = try load(body, to: "2026-02-01")
        #expect(bounded.events.count == 4)
        #expect(!bounded.messages.contains { $0.contains("has no end") })
    }
}
