import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax

/// `ics validate`: every finding in a calendar, with its line and what was assumed.
struct ValidateCommand: Command {
    enum Format: String, CaseIterable {
        case text, json
    }

    static let format = OutputFormats.option(Format.self, default: .text)

    static let errorsOnly = OptionSpec.flag(
        "errors-only",
        help: "List errors only; warnings are neither listed nor counted as findings.")

    static let libical = OptionSpec.flag(
        "libical",
        help:
            "Also read each component with libical's own parser and report where a libical-based client reads it otherwise (a property, parameter or component lost, text cut, a value rejected, a rule rewritten)."
    )

    static let listRules = OptionSpec.flag(
        "list-rules",
        help:
            "List every diagnostic code instead: its severity, the rule that says it, where it is said and what it means (-f json: code, severity, rule, scope, description)."
    )

    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check calendars against RFC 5545 and report every finding.",
        discussion: """
            Reports problems of structure and encoding, values that do not parse, the \
            properties RFC 5545 requires (PRODID and VERSION in VCALENDAR; UID, DTSTAMP and \
            DTSTART in VEVENT), DTEND together with DURATION, ends before starts, zones that do \
            not resolve, and series limits. The text report ends with a line per file: \
            'cal.ics: 0 errors, 3 warnings'. Exit status: 0 clean, 1 findings, 2 unreadable input.
            """,
        positional: CommonOptions.calendarFiles,
        options: [errorsOnly, libical, CommonOptions.profile, listRules],
        groups: [.output(format), .reporting, .zone, .inputs, .expansion])

    let inputs: [InputSource]
    let options: LoadOptions
    let format: Format
    let errorsOnly: Bool
    let profile: ValidationProfile
    let outputPath: String?
    /// Whether the registry of codes is listed instead (`--list-rules`).
    let listsRules: Bool

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        inputs = CommonOptions.inputs(arguments)
        var options = try CommonOptions.readingOptions(arguments, environment: environment)
        options.comparesWithLibical = arguments.isSet(Self.libical.name)
        self.options = options
        format = try CommonOptions.format(
            arguments, Self.format, default: Format.text,
            byExtension: ["txt": [.text], "json": [.json]])
        outputPath = arguments.value(CommonOptions.output.name)
        errorsOnly = arguments.isSet(Self.errorsOnly.name)
        profile = try CommonOptions.choice(arguments, CommonOptions.profile, default: .rfc5545)
        listsRules = arguments.isSet(Self.listRules.name)
        if listsRules, !arguments.positionals.isEmpty {
            throw UsageError(
                message: "--list-rules lists the codes of every calendar: give no file")
        }
    }

    func run(io: CommandIO) -> ExitStatus {
        if listsRules {
            return OutputTarget.write(outputPath, io: io, forPeople: format == .text) {
                writeRules(to: $0)
            }
        }
        var findings: [Diagnostic] = []
        var unreadable: [InputError] = []
        var summaries: [String] = []
        for input in CommandLoading.withStandardInput(inputs, io) {
            do throws(InputError) {
                let read = try Validator.validate(
                    input, options: options.reporting(to: io), profile: profile)
                var found = io.policy.apply(read)
                if errorsOnly { found.removeAll { $0.severity != .error } }
                findings += found
                summaries.append(Self.summary(of: found, in: input.name))
            } catch {
                unreadable.append(error)
                summaries.append("\(input.name): cannot be read")
            }
        }
        let written = OutputTarget.write(outputPath, io: io, forPeople: format == .text) {
            output in
            write(findings, unreadable: unreadable, summaries: summaries, to: output)
        }
        guard written == .success else { return written }
        if !unreadable.isEmpty { return .unusableInput }
        return findings.isEmpty ? .success : .findings
    }

    /// The report: each finding on its line and a summary per file, or a JSON array.
    private func write(
        _ findings: [Diagnostic], unreadable: [InputError], summaries: [String],
        to output: any TextOutput
    ) {
        switch format {
        case .text:
            for error in unreadable {
                output.write(DiagnosticPrinter.line(error, color: false) + "\n")
            }
            for finding in findings {
                output.write(DiagnosticPrinter.line(finding, color: false) + "\n")
            }
            for summary in summaries { output.write(TerminalText.oneLine(summary) + "\n") }
        case .json:
            var writer = JSONWriter()
            writer.beginArray()
            // An input that cannot be read is a finding of its own.
            let unusable = unreadable.map(\.diagnostic)
            for finding in unusable + findings {
                writer.beginObject()
                writer.field("file", finding.file)
                writer.key("line")
                writer.number(finding.line)
                writer.field("severity", finding.severity.rawValue)
                writer.field("code", finding.code.rawValue)
                writer.field("message", finding.message)
                writer.field("assumption", finding.assumption)
                writer.field("uid", finding.uid)
                writer.field("repeats", finding.repeats)
                writer.key("repeatLines")
                writer.beginArray()
                for line in finding.repeatLines { writer.number(line) }
                writer.endArray()
                writer.endObject()
            }
            writer.endArray()
            writer.raw("\n")
            output.write(bytes: writer.bytes)
        }
    }

    /// The registry of codes (``DiagnosticRule``): a line a code, or a JSON array.
    private func writeRules(to output: any TextOutput) {
        let rules = DiagnosticRule.all
        switch format {
        case .text:
            let rows = rules.map {
                [
                    $0.code.rawValue, $0.severities.map(\.rawValue).joined(separator: "/"),
                    $0.rule, $0.scope.rawValue, $0.description,
                ]
            }
            let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                var line = ""
                for column in 0..<4 {
                    line += row[column].padding(
                        toLength: widths[column] + 2, withPad: " ", startingAt: 0)
                }
                output.write(line + row[4] + "\n")
            }
        case .json:
            var writer = JSONWriter()
            writer.beginArray()
            for rule in rules {
                writer.beginObject()
                writer.field("code", rule.code.rawValue)
                writer.field("severity", strings: rule.severities.map(\.rawValue))
                writer.field("rule", rule.rule)
                writer.field("scope", rule.scope.rawValue)
                writer.field("description", rule.description)
                writer.endObject()
            }
            writer.endArray()
            writer.raw("\n")
            output.write(bytes: writer.bytes)
        }
    }

    /// `cal.ics: 2 errors, 3 warnings`, a problem found in many places counted each time.
    static func summary(of findings: [Diagnostic], in name: String) -> String {
        func count(_ severity: Diagnostic.Severity, _ word: String) -> String {
            let total = findings.filter { $0.severity == severity }.reduce(0) {
                $0 + 1 + $1.repeats
            }
            return "\(total) \(word)\(total == 1 ? "" : "s")"
        }
        return "\(name): \(count(.error, "error")), \(count(.warning, "warning"))"
    }
}
