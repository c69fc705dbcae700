import Foundation
import Testing

@testable import ChronoSketchCLI

/// Text views fit the width (`--width`, `COLUMNS`, the terminal, 80), measured in display
/// columns: wide characters take two, combining marks none.
@Suite struct TextWidthTests {
    /// A week of events with Japanese, emoji and accented titles, two short events in one
    /// half-hour and a cancelled night.
    static let wideCalendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//ChronoSketch tests//EN
        BEGIN:VEVENT
        UID:meeting@wide
        DTSTART:20260908T090000
        DTEND:20260908T093000
        SUMMARY:会議室で打ち合わせ（東京）
        LOCATION:本社ビル
        END:VEVENT
        BEGIN:VEVENT
        UID:party@wide
        DTSTART:20260908T091000
        DTEND:20260908T092000
        SUMMARY:🎉🎂 Party for the whole team
        END:VEVENT
        BEGIN:VEVENT
        UID:coffee@wide
        DTSTART:20260909T140000
        DTEND:20260909T150000
        SUMMARY:Café crème ☕ with 👨‍👩‍👧 family
        STATUS:TENTATIVE
        END:VEVENT
        BEGIN:VEVENT
        UID:holiday@wide
        DTSTART;VALUE=DATE:20260907
        DTEND;VALUE=DATE:20260910
        SUMMARY:夏休み 🏖️ holiday
        END:VEVENT
        BEGIN:VEVENT
        UID:night@wide
        DTSTART:20260910T220000
        DTEND:20260911T020000
        SUMMARY:夜間作業 night shift
        STATUS:CANCELLED
        END:VEVENT
        BEGIN:VEVENT
        UID:short-one@wide
        DTSTART:20260908T090000
        DTEND:20260908T091000
        SUMMARY:Short one
        END:VEVENT
        BEGIN:VEVENT
        UID:short-two@wide
        DTSTART:20260908T091000
        DTEND:20260908T092000
        SUMMARY:Short two
        END:VEVENT
        END:VCALENDAR

