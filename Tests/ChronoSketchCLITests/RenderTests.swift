import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax
import Foundation
import Testing

@testable import ChronoSketchCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `ics render`: valid, deterministic SVG whose shapes sit where the layout says.
@Suite struct RenderTests {
    private static let team = CLI.fixture("layout/team.ics")
    private static let demo = CLI.fixture("demo/team-week.ics")
    private static let berlin = ["--tz", "Europe/Berlin"]

    /// Every view, as the README and `Scripts/render_views.sh` draw them.
    static let views: [[String]] = [
        ["render", "day", team, "--date", "2026-09-08", "--now", "10:40"],
        ["render", "week", team, "--date", "2026-09-08", "--week-start", "monday"],
        ["render", "month", team, "--date", "2026-09-08"],
        [
            "render", "timeline", team, "--start", "2026-09-07", "--scale", "day", "--rows",
            "attendee",
        ],
        ["render", "ranges", CLI.fixture("layout/sleep.ics"), "--day-boundary", "12:00"],
        ["render", "heatmap", team, "--date", "2026-08-01"],
        ["render", "month", demo, "--date", "2026-12-01", "--lang", "de"],
    ]

    /// The elements of an SVG document, each with its attributes and the names of its
    /// ancestors, read by Foundation's XML parser (which fails on anything not well-formed).
    final class Elements: NSObject, XMLParserDelegate {
        struct Element {
            var name: String
            var attributes: [String: String]
            var ancestors: [String]
            var ancestorClasses: [String]
            var text = ""
        }

        var elements: [Element] = []
        private var stack: [Int] = []

