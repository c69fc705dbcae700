import Foundation
import Testing

@testable import ChronoSketchCLI

/// The words of the views: English dates in English, every word German under `--lang de`,
/// and a legend line for the marks of the week text.
@Suite struct ViewWordsTests {
    private static let team = CLI.fixture("layout/team.ics")
    private static let demo = CLI.fixture("demo/team-week.ics")
    private static let berlin = ["--tz", "Europe/Berlin"]

    private func run(_ arguments: [String]) -> String {
        let result = CLI.run(arguments + Self.berlin)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    @Test func theEnglishTimelineWritesEnglishDatesAndTheGermanOneGermanDates() {
        let arguments = [
            "layout", "timeline", Self.team, "--start", "2026-09-07", "--scale", "day",
        ]
        let english = run(arguments)
        #expect(english.contains("Sep 8"))
        #expect(!english.contains("8.9."))
        let german = run(arguments + ["--lang", "de"])
        #expect(german.contains("8.9."))
        #expect(!german.contains("Sep 8"))
        let picture = run([
            "render", "timeline", Self.team, "--start", "2026-09-07", "--scale", "day",
        ])
        #expect(picture.contains(">Sep 8</text>"))
        #expect(Language.en.dayAndMonth(try! .init(year: 2026, month: 12, day: 24)) == "Dec 24")
        #expect(Language.de.dayAndMonth(try! .init(year: 2026, month: 12, day: 24)) == "24.12.")
    }

    /// English words a view could leave in a German one.
    static let englishWords = [
        "overlap", "buffer", "Times in", "rows by", "grouped by", "all day", "Ranges per",
        " from ", "cancelled", "tentative", "confirmed", "more", "less", " max ", "busy",
        "No events", "Week ", "attendee", "location", "status", "Calendars", "until",
        "(none)", "(no title)", "another", "Busy hours",
    ]

    /// Every view, as text and as a picture, in German.
    static let germanViews: [[String]] = [
        ["layout", "day", team, "--date", "2026-09-08"],
        ["layout", "week", team, "--date", "2026-09-08"],
        ["layout", "month", team, "--date", "2026-09-08"],
        [
            "layout", "timeline", team, "--start", "2026-09-07", "--rows", "attendee", "--group-by",
            "status",
        ],
        ["layout", "ranges", CLI.fixture("layout/sleep.ics"), "--day-boundary", "12:00"],
        ["layout", "heatmap", team, "--date", "2026-09-01", "--months", "1"],
        ["render", "day", team, "--date", "2026-09-08"],
        ["render", "week", team, "--date", "2026-09-08"],
        ["render", "month", team, "--date", "2026-09-08"],
        ["render", "timeline", team, "--start", "2026-09-07", "--rows", "status"],
        ["render", "ranges", CLI.fixture("layout/sleep.ics"), "--day-boundary", "12:00"],
        ["render", "heatmap", team, "--date", "2026-09-01", "--months", "1"],
        ["conflicts", demo],
    ]

    @Test(arguments: germanViews)
    func germanViewsHaveNoEnglishWords(arguments: [String]) {
        let result = CLI.run(arguments + ["--lang", "de"] + Self.berlin)
        #expect(result.status == 0 || arguments[0] == "conflicts" && result.status == 1)
        // What the view itself writes: the calendar's own titles and places are left out.
        var text = result.standardOutput
        for own in [
            "Long weekend", "Design review", "Night deployment", "Late call", "Report due",
            "Retrospective", "Room Ada", "Room Turing", "Video call", "Offsite", "Holiday",
            "Sprint retrospective", "Sync with the New York office", "Lunch with the design team",
            "Quarterly report due", "Daily stand-up", "Roadmap review", "Focus time",
            "Interview: backend engineer", "Partner call (Tokyo)", "Release 4.2 deployment",
            "1:1 with Mira", "Team offsite",
        ] {
            text = text.replacingOccurrences(of: own, with: "")
        }
        if arguments[0] == "render" {
            // Element and attribute names are not words of the view; the text is.
            // The document's own <title> is the view's name.
            text =
                (try? RenderTests.Elements.parse(text))?
                .filter { $0.name == "text" || $0.name == "title" && $0.ancestors.count > 1 }
                .map(\.text).joined(separator: "\n") ?? ""
        }
        for word in Self.englishWords {
            #expect(!text.contains(word), "\(arguments[0]) \(arguments[1]): '\(word)'")
        }
    }

    @Test func theConflictKindsAreGermanInGerman() {
        let result = CLI.run(["conflicts", Self.demo, "--lang", "de"] + Self.berlin)
        #expect(result.standardOutput.contains("Überschneidung"))
        let english = CLI.run(["conflicts", Self.demo] + Self.berlin)
        #expect(english.standardOutput.contains("overlap"))
    }

    @Test func theWeekTextNamesTheMarksThatAppear() {
        let arguments = [
            "layout", "week", Self.demo, "--date", "2026-12-08", "--week-start", "monday",
        ]
        let english = run(arguments).split(separator: "\n")
        let legend = english.suffix(2).joined(separator: " · ")
        #expect(legend.contains("✗ cancelled"))
        #expect(legend.contains("? tentative"))
        #expect(legend.contains("… begins or ends on another day"))
        // No bar goes on into another week in December's week 50.
        #expect(!legend.contains("◀ ▶"))
        #expect(english.contains { $0.contains("? Lunch") })
        let german = run(arguments + ["--lang", "de"]).split(separator: "\n")
        let deLegend = german.suffix(2).joined(separator: " · ")
        #expect(deLegend.contains("✗ abgesagt"))
        #expect(deLegend.contains("? vorläufig"))
        #expect(deLegend.contains("… beginnt oder endet an einem anderen Tag"))
        // A week with no marked event has no legend.
        let quiet = run(["layout", "week", Self.team, "--date", "2026-09-22"])
        #expect(
            !quiet.contains("✗") && !quiet.contains("cancelled") && !quiet.contains("tentative"))
    }
}