        """

    static func writeCalendar() throws -> (directory: URL, path: String) {
        let directory = try CLI.temporaryDirectory()
        let url = directory.appendingPathComponent("wide.ics")
        try wideCalendar.replacingOccurrences(of: "\n", with: "\r\n").write(
            to: url, atomically: false, encoding: .utf8)
        return (directory, url.path)
    }

    /// The display columns at which `mark` stands in `line`.
    static func columns(of mark: Character, in line: Substring) -> [Int] {
        var result: [Int] = []
        var column = 0
        for character in line {
            if character == mark { result.append(column) }
            column += DisplayWidth.of(character)
        }
        return result
    }

    @Test(arguments: [
        ("a", 1), ("日", 2), ("Ｆ", 2), ("한", 2), ("😀", 2), ("❤️", 2), ("👨‍👩‍👧", 2), ("🇩🇪", 2),
        ("👍🏽", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0),
        ("…", 1), ("─", 1), ("é", 1), ("\u{7}", 1), ("\u{9B}", 1),
    ])
    func charactersHaveTheirDisplayWidth(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width, "\(text.unicodeScalars.map(\.value))")
    }

    @Test func cuttingNeverSplitsAWideCharacter() {
        #expect("日本語".truncated(toWidth: 5) == "日本…")
        #expect("日本語".truncated(toWidth: 4) == "日…")
        #expect("日本語".truncated(toWidth: 6) == "日本語")
        #expect("日本語".fitted(to: 4).displayWidth == 4)
        #expect("ab😀cd".fitted(to: 4) == "ab… ")
        #expect("a\u{301}bc".fitted(to: 3) == "a\u{301}bc")

        var canvas = TextCanvas(width: 6, height: 1, fill: ".")
        canvas.put("日本語", row: 0, column: 0)
        #expect(canvas.text == "日本語\n")
        // Writing over the right half of 本 blanks its left half.
        canvas.put("x", row: 0, column: 3)
        #expect(canvas.text == "日 x語\n")
        // A wide character that does not fit whole at the edge is left out.
        canvas.put("ab日", row: 0, column: 3)
        #expect(canvas.text == "日 ab…\n")
        canvas.fill("─", row: 0, from: 1, to: 2)
        #expect(canvas.text == " ─ ab…\n")
    }

    @Test func theWidthComesFromTheOptionThenColumnsThenTheTerminal() {
        #expect(
            TextWidth.resolve(explicit: 100, environment: ["COLUMNS": "60"], terminal: 90) == 100)
        #expect(
            TextWidth.resolve(explicit: nil, environment: ["COLUMNS": "60"], terminal: 90) == 60)
        #expect(TextWidth.resolve(explicit: nil, environment: ["COLUMNS": "x"], terminal: 90) == 90)
        #expect(
            TextWidth.resolve(explicit: nil, environment: ["COLUMNS": "0"], terminal: nil) == 80)
        #expect(TextWidth.resolve(explicit: nil, environment: [:], terminal: nil) == 80)
        #expect(
            TextWidth.resolve(explicit: nil, environment: ["COLUMNS": "12"], terminal: nil)
                == TextWidth.minimum)
    }

    @Test func aWidthBelowTheMinimumIsAUsageError() {
        let result = CLI.run(["layout", "week", CLI.fixture("layout/team.ics"), "--width", "20"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'--width <columns>'"))
        #expect(result.standardError.contains("at least \(TextWidth.minimum) columns"))
    }

    /// Every text view, for the calendar of wide titles.
    static func views(_ file: String) -> [(name: String, arguments: [String])] {
        [
            ("week", ["layout", "week", file, "--date", "2026-09-08", "--week-start", "monday"]),
            ("day", ["layout", "day", file, "--date", "2026-09-08"]),
            ("month", ["layout", "month", file, "--date", "2026-09-08"]),
            (
                "timeline",
                [
                    "layout", "timeline", file, "--start", "2026-09-07", "--scale", "day", "--zoom",
                    "4",
                ]
            ),
            ("ranges", ["layout", "ranges", file, "--day-boundary", "12:00"]),
            ("heatmap", ["layout", "heatmap", file, "--date", "2026-09-01", "--months", "1"]),
        ]
    }

    @Test(arguments: [80, 120], [true, false])
    func everyTextViewFitsTheWidth(width: Int, byEnvironment: Bool) throws {
        let (directory, file) = try Self.writeCalendar()
        defer { try? FileManager.default.removeItem(at: directory) }
        for view in Self.views(file) {
            let result =
                byEnvironment
                ? CLI.run(view.arguments + ["--tz", "UTC"], environment: ["COLUMNS": "\(width)"])
                : CLI.run(view.arguments + ["--tz", "UTC", "--width", "\(width)"])
            #expect(result.status == 0, "\(view.name): \(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n")
            #expect(lines.count > 3, "\(view.name)")
            for line in lines {
                #expect(line.displayWidth <= width, "\(view.name) at \(width): \(line)")
            }
        }
    }

    @Test(arguments: [80, 120])
    func weekSeparatorsLineUpWithWideTitles(width: Int) throws {
        let (directory, file) = try Self.writeCalendar()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = CLI.run(
            Self.views(file)[0].arguments + ["--tz", "UTC"], environment: ["COLUMNS": "\(width)"])
        let cell = WeekText.cellWidth(width)
        let expected = (1...6).map { $0 * (cell + 1) - 1 }
        let grid = result.standardOutput.split(separator: "\n").filter {
            $0.contains("│") || $0.contains("┼")
        }
        #expect(grid.count >= 8)
        for line in grid {
            let marks = Self.columns(of: "│", in: line) + Self.columns(of: "┼", in: line)
            // Rows end where their last cell's text does; the separators they have line up.
            #expect(!marks.isEmpty)
            #expect(Set(marks).isSubset(of: expected), "\(line)")
            if line.contains("┼") { #expect(marks.sorted() == expected) }
        }
        // The wide titles are there, cut whole.
        #expect(result.standardOutput.contains("会議室"))
        #expect(result.standardOutput.contains("🎉"))
    }

    @Test(arguments: [80, 120])
    func dayGridAndTimelineChartLineUpWithWideTitles(width: Int) throws {
        let (directory, file) = try Self.writeCalendar()
        defer { try? FileManager.default.removeItem(at: directory) }
        let day = CLI.run(Self.views(file)[1].arguments + ["--tz", "UTC", "--width", "\(width)"])
        let rows = day.standardOutput.split(separator: "\n").filter { $0.contains("│") }
        #expect(rows.count >= 2)
        for row in rows {
            #expect(Self.columns(of: "│", in: row) == [8], "\(row)")
        }
        // Each block marker sits at the start of a column of equal share.
        let first = try #require(rows.first)
        let blocks = Self.columns(of: "▌", in: first)
        #expect(blocks.count == 4)
        let share = blocks[1] - blocks[0]
        #expect(zip(blocks, blocks.dropFirst()).allSatisfy { $1 - $0 == share })

        let timeline = CLI.run(
            Self.views(file)[3].arguments + ["--tz", "UTC", "--width", "\(width)"])
        let chart = timeline.standardOutput.split(separator: "\n").filter {
            $0.contains("··")
        }
        #expect(!chart.isEmpty)
        let starts = Set(
            chart.map { line in
                line.prefix { $0 != "·" && $0 != "█" && $0 != "▓" }.displayWidth
            })
        #expect(starts.count == 1, "\(chart)")
    }

    @Test func dataOutputsDoNotDependOnTheWidth() {
        let arguments = [
            "layout", "week", CLI.fixture("layout/team.ics"), "--date", "2026-09-08", "--format",
            "json", "--tz", "Europe/Berlin",
        ]
        let narrow = CLI.run(arguments, environment: ["COLUMNS": "40"])
        let wide = CLI.run(arguments, environment: ["COLUMNS": "200"])
        #expect(narrow.status == 0)
        #expect(narrow.standardOutput == wide.standardOutput)
    }

    /// Under a pseudo-terminal (util-linux `script`) of 100 columns and without `COLUMNS`,
    /// the week fits the terminal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func theTerminalWidthIsUsedWithoutColumns() throws {
        let result = try CLI.runBinary(
            [
                "-c",
                "unset COLUMNS; script -qc \"stty cols 100 rows 40; $0 layout week $1 --date 2026-09-08 --tz UTC\" /dev/null",
                CLI.binary.path, CLI.fixture("layout/team.ics"),
            ], limit: 60, shell: true)
        let lines = result.standardOutput.replacingOccurrences(of: "\r", with: "")
            .split(separator: "\n")
        let rule = try #require(lines.first { $0.contains("┼") })
        #expect(rule.displayWidth == 7 * WeekText.cellWidth(100) + 6)
        #expect(lines.allSatisfy { $0.displayWidth <= 100 })
    }
}
