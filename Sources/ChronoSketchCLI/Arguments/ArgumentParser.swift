/// Parses a command's arguments by the conventions of swift-argument-parser: `--opt value`,
/// `--opt=value`, `-o value` and `-ovalue`, flags, `--` ending options, `-` as a positional
/// (stdin), and the last value of an option given twice.
enum ArgumentParser {
    enum Outcome: Sendable {
        case parsed(ParsedArguments)
        case help
    }

    /// Options that are no more, and what to give instead.
    static let retired = ["to-format": "give the output format as --format (or -f)"]

    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> Outcome {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" { return .help }
            let (name, inlineValue) = split(argument)
            var option: OptionSpec?
            var attached: String?
            if name.hasPrefix("--") {
                option = spec.options.first { $0.name == name.dropFirst(2) }
            } else if name.count == 2 {
                option = spec.options.first { $0.short == name.last }
            } else if let short = spec.options.first(where: {
                $0.short == name.dropFirst().first && $0.valueName != nil
            }) {
                // A short option's value written against it (`-fjson`), as getopt reads it.
                option = short
                attached = String(name.dropFirst(2))
            }
            if option == nil, let replacement = retired[String(name.dropFirst(2))],
                name.hasPrefix("--")
            {
                throw UsageError(message: "The option '\(name)' is no more: \(replacement)")
            }
            guard let option else {
                // One letter off a short option is any other: only long ones are suggested.
                throw .unknownOption(
                    name, known: name.hasPrefix("--") ? spec.options.map { "--\($0.name)" } : [])
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw .unexpectedValue(option) }
                parsed.values[option.name, default: []].append("")
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else if let inlineValue {
                value = inlineValue
            } else if index < arguments.count,
                !arguments[index].hasPrefix("-") || arguments[index] == "-"
                    || startsNegative(arguments[index])
            {
                value = arguments[index]
                index += 1
            } else {
                throw .missingValue(option)
            }
            // An option that takes one value takes the last given, as getopt and
            // argument-parser do (`alias today='ics events --from today'` then `today --from
            // monday`); one that repeats gathers them all.
            if option.repeats {
                parsed.values[option.name, default: []].append(value)
            } else {
                parsed.values[option.name] = [value]
            }
        }
        if let positional = spec.positional {
            let most = positional.repeats ? Int.max : max(positional.fixed.count, 1)
            if parsed.positionals.count > most {
                throw .unexpectedArgument(parsed.positionals[most])
            }
            if parsed.positionals.count < positional.fixed.count {
                throw .missingArgument(positional.fixed[parsed.positionals.count])
            }
        } else if let first = parsed.positionals.first {
            throw .unexpectedArgument(first)
        }
        return .parsed(parsed)
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (
            String(argument[..<equals]), String(argument[argument.index(after: equals)...])
        )
    }

    /// A value that begins with `-` and a digit (`-2d`, `-1w`, `-5`): no option is spelled so,
    /// so it is the value of the option before it, as argument-parser reads a negative number.
    private static func startsNegative(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count > 1, utf8.first == UInt8(ascii: "-") else { return false }
        let second = utf8[utf8.index(after: utf8.startIndex)]
        return second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9")
    }
}
