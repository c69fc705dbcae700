import ChronoSketchCore
import ChronoSketchICal

/// `ics validate`: every finding in a calendar, with its line and what was assumed.
struct ValidateCommand: Command {
    enum Format: String, CaseIterable {
        case text, json
    }

    static let format = OptionSpec.value(
        "format", "format",
        help: "text (file:line: severity: message) or json (an array). (default: text)")

    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check calendars against RFC 5545 and report every finding.",
        discussion: """
            Reports problems of structure and encoding, values that do not parse, the \
            properties RFC 5545 requires (PRODID and VERSION in VCALENDAR; UID, DTSTAMP and \
            DTSTART in VEVENT), DTEND together with DURATION, ends before starts, zones that do \
            not resolve, and series limits. Exit status: 0 clean, 1 findings, 2 unreadable input.
            """,
        positional: PositionalSpec(
            name: "file", help: "Calendar files to check; '-' or none reads standard input.",
            repeats: true),
        options: [
            format, CommonOptions.zone, CommonOptions.wrTimezone, CommonOptions.maxInstances,
            CommonOptions.maxTotalInstances, CommonOptions.maxIterations,
        ])

    let inputs: [InputSource]
    let options: LoadOptions
    let format: Format

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        inputs = CommonOptions.inputs(arguments)
        options = LoadOptions(
            zone: try CommonOptions.zone(arguments, environment: environment),
            wrTimezone: try CommonOptions.choice(
                arguments, CommonOptions.wrTimezone, default: .apply),
            expansion: try CommonOptions.expansionLimits(arguments))
        format = try CommonOptions.choice(arguments, Self.format, default: .text)
    }

    func run(io: CommandIO) -> ExitStatus {
        var findings: [Diagnostic] = []
        var unreadable: [InputError] = []
        for input in CommandLoading.withStandardInput(inputs, io) {
            do {
                findings += try Validator.validate(input, options: options)
            } catch {
                unreadable.append(error)
            }
        }
        switch format {
        case .text:
            for error in unreadable { io.standardOutput.write("\(error)\n") }
            for finding in findings { io.standardOutput.write(finding.description + "\n") }
        case .json:
            var writer = JSONWriter()
            writer.beginArray()
            for error in unreadable {
                writer.beginObject()
                writer.field("file", error.file)
                writer.key("line")
                writer.number(error.line)
                writer.field("severity", "error")
                writer.field("message", error.message)
                writer.field("assumption", nil as String?)
                writer.field("uid", nil as String?)
                writer.field("repeats", 0)
                writer.key("repeatLines")
                writer.beginArray()
                writer.endArray()
                writer.endObject()
            }
            for finding in findings {
                writer.beginObject()
                writer.field("file", finding.file)
                writer.key("line")
                writer.number(finding.line)
                writer.field("severity", finding.severity.rawValue)
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
            io.standardOutput.write(bytes: writer.bytes)
        }
        if !unreadable.isEmpty { return .unusableInput }
        return findings.isEmpty ? .success : .findings
    }
}
