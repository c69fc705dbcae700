import Testing

@testable import ChronoSketchCLI

@Suite struct ArgumentParserTests {
    private let spec = CommandSpec(
        name: "demo", abstract: "A demo.", discussion: nil,
        positional: PositionalSpec(name: "file", help: "Files.", repeats: true),
        options: [
            .value("from", "date", help: "From."), .flag("strict", help: "Strict."),
            .value("output", "file", short: "o", help: "Output."),
            .value("offset", "n", help: "Offset."),
        ])

    private func parsed(_ arguments: [String]) throws -> ParsedArguments {
        guard case .parsed(let result) = try ArgumentParser.parse(arguments, spec: spec) else {
            throw UsageError(message: "help")
        }
        return result
    }

    @Test func readsSeparateAndInlineValuesFlagsAndPositionals() throws {
        let result = try parsed([
            "a.ics", "--from", "2026-09-08", "--strict", "-o", "out.json", "b.ics", "--offset=-3",
        ])
        #expect(result.positionals == ["a.ics", "b.ics"])
        #expect(result.value("from") == "2026-09-08")
        #expect(result.value("output") == "out.json")
        #expect(result.value("offset") == "-3")
        #expect(result.isSet("strict"))
    }

    @Test func doubleDashEndsOptionsAndDashIsStandardInput() throws {
        let result = try parsed(["-", "--", "--strict"])
        #expect(result.positionals == ["-", "--strict"])
        #expect(!result.isSet("strict"))
    }

    @Test(arguments: ["-5", "-2d", "-1w", "-3d5h"])
    func valuesStartingWithADashAndADigitAreValues(value: String) throws {
        #expect(try parsed(["--from", value, "a.ics"]).value("from") == value)
        #expect(try parsed(["--from", value, "a.ics"]).positionals == ["a.ics"])
    }

    @Test func aDashAndALetterAfterAValueOptionIsStillAnOption() {
        #expect(throws: UsageError.missingValue(spec.options[0])) {
            try parsed(["--from", "-o", "x.json"])
        }
    }

    /// A short option's value may be written against it (`-oout.json`), as getopt reads it;
    /// an unknown letter is still an unknown option.
    @Test func aShortOptionTakesAnAttachedValue() throws {
        #expect(try parsed(["-oout.json", "a.ics"]).value("output") == "out.json")
        #expect(try parsed(["-oout.json", "a.ics"]).positionals == ["a.ics"])
        #expect(throws: UsageError.self) { try parsed(["-xjson"]) }
    }

    @Test func anOptionGivenTwiceTakesTheLastValue() throws {
        #expect(
            try parsed(["--from", "2026-01-01", "--from=2026-02-01"]).value("from") == "2026-02-01")
        #expect(
            try parsed(["--from", "2026-01-01", "--from=2026-01-01"]).value("from") == "2026-01-01")
    }

    @Test func helpAnywhereAsksForHelp() throws {
        guard case .help = try ArgumentParser.parse(["a.ics", "--strict", "-h"], spec: spec) else {
            Issue.record("-h was not read as help")
            return
        }
    }

    @Test(arguments: [
        (["--nope"], "Unknown option '--nope'"),
        (["-x"], "Unknown option '-x'"),
        (["--from"], "Missing value for '--from <date>'"),
        (["--from", "--strict"], "Missing value for '--from <date>'"),
        (["--strict=yes"], "The option '--strict' does not take a value"),
    ])
    func usageErrorsAreWordedLikeArgumentParser(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) {
            try ArgumentParser.parse(arguments, spec: spec)
        }
    }

    @Test func choicesAreListedWhenAValueIsNotOne() {
        let option = OptionSpec.value("format", "format", help: "")
        #expect(
            UsageError.notOneOf("xml", for: option, ["text", "json", "csv"]).message
                == "The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', 'json' or 'csv'."
        )
    }
}
