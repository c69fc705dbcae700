import ChronoSketchCore
import ChronoSketchLayout
import Foundation
import Testing

@testable import ChronoSketchCLI

/// What the pictures show: the hours with events, cut titles with an ellipsis, the current
/// time under the blocks, emoji fonts, cancelled events faded, colours per calendar with a
/// legend, and no event hidden (the text day, ranges past the period's end and in lanes).
@Suite struct PictureTests {
    private static let demo = CLI.fixture("demo/team-week.ics")
    private static let berlin = ["--tz", "Europe/Berlin"]
    typealias Elements = RenderTests.Elements

    private func render(_ arguments: [String]) throws -> [Elements.Element] {
        let result = CLI.run(arguments + Self.berlin)
        #expect(result.status == 0, "\(result.standardError)")
        return try Elements.parse(result.standardOutput)
    }

    /// The hour labels down the gutter of a day or week picture.
    private func hourLabels(_ elements: [Elements.Element]) -> [String] {
        elements.filter {
            $0.name == "text" && $0.attributes["text-anchor"] == "end"
                && ClockText.minutes($0.text) != nil && $0.text.hasSuffix(":00")
        }.map(\.text)
    }

    private static func event(
        _ id: String, _ start: String, _ end: String, title: String = "Event"
    ) throws -> CalendarEvent {
        try CalendarEvent(
            uid: id, title: title,
            interval: .timed(
                start: LocalDateTime(parsing: start), end: LocalDateTime(parsing: end)),
            source: SourceLocation(file: "test.ics", line: 1),
            originalStart: .floating(LocalDateTime(parsing: start)))
    }

    private static func span(_ events: [CalendarEvent], on date: String) throws -> HourSpan {
        let day = DayLayout(events: events, date: try CivilDate(parsing: date))
        return HourSpan(fitting: day.segments)
    }

    @Test func theHoursShownAreThoseWithEventsRoundedOutAndAtLeastEightToSix() throws {
        let standUp = try Self.event("a", "2026-09-08T09:30", "2026-09-08T09:45")
        #expect(try Self.span([standUp], on: "2026-09-08") == HourSpan(hours: 8..<18))
        let early = try Self.event("b", "2026-09-08T06:15", "2026-09-08T07:00")
        let late = try Self.event("c", "2026-09-08T19:00", "2026-09-08T20:10")
        #expect(try Self.span([standUp, early, late], on: "2026-09-08") == HourSpan(hours: 6..<21))
        // An overnight event runs its first day to midnight, but the next day's grid does not
        // begin at 00:00 for the part after midnight.
        let night = try Self.event("d", "2026-09-08T23:00", "2026-09-09T01:30")
        #expect(try Self.span([night], on: "2026-09-08") == HourSpan(hours: 8..<24))
        #expect(try Self.span([night], on: "2026-09-09") == HourSpan(hours: 8..<18))
        #expect(HourSpan(hours: 8..<18)?.including(6 * 60 + 30) == HourSpan(hours: 6..<18))
    }

