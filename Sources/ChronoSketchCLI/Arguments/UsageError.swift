/// A command line that cannot be run, reported the way swift-argument-parser does.
struct UsageError: Error, Sendable, Equatable {
    let message: String

    /// `Unknown option '--form'. Did you mean '--format'?` when one of `known` is close.
    static func unknownOption(_ option: String, known: [String] = []) -> UsageError {
        UsageError(
            message: "Unknown option '\(option)'" + Suggestion.sentence(option, among: known))
    }

    /// `Unknown subcommand 'evnets'. Did you mean 'events'?` when one of `known` is close.
    static func unknownSubcommand(_ name: String, known: [String]) -> UsageError {
        UsageError(
            message: "Unknown subcommand '\(name)'" + Suggestion.sentence(name, among: known))
    }

    static func missingValue(_ option: OptionSpec) -> UsageError {
        UsageError(message: "Missing value for '\(option.synopsis)'")
    }

    static func unexpectedValue(_ option: OptionSpec) -> UsageError {
        UsageError(message: "The option '--\(option.name)' does not take a value")
    }

    static func invalidValue(_ value: String, for option: OptionSpec, _ reason: String)
        -> UsageError
    {
        UsageError(message: "The value '\(value)' is invalid for '\(option.synopsis)': \(reason)")
    }

    /// `The value 'xml' is invalid for '--format <format>'. Please provide one of 'text', …`
    static func notOneOf(_ value: String, for option: OptionSpec, _ choices: [String]) -> UsageError
    {
        let quoted = choices.map { "'\($0)'" }
        let list =
            quoted.count > 1
            ? quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
            : quoted.joined()
        return UsageError(
            message:
                "The value '\(value)' is invalid for '\(option.synopsis)'. Please provide one of \(list)."
        )
    }

    /// Two options that say different things (`--format json` and `-o out.csv`).
    static func contradiction(_ first: String, _ second: String) -> UsageError {
        UsageError(message: "\(first) contradicts \(second): give one of them")
    }

    static func missingArgument(_ name: String) -> UsageError {
        UsageError(message: "Missing expected argument '<\(name)>'")
    }

    static func unexpectedArgument(_ argument: String) -> UsageError {
        UsageError(message: "Unexpected argument '\(argument)'")
    }
}
