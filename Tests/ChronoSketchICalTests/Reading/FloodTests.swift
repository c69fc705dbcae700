import ChronoSketchCore
import Testing

@testable import ChronoSketchSyntax

/// Inputs that are one thing many times over are read in memory that does not grow with the
/// number of things: what is held is counted, not timed.
@Suite struct FloodTests {
    /// A calendar's properties are checked as they come: of a hundred thousand, only the
    /// first of each that RFC 5545 allows once is kept until the calendar's end, and what is
    /// found of them is what checking them together finds, said of the calendar's UID even
    /// when it comes last.
    @Test func calendarPropertiesAreCheckedAsTheyComeAndLetGo() {
        var checker = ComponentChecker(file: "flood.ics", scope: .conformance)
        checker.take(.calendarBegin(ICalComponent(name: "VCALENDAR", line: 1)))
        var line = 1
        func take(_ name: String, _ value: String, _ parameters: [ICalParameter] = []) {
            line += 1
            checker.take(
                .calendarProperty(
                    ICalProperty(name: name, parameters: parameters, rawValue: value, line: line)))
        }
        take("VERSION", "2.0")
        take("VERSION", "3.0")
        var most = 0
        for number in 0..<100_000 {
            take("X-FLOOD", "\(number)")
            most = max(most, checker.keptCalendarProperties)
        }
        take(
            "REFRESH-INTERVAL", "not a duration",
            [ICalParameter(name: "VALUE", values: ["DURATION"])])
        take("UID", "calendar-uid")
        #expect(most == 1)
        #expect(checker.keptCalendarProperties == 3)
        checker.take(.calendarEnd(closing: .end, endText: nil))
        let found = checker.takeFindings().diagnostics
        #expect(
            found.map { "\($0.line ?? 0) \($0.code) \($0.uid ?? "-")" } == [
                "1 missingProperty calendar-uid", "1 emptyCalendar calendar-uid",
                "3 repeatedProperty calendar-uid", "\(line - 1) invalidValue calendar-uid",
            ])
        #expect(found.first { $0.code == .repeatedProperty }?.message.contains("line 2") == true)
        #expect(found.first { $0.code == .missingProperty }?.message.contains("PRODID") == true)
    }
}