    @Test func theWeekPictureSpansTheHoursWithEventsUnlessToldOtherwise() throws {
        let arguments = [
            "render", "week", Self.demo, "--date", "2026-12-08", "--week-start", "monday",
        ]
        let fitted = hourLabels(try render(arguments))
        // The demo week: 09:00 to the release at 23:00 (which runs to 01:30).
        #expect(fitted.first == "08:00")
        #expect(fitted.last == "23:00")
        #expect(!fitted.contains("00:00") && !fitted.contains("07:00"))
        let whole = hourLabels(try render(arguments + ["--show-hours", "0-24"]))
        #expect(whole.first == "00:00")
        #expect(whole.last == "23:00")
        #expect(whole.count == 24)
        let narrow = try render(arguments + ["--show-hours", "10-16"])
        #expect(hourLabels(narrow) == (10..<16).map { ClockText.hoursAndMinutes($0 * 60) })
        // Events outside the hours shown are still drawn, pointed towards where they lie.
        let standUp = try #require(
            narrow.firstIndex { $0.attributes["data-id"] == "standup-mon@demo.chronosketch" })
        #expect(
            narrow[(standUp + 1)...].first { $0.name == "polygon" || $0.name == "rect" }?.name
                == "polygon")
        for bad in ["25-3", "9-9", "8", "8:30-10"] {
            let result = CLI.run(arguments + ["--show-hours", bad])
            #expect(result.status == 64, "\(bad)")
        }
    }

    @Test func aCutTitleEndsInAnEllipsisThatFitsItsBlock() throws {
        let elements = try render(
            ["render", "week", Self.demo, "--date", "2026-12-08", "--week-start", "monday"])
        let index = try #require(
            elements.firstIndex { $0.attributes["data-id"] == "interview@demo.chronosketch" })
        let viewport = try #require(elements[(index + 1)...].first { $0.name == "svg" })
        let title = try #require(elements[(index + 1)...].first { $0.name == "text" })
        #expect(title.text.hasSuffix("…"))
        #expect(title.text.hasPrefix("Interv"))
        let room = try #require(Double(viewport.attributes["width"] ?? ""))
        #expect(TextFit.width(title.text, size: 11, bold: true) <= room)
        // Bold text is measured wider than regular text, as DejaVu Sans Bold is.
        #expect(
            TextFit.width("Interview", size: 11, bold: true)
                > TextFit.width("Interview", size: 11))
        #expect(TextFit.fit("会議室で打ち合わせ", width: 50, size: 10).hasSuffix("…"))
        #expect(TextFit.width("会議", size: 10) == 20)
    }

    @Test func theNowLineIsDrawnUnderTheBlocks() throws {
        let elements = try render(
            ["render", "day", Self.demo, "--date", "2026-12-08", "--now", "15:10"])
        let now = try #require(elements.firstIndex { $0.attributes["class"] == "now" })
        let blocks = elements.indices.filter {
            elements[$0].name == "g" && elements[$0].attributes["class"]?.hasPrefix("event") == true
        }
        #expect(!blocks.isEmpty)
        #expect(blocks.allSatisfy { now < $0 })
        // A time before the hours with events widens the grid to show it.
        let early = try render(
            ["render", "day", Self.demo, "--date", "2026-12-08", "--now", "06:20"])
        #expect(hourLabels(early).first == "06:00")
        #expect(early.contains { $0.attributes["class"] == "now" })
    }

    @Test func theFontStackFallsBackToAnEmojiFont() throws {
        let elements = try render(["render", "month", Self.demo, "--date", "2026-12-08"])
        let family = try #require(elements.first?.attributes["font-family"])
        #expect(family.hasPrefix("DejaVu Sans"))
        #expect(family.contains("Symbola"))
        #expect(!family.contains("Color Emoji"))
        #expect(family.hasSuffix("sans-serif"))
    }

    /// Every view that draws events, each over the demo's cancelled retrospective (10 Dec).
    static let viewsWithTheRetrospective: [[String]] = [
        ["render", "day", demo, "--date", "2026-12-10"],
        ["render", "week", demo, "--date", "2026-12-10"],
        ["render", "month", demo, "--date", "2026-12-10"],
        ["render", "timeline", demo, "--start", "2026-12-07", "--days", "5", "--rows", "location"],
        ["render", "ranges", demo, "--from", "2026-12-07", "--to", "2026-12-12"],
    ]

    @Test(arguments: viewsWithTheRetrospective)
    func cancelledEventsAreFadedInEveryView(arguments: [String]) throws {
        let result = CLI.run(arguments + Self.berlin)
        #expect(result.svgStyle.contains(".cancelled { opacity: 0.5; }"))
        let elements = try Elements.parse(result.standardOutput)
        let groups = elements.filter { $0.name == "g" && $0.attributes["data-id"] != nil }
        let retro = groups.filter { $0.attributes["data-id"] == "retro@demo.chronosketch" }
        #expect(!retro.isEmpty, "\(arguments[1])")
        #expect(retro.allSatisfy { $0.attributes["class"] == "event cancelled" })
        let others = groups.filter { $0.attributes["data-id"] != "retro@demo.chronosketch" }
        #expect(!others.isEmpty)
        #expect(others.allSatisfy { $0.attributes["class"]?.contains("cancelled") == false })
    }

    /// Two calendars of one week, with categories.
    private static func twoCalendars() throws -> (directory: URL, work: String, home: String) {
        let directory = try CLI.temporaryDirectory()
        func calendar(_ name: String, _ events: [(String, String, String)]) throws -> String {
            var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//EN\r\n"
            for (index, (start, title, category)) in events.enumerated() {
                text += "BEGIN:VEVENT\r\nUID:\(name)-\(index)@tests\r\nDTSTART:\(start)\r\n"
                text +=
                    "DURATION:PT1H\r\nSUMMARY:\(title)\r\nCATEGORIES:\(category)\r\nEND:VEVENT\r\n"
            }
            let url = directory.appendingPathComponent("\(name).ics")
            try (text + "END:VCALENDAR\r\n").write(to: url, atomically: false, encoding: .utf8)
            return url.path
        }
        let work = try calendar(
            "work",
            [("20260908T090000", "Planning", "Meetings"), ("20260909T100000", "Review", "Reviews")])
        let home = try calendar(
            "home",
            [("20260908T180000", "Dentist", "Health"), ("20260910T120000", "Lunch", "Meetings")])
        return (directory, work, home)
    }

    /// The fill of the shape of each drawn event, by id.
    private func fills(_ elements: [Elements.Element]) -> [String: String] {
        var fills: [String: String] = [:]
        for (index, element) in elements.enumerated()
        where element.name == "g" && element.attributes["class"]?.hasPrefix("event") == true {
            let shape = elements[(index + 1)...].first { $0.name == "rect" || $0.name == "polygon" }
            fills[element.attributes["data-id"] ?? ""] = shape?.attributes["fill"]
        }
        return fills
    }

    private func legend(_ elements: [Elements.Element]) -> [(label: String, fill: String)] {
        let labels = elements.filter { $0.attributes["class"] == "legend" }.map(\.text)
        let swatches = elements.filter { $0.attributes["class"] == "swatch" }
            .map { $0.attributes["fill"] ?? "" }
        return zip(labels, swatches).map { ($0, $1) }
    }

    @Test(arguments: ["day", "week", "month", "timeline", "ranges"])
    func eachCalendarHasItsColourAndTheLegendSaysWhich(view: String) throws {
        let (directory, work, home) = try Self.twoCalendars()
        defer { try? FileManager.default.removeItem(at: directory) }
        let window: [String] =
            switch view {
            case "timeline": ["--start", "2026-09-07", "--days", "7"]
            case "ranges": ["--from", "2026-09-07", "--to", "2026-09-14"]
            default: ["--date", "2026-09-08"]
            }
        let elements = try render(["render", view, work, home] + window)
        let fills = fills(elements)
        let legend = legend(elements)
        #expect(legend.map(\.label) == ["work.ics", "home.ics"])
        #expect(Set(legend.map(\.fill)).count == 2)
        #expect(fills["work-0@tests"] == legend[0].fill)
        #expect(fills["home-0@tests"] == legend[1].fill)
        if view != "day" { #expect(fills["work-1@tests"] == legend[0].fill) }
        // The same files the other way round swap the colours: the order given decides.
        let swapped = try render(["render", view, home, work] + window)
        #expect(self.legend(swapped).map(\.label) == ["home.ics", "work.ics"])
        #expect(self.fills(swapped)["home-0@tests"] == legend[0].fill)
    }

    @Test func colourByCategoryListsTheCategoriesInOrder() throws {
        let (directory, work, home) = try Self.twoCalendars()
        defer { try? FileManager.default.removeItem(at: directory) }
        let elements = try render(
            ["render", "week", work, home, "--date", "2026-09-08", "--color-by", "category"])
        let legend = legend(elements)
        #expect(legend.map(\.label) == ["Health", "Meetings", "Reviews"])
        #expect(Set(legend.map(\.fill)).count == 3)
        let fills = fills(elements)
        // Planning (work) and Lunch (home) share their category, so their colour.
        #expect(fills["work-0@tests"] == legend[1].fill)
        #expect(fills["home-1@tests"] == legend[1].fill)
        #expect(fills["home-0@tests"] == legend[0].fill)
        let german = try render(
            [
                "render", "week", work, "--date", "2026-09-08", "--color-by", "category", "--lang",
                "de",
            ])
        #expect(german.contains { $0.name == "text" && $0.text == "Kategorien:" })
        let wrong = CLI.run(["render", "week", work, "--color-by", "colour"])
        #expect(wrong.status == 64)
    }

    @Test func theTextDayShowsEveryEventOfARow() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//EN\r\n"
        var events = [
            ("Short one", "090000", "091000"), ("Short two", "091000", "092000"),
            ("Deadline A", "100000", "100000"), ("Deadline B", "100000", "100000"),
        ]
        events += (1...5).map { ("Panel \($0)", "110000", "120000") }
        for (id, start, end) in events {
            text += "BEGIN:VEVENT\r\nUID:\(id)@tests\r\nSUMMARY:\(id)\r\n"
            text += "DTSTART:20260908T\(start)\r\nDTEND:20260908T\(end)\r\nEND:VEVENT\r\n"
        }
        let url = directory.appendingPathComponent("short.ics")
        try (text + "END:VCALENDAR\r\n").write(to: url, atomically: false, encoding: .utf8)
        let arguments = ["layout", "day", url.path, "--date", "2026-09-08", "--tz", "UTC"]
        let result = CLI.run(arguments)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        let nine = try #require(lines.first { $0.hasPrefix("  09:00") })
        #expect(nine.contains("09:00–09:10 Short one"))
        #expect(nine.contains("09:10–09:20 Short two"))
        let ten = try #require(lines.first { $0.hasPrefix("  10:00") })
        #expect(ten.contains("◆ 10:00 Deadline A"))
        #expect(ten.contains("◆ 10:00 Deadline B"))
        // Five at once at 80 columns: all side by side.
        let eleven = try #require(lines.first { $0.hasPrefix("  11:00") })
        #expect(TextWidthTests.columns(of: "▌", in: eleven).count == 5)
        // At 40 columns three columns fit: two panels, then +3, and the three listed below.
        let narrow = CLI.run(arguments + ["--width", "40"]).standardOutput.split(separator: "\n")
        let crowded = try #require(narrow.first { $0.hasPrefix("  11:00") })
        #expect(TextWidthTests.columns(of: "▌", in: crowded).count == 2)
        #expect(crowded.hasSuffix("+3"))
        #expect(
            narrow.suffix(3).map { $0.hasPrefix("  + 11:00–12:00 Panel ") } == [true, true, true])
        // The two drawn ones are not listed again.
        #expect(!narrow.contains { $0.contains("Panel 1") || $0.contains("Panel 2") })
        // The JSON keeps the layout's own columns: the short events do not overlap.
        let json = CLI.run(arguments + ["--format", "json"])
        let day = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        )
        let segments = try #require(day["segments"] as? [[String: Any]])
        let short = segments.filter { ($0["title"] as? String)?.hasPrefix("Short") == true }
        #expect(short.count == 2)
        #expect(short.allSatisfy { $0["columns"] as? Int == 1 })
    }

    @Test func rangesRunPastThePeriodEndAndOverlappingOnesTakeLanes() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//EN\r\n"
        for (id, start, end) in [
            ("night", "20260908T220000", "20260909T020000"),
            ("call", "20260908T230000", "20260909T003000"),
            ("walk", "20260909T070000", "20260909T080000"),
        ] {
            text += "BEGIN:VEVENT\r\nUID:\(id)@tests\r\nSUMMARY:\(id)\r\n"
            text += "DTSTART:\(start)\r\nDTEND:\(end)\r\nEND:VEVENT\r\n"
        }
        let url = directory.appendingPathComponent("nights.ics")
        try (text + "END:VCALENDAR\r\n").write(to: url, atomically: false, encoding: .utf8)
        let loaded = CLI.run(["layout", "ranges", url.path, "--tz", "UTC", "--format", "json"])
        #expect(loaded.standardOutput.contains("\"startMinute\":1320,\"endMinute\":1560"))

        let layout = RangeLayout(
            events: [
                try Self.event("night", "2026-09-08T22:00", "2026-09-09T02:00"),
                try Self.event("call", "2026-09-08T23:00", "2026-09-09T00:30"),
                try Self.event("walk", "2026-09-09T07:00", "2026-09-09T08:00"),
            ], boundaryMinute: 0)
        #expect(layout.periods.map(\.lanes) == [2, 1])
        #expect(layout.periods[0].ranges.map(\.lane) == [0, 1])

        let result = CLI.run(["render", "ranges", url.path, "--tz", "UTC"])
        let elements = try Elements.parse(result.standardOutput)
        func shape(_ id: String) throws -> Elements.Element {
            let index = try #require(elements.firstIndex { $0.attributes["data-id"] == id })
            return try #require(elements[(index + 1)...].first { $0.name == "rect" })
        }
        let night = try shape("night@tests")
        let call = try shape("call@tests")
        func value(_ element: Elements.Element, _ name: String) -> Double {
            Double(element.attributes[name] ?? "") ?? .nan
        }
        // 22:00 to 26:00 of the reference day, at 576 px a day from 64 px down.
        let perMinute = RangesSVG.periodHeight / 1_440
        #expect(value(night, "y") == (RangesSVG.top + 1_320 * perMinute).rounded())
        #expect(value(night, "height") == (240 * perMinute).rounded())
        // The chart goes on past the period's end, marked by a dashed line.
        #expect(elements.contains { $0.attributes["class"] == "outside" })
        let svg = try #require(elements.first)
        #expect(value(svg, "height") > RangesSVG.top + RangesSVG.periodHeight + 70)
        // Side by side, not on top of each other.
        #expect(value(call, "x") >= value(night, "x") + value(night, "width"))
        #expect(value(call, "y") > value(night, "y"))
    }
}

extension RunResult {
    /// The `<style>` of an SVG document on stdout.
    var svgStyle: String {
        guard let start = standardOutput.range(of: "<style>"),
            let end = standardOutput.range(of: "</style>")
        else { return "" }
        return String(standardOutput[start.upperBound..<end.lowerBound])
    }
}
