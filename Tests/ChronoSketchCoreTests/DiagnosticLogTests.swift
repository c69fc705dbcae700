import Testing

@testable import ChronoSketchCore

@Suite struct DiagnosticLogTests {
    private func warning(_ line: Int?, _ message: String, _ assumption: String? = nil) -> Diagnostic
    {
        Diagnostic(.warning, file: "t.ics", line: line, message: message, assumption: assumption)
    }

    @Test func theSameProblemIsSaidOnceWithItsCountAndFirstLines() {
        var log = DiagnosticLog()
        for line in [40, 4, 19, 34, 49, 64] { log.append(warning(line, "VEVENT has no UID")) }
        log.append(warning(10, "VEVENT has no UID", "another assumption"))
        log.append(Diagnostic(.error, file: "t.ics", line: 5, message: "VEVENT has no UID"))
        let diagnostics = log.diagnostics
        #expect(diagnostics.map(\.line) == [4, 5, 10])
        #expect(diagnostics[0].repeats == 5)
        #expect(diagnostics[0].repeatLines == [19, 34, 40])
        #expect(
            diagnostics[0].description
                == "t.ics:4: warning: VEVENT has no UID (5 more times: lines 19, 34, 40, …)")
        #expect(diagnostics[1].repeats == 0)
        #expect(
            diagnostics[2].description == "t.ics:10: warning: VEVENT has no UID; another assumption"
        )
    }

    @Test func aProblemSaidTwiceNamesTheOtherLine() {
        var log = DiagnosticLog()
        log += [warning(23, "Cut", "not read"), warning(11, "Cut", "not read")]
        #expect(
            log.diagnostics.map(\.description) == [
                "t.ics:11: warning: Cut (1 more time: line 23); not read"
            ])
    }

    @Test func diagnosticsComeInLineOrderThoseWithoutALineFirst() {
        var log = DiagnosticLog()
        log += [warning(9, "b"), warning(nil, "a"), warning(9, "c"), warning(2, "d")]
        #expect(log.diagnostics.map(\.message) == ["a", "d", "b", "c"])
        #expect(!log.hasErrors)
    }
}
