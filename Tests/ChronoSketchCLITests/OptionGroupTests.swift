import Testing

@testable import ChronoSketchCLI

/// Options shared by commands are declared once, in groups every command composes: a command
/// declares only what is its own, help shows each group under its title, and every format a
/// command writes is one of the one table's.
@Suite struct OptionGroupTests {
    /// Every group any command composes, by title.
    private static var groups: [OptionGroup] {
        var seen: [String: OptionGroup] = [:]
        for command in ICSCommandLine.allCommands {
            for group in command.spec.groups {
                seen[group.title + "\(group.options.map(\.name))"] = group
            }
        }
        return Array(seen.values)
    }

    @Test func noCommandDeclaresAnOptionAGroupHolds() {
        let grouped = Set(Self.groups.flatMap { $0.options.map(\.name) })
        #expect(grouped.count > 30)
        for command in ICSCommandLine.allCommands {
            let own = command.spec.ownOptions.map(\.name)
            #expect(
                Set(own).isDisjoint(with: grouped),
                "\(command.spec.name): \(own.filter(grouped.contains))")
            // No option twice, own or grouped.
            let all = command.spec.options.map(\.name)
            #expect(Set(all).count == all.count, "\(command.spec.name)")
        }
    }

    @Test func aGroupsOptionIsTheSameDeclarationInEveryCommand() {
        var declared: [String: (help: String, values: [String])] = [:]
        for group in Self.groups {
            for option in group.options where option.name != "format" {
                if let first = declared[option.name] {
                    #expect(
                        first.help == option.help && first.values == option.values,
                        "--\(option.name)")
                }
                declared[option.name] = (option.help, option.values)
            }
        }
    }

    @Test func helpShowsTheCommandsOwnOptionsThenEachGroupUnderItsTitle() {
        for command in ICSCommandLine.allCommands {
            let words = command.spec.name.split(separator: " ").map(String.init)
            let help = CLI.run(words + ["--help"]).standardOutput
            // Sections: OPTIONS first, then one per group, in the order composed.
            let sections = help.components(separatedBy: "\n\n").filter {
                $0.hasSuffix(":") == false && $0.contains(":\n  ")
            }
            let titles = sections.compactMap { $0.split(separator: "\n").first.map(String.init) }
            #expect(
                titles == ["ARGUMENTS:", "OPTIONS:"].filter {
                    $0 != "ARGUMENTS:" || command.spec.positional != nil
                } + command.spec.groups.map { $0.title.uppercased() + ":" },
                "\(command.spec.name)")
            for (index, group) in command.spec.groups.enumerated() {
                let section = sections.first { $0.hasPrefix(group.title.uppercased() + ":") } ?? ""
                let listed = section.split(separator: "\n").compactMap { line -> String? in
                    let words = line.split(separator: " ")
                    guard line.hasPrefix("  -"),
                        let last = words.first(where: { $0.hasPrefix("--") })
                    else { return nil }
                    return String(last.dropFirst(2))
                }
                #expect(listed == group.options.map(\.name), "\(command.spec.name) group \(index)")
            }
        }
    }

    @Test func everyFormatIsOneOfTheTable() {
        for command in ICSCommandLine.allCommands {
            guard let format = command.spec.options.first(where: { $0.name == "format" }) else {
                continue
            }
            #expect(!format.values.isEmpty, "\(command.spec.name)")
            #expect(Set(format.values).isSubset(of: OutputFormats.names), "\(command.spec.name)")
            for value in format.values {
                #expect(format.help.contains(value), "\(command.spec.name) \(value)")
            }
        }
    }

    @Test func toIsADateAndTheOlderFormatSpellingsAreRefused() {
        let calendar = CLI.fixture("demo/team-week.ics")
        let named = CLI.run(["convert", calendar, "--to", "csv"])
        #expect(named.status == 64)
        #expect(
            named.standardError.hasPrefix(
                "Error: The value 'csv' is invalid for '--to <date>': --to is the date the window ends; give the format as --format csv\n"
            ))
        let older = CLI.run(["convert", calendar, "--to-format", "csv"])
        #expect(older.status == 64)
        #expect(
            older.standardError.hasPrefix(
                "Error: The option '--to-format' is no more: give the output format as --format (or -f)\n"
            ))
        let window = CLI.run(
            ["convert", calendar, "--format", "csv", "--from", "2026-12-08", "--to", "2026-12-09"])
        #expect(window.status == 0)
        #expect(window.standardOutput.hasPrefix("id,uid,"))
    }
}