        static func parse(_ text: String) throws -> [Element] {
            let parser = XMLParser(data: Data(text.utf8))
            let collector = Elements()
            parser.delegate = collector
            guard parser.parse() else {
                throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
            }
            return collector.elements
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            elements.append(
                Element(
                    name: name, attributes: attributes,
                    ancestors: stack.map { elements[$0].name },
                    ancestorClasses: stack.compactMap { elements[$0].attributes["class"] }))
            stack.append(elements.count - 1)
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
            qualifiedName: String?
        ) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let last = stack.last { elements[last].text += string }
        }
    }

    private func render(_ arguments: [String]) throws -> String {
        let result = CLI.run(arguments + Self.berlin)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        return result.standardOutput
    }

    @Test(arguments: views)
    func everyViewIsWellFormedDeterministicAndTitled(arguments: [String]) throws {
        let svg = try render(arguments)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        #expect(try render(arguments) == svg)
        let elements = try Elements.parse(svg)
        let root = try #require(elements.first)
        #expect(root.name == "svg")
        #expect(Double(root.attributes["width"] ?? "") ?? 0 > 100)
        #expect(!svg.contains("http://") || svg.components(separatedBy: "http://").count == 2)
        #expect(!svg.contains("<script") && !svg.contains("@import") && !svg.contains("url("))
        let groups = elements.filter { $0.name == "g" }
        #expect(!groups.isEmpty)
        for group in groups {
            #expect(group.attributes["data-id"]?.isEmpty == false)
        }
        // Block text is drawn inside nested viewports that clip it to its block.
        let viewports = elements.dropFirst().filter { $0.name == "svg" }
        #expect(viewports.allSatisfy { $0.attributes["overflow"] == "hidden" })
        #expect(viewports.allSatisfy { $0.ancestorClasses.last?.hasPrefix("event") == true })
    }

    @Test func dayBlocksSitWhereTheLayoutPlacesThem() throws {
        let loaded = try CalendarLoader.load(
            [.file(Self.team)], options: LoadOptions(zone: CLI.zone("Europe/Berlin")))
        let date = try CivilDate(parsing: "2026-09-08")
        let layout = DayLayout(
            events: loaded.events, date: date, minimumMinutes: SVGTimeGrid.minimumMinutes)
        let svg = try render(["render", "day", Self.team, "--date", "2026-09-08"])
        let elements = try Elements.parse(svg)
        let grid = SVGTimeGrid(
            segments: layout.segments, top: 60 + Double(layout.allDay.count) * 24 + 12)
        let area = DaySVG.width - 16 - DaySVG.gutter
        for segment in layout.segments {
            let index = try #require(
                elements.firstIndex {
                    $0.name == "g" && $0.attributes["data-id"] == segment.event.id
                })
            let shape = try #require(elements[(index + 1)...].first { $0.name == "rect" })
            let columnWidth = area / Double(segment.columns)
            let expectedHeight =
                max(
                    SVGTimeGrid.minimumBlockHeight,
                    Double(segment.endMinute - segment.startMinute) * SVGTimeGrid.pixelsPerMinute)
                - 1
            #expect(
                shape.attributes["x"]
                    == SVGCanvas.number(DaySVG.gutter + Double(segment.column) * columnWidth + 1))
            #expect(shape.attributes["y"] == SVGCanvas.number(grid.y(segment.startMinute)))
            #expect(shape.attributes["width"] == SVGCanvas.number(columnWidth - 2))
            #expect(shape.attributes["height"] == SVGCanvas.number(expectedHeight))
            let title = try #require(elements[(index + 1)...].first { $0.name == "title" })
            #expect(title.text.hasPrefix(segment.event.title))
        }
        // Overlapping events share the width: the review and the interview are half as wide.
        let review = try #require(layout.segments.first { $0.event.uid == "review@layout" })
        #expect(review.columns == 2)
        let now = elements.filter { $0.name == "line" && $0.attributes["class"] == "now" }
        #expect(now.isEmpty)
        let withNow = try Elements.parse(
            try render(["render", "day", Self.team, "--date", "2026-09-08", "--now", "10:40"]))
        let line = try #require(withNow.first { $0.attributes["class"] == "now" })
        #expect(line.attributes["y1"] == SVGCanvas.number(grid.y(640)))
    }

    @Test func weekBarsAreSplitAtTheWeekEndAndPointedWhereTheyGoOn() throws {
        for (date, firstDay, lastDay) in [("2026-09-05", 5, 6), ("2026-09-08", 0, 1)] {
            let elements = try Elements.parse(
                try render(["render", "week", Self.team, "--date", date, "--week-start", "monday"]))
            let index = try #require(
                elements.firstIndex { $0.attributes["data-id"] == "weekend@layout" })
            let shape = try #require(elements[(index + 1)...].first { $0.name == "polygon" })
            let xs = (shape.attributes["points"] ?? "").split(separator: " ").compactMap {
                Double($0.split(separator: ",").first ?? "")
            }
            let left = WeekSVG.gutter + Double(firstDay) * WeekSVG.dayWidth + 2
            let right = left + Double(lastDay - firstDay + 1) * WeekSVG.dayWidth - 4
            #expect(xs.min() == Double(SVGCanvas.number(left)))
            #expect(xs.max() == Double(SVGCanvas.number(right)))
        }
    }

    @Test func monthSaysHowManyMoreThereAre() throws {
        let svg = try render(["render", "month", Self.team, "--date", "2026-09-08"])
        // 8 September holds six events; a cell has room for four rows.
        #expect(svg.contains(">+3 more</text>"))
        let elements = try Elements.parse(svg)
        let dimmed = elements.filter { $0.name == "rect" && $0.attributes["class"] == "dim" }
        #expect(dimmed.count == 42 - 30)
    }

    @Test func colorsComeFromColorThenCategoryThenFile() throws {
        func event(color: String?, categories: [String], file: String) throws -> CalendarEvent {
            try CalendarEvent(
                uid: "x", title: "X",
                interval: .allDay(start: .minimum, end: CivilDate.minimum.adding(days: 1)),
                categories: categories, color: color, source: SourceLocation(file: file, line: 1),
                originalStart: .date(.minimum))
        }
        #expect(
            EventColor(try event(color: "turquoise", categories: ["Work"], file: "a")).fill
                == "#40e0d0")
        #expect(EventColor(try event(color: "#FFF", categories: [], file: "a")).fill == "#ffffff")
        #expect(EventColor(try event(color: "#FFF", categories: [], file: "a")).text == "#111111")
        #expect(EventColor(try event(color: "navy", categories: [], file: "a")).text == "#ffffff")
        let work = EventColor(try event(color: "not-a-colour", categories: ["Work"], file: "a"))
        #expect(work == EventColor(try event(color: nil, categories: ["Work"], file: "b")))
        #expect(work.fill == EventColor.hex(EventColor.palette[EventColor.slot("Work")]))
        #expect(
            EventColor(try event(color: nil, categories: [], file: "team.ics")).fill
                == EventColor.hex(EventColor.palette[EventColor.slot("team.ics")]))
    }

    @Test func textIsCutWithAnEllipsisToItsWidth() {
        let long = "Quarterly planning with the whole extended leadership team"
        let fitted = TextFit.fit(long, width: 120, size: 11)
        #expect(fitted.hasSuffix("…"))
        #expect(TextFit.width(fitted, size: 11) <= 120)
        #expect(TextFit.fit("Lunch", width: 120, size: 11) == "Lunch")
        #expect(TextFit.fit("Lunch", width: 3, size: 11) == "")
        #expect(SVGCanvas.escape("a<b & \"c\"\u{1}") == "a&lt;b &amp; &quot;c&quot;\u{FFFD}")
    }

    @Test func htmlWrapsTheSvgAndFollowsTheOutputName() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("week.html").path
        let result = CLI.run(
            ["render", "week", Self.team, "--date", "2026-09-08", "-o", page] + Self.berlin)
        #expect(result.status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!html.contains("<?xml"))
        let svg = CLI.run(
            ["render", "week", Self.team, "--date", "2026-09-08", "--format", "svg"] + Self.berlin)
        #expect(svg.standardOutput.hasPrefix("<?xml"))
        let wrong = CLI.run(["render", "week", Self.team, "--format", "json"])
        #expect(wrong.status == 64)
    }
}
