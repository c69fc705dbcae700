/// One option a command accepts.
struct OptionSpec: Sendable {
    /// The long name without dashes (`from`).
    var name: String
    /// A one-letter short name (`o` for `-o`).
    var short: Character?
    /// The placeholder of its value (`date`); nil for a flag.
    var valueName: String?
    var help: String
    /// Whether the option may be given several times, each value counting (`--blocked`);
    /// any other option given twice takes the last value.
    var repeats = false
    /// Whether the command needs it: shown without brackets in the usage line.
    var isRequired = false
    /// The values it takes when they are few and fixed (`text`, `json`): completion offers
    /// them.
    var values: [String] = []
    /// Whether its values are files the command reads (`--blocked`): no output may be one.
    var readsFiles = false

    /// The same option, naming files the command reads.
    var readingFiles: OptionSpec {
        var option = self
        option.readsFiles = true
        return option
    }

    /// The same option, required.
    var required: OptionSpec {
        var option = self
        option.isRequired = true
        return option
    }

    /// The same option, taking the raw values of `type` (the enumeration it is read as).
    func choosing<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> OptionSpec
    where T.RawValue == String {
        choosing(T.allCases.map(\.rawValue))
    }

    /// The same option, taking one of `values`.
    func choosing(_ values: [String]) -> OptionSpec {
        var option = self
        option.values = values
        return option
    }

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func value(
        _ name: String, _ valueName: String, short: Character? = nil, repeats: Bool = false,
        help: String
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help, repeats: repeats)
    }

    /// `--from <date>` or `--strict`, as messages and help show it.
    var synopsis: String {
        "--\(name)" + (valueName.map { " <\($0)>" } ?? "")
    }
}

/// The positional arguments a command accepts.
struct PositionalSpec: Sendable {
    var name: String
    var help: String
    var repeats: Bool
    /// The values it takes when they are few and fixed; none for files.
    var values: [String] = []
    /// The name of each, when the command takes a fixed number (`<old> <new>`).
    var fixed: [String] = []

    /// `<file>`, or `<old> <new>`.
    var synopsis: String {
        fixed.isEmpty ? "<\(name)>" : fixed.map { "<\($0)>" }.joined(separator: " ")
    }

    /// Whether the positionals are files the command reads (`-` or none: standard input).
    var readsFiles: Bool { name == "file" }
}

/// A command's name, description and arguments, from which parsing and help are derived.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var discussion: String?
    var positional: PositionalSpec?
    /// The command's own options, which no other command takes.
    var ownOptions: [OptionSpec]
    /// The groups of options it composes, each declared once (``OptionGroup``).
    var groups: [OptionGroup]

    init(
        name: String, abstract: String, discussion: String? = nil,
        positional: PositionalSpec? = nil, options: [OptionSpec] = [],
        groups: [OptionGroup] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.positional = positional
        ownOptions = options
        self.groups = groups
    }

    /// Every option the command takes: its own, then each group's.
    var options: [OptionSpec] { ownOptions + groups.flatMap(\.options) }

    /// `ics events`.
    var fullName: String { "ics \(name)" }

    /// `Usage: ics events [<file> ...] [--from <date>] …`
    var usage: String { usageParts.joined(separator: " ") }

    /// The usage line's words: the name, the positional, then each option.
    var usageParts: [String] {
        var parts = [fullName]
        if let positional {
            parts.append(positional.repeats ? "[<\(positional.name)> ...]" : positional.synopsis)
        }
        for option in options {
            parts.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
        }
        return parts
    }
}

/// Arguments after parsing: option values by long name, in order given, and positionals.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var positionals: [String] = []

    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }

    func isSet(_ name: String) -> Bool { values[name] != nil }
}
