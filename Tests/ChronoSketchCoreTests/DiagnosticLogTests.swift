import Testing

@testable import ChronoSketchCore

@Suite struct DiagnosticLogTests {
    private func warning(
        _ line: Int?, _ message: String, _ assumption: String? = nil,
        code: DiagnosticCode = .eventWithoutUID
    ) -> Diagnostic {
        Diagnostic(
            .warning, code, file: "t.ics", line: line, message: message, assumption: assumption)
    }

    @Test func theSameProblemIsSaidOnceWithItsCountAndFirstLines() {
        var log = DiagnosticLog()
        for line in [40, 4, 19, 34, 49, 64] { log.append(warning(line, "VEVENT has no UID")) }
        log.append(warning(10, "VEVENT has no UID", "another assumption"))
        log.append(
            Diagnostic(
                .error, .eventWithoutUID, file: "t.ics", line: 5, message: "VEVENT has no UID"))
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

    /// A property of a series read again for each occurrence: its own line, said once.
    @Test func aProblemOfOneLineSaidAgainNamesNoLines() {
        var log = DiagnosticLog()
        for _ in 0..<5 { log.append(warning(9, "Unknown STATUS 'DONE'", "STATUS ignored")) }
        log += [warning(3, "Cut"), warning(3, "Cut"), warning(7, "Cut")]
        #expect(
            log.diagnostics.map(\.description) == [
                "t.ics:3: warning: Cut (2 more times: lines 3, 7)",
                "t.ics:9: warning: Unknown STATUS 'DONE' (4 more times); STATUS ignored",
            ])
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

    /// A hundred thousand different broken lines of one kind: the first ten are said as they
    /// are, the rest fold into one that counts them and names the first lines.
    @Test func differentMessagesOfOneCodeFoldAfterTheFirstTen() {
        var log = DiagnosticLog()
        for line in 1...100_000 {
            log.append(warning(line, "Line is not a property: '\(line)'", code: .notAProperty))
        }
        log.append(warning(3, "VEVENT has no UID"))
        let diagnostics = log.diagnostics
        #expect(diagnostics.count == DiagnosticLog.distinctShown + 2)
        let folded = diagnostics.filter(\.foldsKind)
        #expect(folded.count == 1)
        #expect(folded.first?.line == 11)
        #expect(folded.first?.repeats == 99_989)
        #expect(
            folded.first?.description
                == "t.ics:11: warning: Line is not a property: '11' (99,989 more of this kind, not-a-property: lines 12, 13, 14, …)"
        )
        // A message already said is still counted as a repeat of itself.
        log.append(warning(200_000, "Line is not a property: '1'", code: .notAProperty))
        #expect(log.diagnostics.first { $0.line == 1 }?.repeats == 1)
    }

    @Test func foldingIsTheSameWhateverOrderLogsAreMergedIn() {
        var first = DiagnosticLog()
        var second = DiagnosticLog()
        for line in 1...30 {
            let diagnostic = warning(line, "Invalid date '\(line)'", code: .invalidValue)
            if line % 2 == 0 { first.append(diagnostic) } else { second.append(diagnostic) }
        }
        var merged = DiagnosticLog()
        merged += first.diagnostics
        merged += second.diagnostics
        let total = merged.diagnostics.reduce(0) { $0 + 1 + $1.repeats }
        #expect(total == 30)
        #expect(merged.diagnostics.filter(\.foldsKind).count == 1)
    }
}
