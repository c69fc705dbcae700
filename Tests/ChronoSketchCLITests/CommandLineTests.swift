import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Testing

@testable import ChronoSketchCLI

@Suite struct CommandLineTests {
    @Test func rootHelpListsEverySubcommand() {
        let result = CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.hasPrefix("OVERVIEW: "))
        for command in ICSCommandLine.commands {
            #expect(result.standardOutput.contains("\n  \(command.spec.name) "))
        }
        #expect(CLI.run([]).standardOutput == result.standardOutput)
        #expect(CLI.run(["help"]).standardOutput == result.standardOutput)
    }

    @Test func everySubcommandHasHelpNamingEachOption() {
        for command in ICSCommandLine.allCommands {
            let words = command.spec.name.split(separator: " ").map(String.init)
            let result = CLI.run(words + ["--help"])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("USAGE: ics \(command.spec.name)"))
            for option in command.spec.options {
                #expect(result.standardOutput.contains("--\(option.name)"))
            }
            #expect(CLI.run(["help"] + words).standardOutput == result.standardOutput)
            #expect(
                result.standardOutput.split(separator: "\n").allSatisfy {
                    $0.count <= 80 || $0.hasPrefix("USAGE:")
                })
        }
    }

    @Test func versionIsPrinted() {
        let result = CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == "ics \(ICSCommandLine.version) (libical \(Libical.version))\n")
        // The headers' version, three numbers (3.0.16 on Debian 12).
        #expect(Libical.version.split(separator: ".").compactMap { Int($0) }.count == 3)
    }

    @Test func unknownSubcommandIsAUsageError() {
        let result = CLI.run(["evnets"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                Error: Unknown subcommand 'evnets'. Did you mean 'events'?
                Usage: ics <subcommand>
                  See 'ics --help' for more information.

                """)
    }

    @Test(arguments: [
        (["help", "evnets"], "Unknown subcommand 'evnets'. Did you mean 'events'?"),
        (["layout", "wek"], "Unknown subcommand 'wek'. Did you mean 'week'?"),
        (["conflict"], "Unknown subcommand 'conflict'. Did you mean 'conflicts'?"),
        (["events", "--fromat", "json"], "Unknown option '--fromat'. Did you mean '--format'?"),
        (["events", "--zzz"], "Unknown option '--zzz'\n"),
        (["render", "calendar"], "Unknown subcommand 'calendar'\n"),
    ])
    func slipsGetADidYouMean(arguments: [String], message: String) {
        let result = CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: " + message), "\(result.standardError)")
    }

    @Test func requiredOptionsHaveNoBrackets() {
        let result = CLI.run(["check", "--help"])
        #expect(
            result.standardOutput.contains(
                "ics check [<file> ...] --start <time> [--end <time>] [--duration <duration>] [--title <text>]"
            ))
    }

    @Test func usageErrorsNameTheCommandAndPointToItsHelp() {
        let result = CLI.run(["events", "--frmo", "2026-01-01"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.first == "Error: Unknown option '--frmo'. Did you mean '--from'?")
        #expect(lines.dropFirst().first?.hasPrefix("Usage: ics events ") == true)
        #expect(lines.last == "  See 'ics events --help' for more information.")
    }
}
