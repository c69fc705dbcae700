import ChronoSketchCLI
import ChronoSketchCore
import Foundation
import TestCorpus
import Testing

/// `ics layout` JSON on real calendars: every week, day and month it gives keeps the layout
/// invariants, checked from the JSON alone.
@Suite struct LayoutCorpusTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The calendars in `Fixtures/` and, when one is named, of the shared corpus.
    static let files: [String] = {
        var files: [String] = []
        for folder in ["Fixtures/real", "Fixtures/layout", "Fixtures/demo", "Fixtures/valid"] {
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            files += names.filter { $0.hasSuffix(".ics") }.sorted().map {
                url.appendingPathComponent($0).path
            }
        }
        return files + Corpus.calendars.map(Corpus.path)
    }()

    private static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let output = MemoryOutput()
        let io = CommandIO(
            standardOutput: output, standardError: MemoryOutput(), standardInput: nil,
            environment: ["TZ": "UTC"])
        let status = ICSCommandLine.run(arguments, io: io)
        return (status, output.text)
    }

    private static func object(_ text: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The calendars that list events (a refused file is the reader's business), with the
    /// dates their occurrences start on.
    static let listed: [(file: String, dates: [String])] = files.compactMap { file in
        let listing = run(["events", file, "--format", "ndjson", "--tz", "UTC"])
        guard listing.status == 0 else { return nil }
        let starts = listing.output.split(separator: "\n").compactMap { line in
            (try? object(String(line)))?["start"] as? String
        }.map { String($0.prefix(10)) }
        let dates = Array(Set(starts)).sorted()
        return dates.isEmpty ? nil : (file, dates)
    }

    @Test func mostCalendarsAreLaidOut() {
        #expect(Self.listed.count * 2 >= Self.files.count)
    }

    @Test(arguments: listed)
    func layoutsOfRealCalendarsKeepTheInvariants(file: String, dates: [String]) throws {
        let picks = Set([0, dates.count / 3, 2 * dates.count / 3, dates.count - 1]).sorted()
        for (number, pick) in picks.enumerated() {
            let date = dates[pick]
            let language = number.isMultiple(of: 2) ? "en" : "de"
            let week = Self.run([
                "layout", "week", file, "--date", date, "--tz", "UTC", "--lang", language,
                "--format", "json",
            ])
            #expect(week.status == 0)
            try WeekJSONInvariants.check(try Self.object(week.output), containing: date)
            let month = Self.run([
                "layout", "month", file, "--date", date, "--tz", "UTC", "--lang", language,
                "--format", "json",
            ])
            #expect(month.status == 0)
            try MonthJSONInvariants.check(try Self.object(month.output), containing: date)
        }
    }
}

/// What a week's JSON must satisfy, checked against the dates and intervals it reports.
enum WeekJSONInvariants {
    static func check(_ week: [String: Any], containing dateText: String) throws {
        let date = try CivilDate(parsing: dateText)
        let weekStart = try CivilDate(parsing: try #require(week["weekStart"] as? String))
        let startsOn = try #require(week["weekStartsOn"] as? String)
        #expect(["monday", "sunday"].contains(startsOn))
        #expect((weekStart.weekday == .monday) == (startsOn == "monday"))
        #expect((0...6).contains(weekStart.days(to: date)))
        let monday = try weekStart.adding(days: weekStart.weekday == .monday ? 0 : 1)
        var iso = Foundation.Calendar(identifier: .iso8601)
        iso.timeZone = try #require(TimeZone(identifier: "UTC"))
        let components = DateComponents(
            year: monday.year, month: monday.month, day: monday.day)
        let instant = try #require(iso.date(from: components))
        #expect(week["isoWeek"] as? Int == iso.component(.weekOfYear, from: instant))
        #expect(week["isoYear"] as? Int == iso.component(.yearForWeekOfYear, from: instant))

        let lanes = try #require(week["lanes"] as? Int)
        let bars = try #require(week["bars"] as? [[String: Any]])
        var occupied: [Int: Set<Int>] = [:]
        for bar in bars {
            let first = try #require(bar["firstDay"] as? Int)
            let last = try #require(bar["lastDay"] as? Int)
            let lane = try #require(bar["lane"] as? Int)
            #expect(0 <= first && first <= last && last <= 6)
            #expect((0..<lanes).contains(lane))
            let start = try CivilDate(parsing: try #require(bar["start"] as? String))
            let end = try CivilDate(parsing: try #require(bar["end"] as? String))
            #expect(first == max(0, weekStart.days(to: start)))
            #expect(last == min(6, weekStart.days(to: end) - 1))
            #expect(bar["continuesBefore"] as? Bool == (start < weekStart))
            #expect(bar["continuesAfter"] as? Bool == (weekStart.days(to: end) > 7))
            for day in first...last {
                #expect(occupied[lane, default: []].insert(day).inserted, "lane \(lane) day \(day)")
            }
        }

        let days = try #require(week["days"] as? [[String: Any]])
        #expect(days.count == 7)
        for (index, day) in days.enumerated() {
            let dayDate = try weekStart.adding(days: index)
            #expect(day["date"] as? String == dayDate.description)
            try DayJSONInvariants.check(day, date: dayDate)
            let allDay = try #require(day["allDay"] as? [[String: Any]])
            let barsToday = bars.filter {
                ($0["firstDay"] as? Int ?? 7) <= index && index <= ($0["lastDay"] as? Int ?? -1)
            }
            #expect(
                Set(allDay.compactMap { $0["id"] as? String })
                    == Set(barsToday.compactMap { $0["id"] as? String }))
        }
    }
}

/// What a day's JSON must satisfy: each segment is its event cut to the day, and the columns
/// keep ``DayInvariants``.
enum DayJSONInvariants {
    static func check(_ day: [String: Any], date: CivilDate) throws {
        let dayStart = LocalDateTime(startOf: date)
        let dayEnd = LocalDateTime(startOf: try date.adding(days: 1))
        let segments = try #require(day["segments"] as? [[String: Any]])
        var spans: [PlacedSpan] = []
        for segment in segments {
            let start = try LocalDateTime(parsing: try #require(segment["start"] as? String))
            let end = try LocalDateTime(parsing: try #require(segment["end"] as? String))
            let startMinute = try #require(segment["startMinute"] as? Int)
            let endMinute = try #require(segment["endMinute"] as? Int)
            let cutStart = max(start, dayStart).secondsSinceEpoch - dayStart.secondsSinceEpoch
            let cutEnd = min(end, dayEnd).secondsSinceEpoch - dayStart.secondsSinceEpoch
            #expect(startMinute == cutStart / 60)
            #expect(endMinute == (start == end ? startMinute : (cutEnd + 59) / 60))
            #expect(segment["continuesBefore"] as? Bool == (start < dayStart))
            #expect(segment["continuesAfter"] as? Bool == (end > dayEnd))
            #expect(start < dayEnd && (end > dayStart || (start == end && start >= dayStart)))
            spans.append(
                PlacedSpan(
                    label: segment["id"] as? String ?? "", startMinute: startMinute,
                    endMinute: endMinute, column: try #require(segment["column"] as? Int),
                    columns: try #require(segment["columns"] as? Int)))
        }
        DayInvariants.check(spans)
        for event in try #require(day["allDay"] as? [[String: Any]]) {
            let start = try CivilDate(parsing: try #require(event["start"] as? String))
            let end = try CivilDate(parsing: try #require(event["end"] as? String))
            #expect(start <= date && date < end)
        }
    }
}

/// What a month's JSON must satisfy: 42 consecutive dates from the week start on or before
/// the 1st, the month's dates flagged, counts matching the ids, the agenda its occupied dates.
enum MonthJSONInvariants {
    static func check(_ month: [String: Any], containing dateText: String) throws {
        let date = try CivilDate(parsing: dateText)
        let days = try #require(month["days"] as? [[String: Any]])
        #expect(days.count == 42)
        let first = try CivilDate(parsing: try #require(days.first?["date"] as? String))
        #expect((0...6).contains(first.days(to: date.firstOfMonth)))
        var occupied: [String] = []
        for (index, day) in days.enumerated() {
            let dayDate = try first.adding(days: index)
            #expect(day["date"] as? String == dayDate.description)
            #expect(day["inMonth"] as? Bool == (dayDate.month == date.month))
            let ids = try #require(day["events"] as? [String])
            #expect(day["count"] as? Int == ids.count)
            #expect(Set(ids).count == ids.count)
            if dayDate.month == date.month && !ids.isEmpty { occupied.append(dayDate.description) }
        }
        let agenda = try #require(month["agenda"] as? [[String: Any]])
        #expect(agenda.compactMap { $0["date"] as? String } == occupied)
    }
}
