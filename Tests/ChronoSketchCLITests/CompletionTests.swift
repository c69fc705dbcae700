import ChronoSketchCore
import Foundation
import Testing

@testable import ChronoSketchCLI

/// The completion scripts, the manual page and `make install`, checked against the command
/// specs the parser reads and by the shells and `man` themselves.
@Suite struct CompletionTests {
    /// Every command as its words: `["events"]`, `["layout", "day"]`.
    private static let commands: [(path: [String], spec: CommandSpec)] =
        ICSCommandLine.allCommands.map {
            ($0.spec.name.split(separator: " ").map(String.init), $0.spec)
        }

    private static func script(_ shell: String) -> String {
        let result = CLI.run(["completion", shell])
        #expect(result.status == 0)
        return result.standardOutput
    }

    /// Whether `program` is on `PATH`, as the shell that runs it would find it.
    static func has(_ program: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }

    /// Runs `body` in bash after sourcing the bash script; `t WORD…` prints the completions
    /// of a command line whose last word is being typed, one line per call.
    private static func bash(_ body: String) throws -> [String] {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ics.bash")
        try script("bash").write(to: file, atomically: true, encoding: .utf8)
        let program = """
            source '\(file.path)'
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _ics; echo "${COMPREPLY[*]}"; }
            \(body)
            """
        let result = try CLI.runBinary(["-c", program], in: CLI.root, shell: true)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }

    @Test func bashRegistersTheFunction() throws {
        let lines = try Self.bash("complete -p ics")
        #expect(lines == ["complete -o filenames -F _ics ics"])
    }

    @Test func bashOffersEveryCommandAndSubcommand() throws {
        let lines = try Self.bash(
            "t ics ''\nt ics layout ''\nt ics render ''\nt ics help layout ''")
        let top = Set(lines[0].split(separator: " ").map(String.init))
        for command in ICSCommandLine.commands { #expect(top.contains(command.spec.name)) }
        for group in ICSCommandLine.groups { #expect(top.contains(group.name)) }
        #expect(top.isSuperset(of: ["help", "--help", "--version"]))
        for (index, group) in ICSCommandLine.groups.enumerated() {
            let names = group.commands.map { String($0.spec.name.dropFirst(group.name.count + 1)) }
            #expect(lines[index + 1].split(separator: " ").map(String.init) == names + ["--help"])
        }
        #expect(lines[3].split(separator: " ").count == ICSCommandLine.groups[0].commands.count)
    }

    @Test func bashOffersEachCommandsOptionsAndTheirValues() throws {
        var body = ""
        var expected: [[String]] = []
        for (path, spec) in Self.commands {
            let words = (["ics"] + path).joined(separator: " ")
            body += "t \(words) --\n"
            expected.append(spec.options.map { "--\($0.name)" } + ["--help"])
            for option in spec.options where !option.values.isEmpty {
                body += "t \(words) --\(option.name) ''\n"
                expected.append(option.values)
            }
        }
        let lines = try Self.bash(body)
        #expect(lines.count == expected.count)
        for (line, words) in zip(lines, expected) {
            #expect(line.split(separator: " ").map(String.init) == words)
        }
    }

    @Test func bashCompletesZonesDatesFilesAndNothingForNumbers() throws {
        let lines = try Self.bash(
            """
            t ics events --tz Europe/Berl
            t ics events --from tom
            t ics events Fixtures/dem
            t ics events --days ''
            t ics completion ''
            t ics events -f nd
            """)
        #expect(lines[0] == "Europe/Berlin")
        #expect(lines[1] == "tomorrow")
        #expect(lines[2] == "Fixtures/demo")
        #expect(lines[3] == "")
        #expect(lines[4] == "bash zsh fish")
        #expect(lines[5] == "ndjson")
    }

    @Test func dateWordsAreDates() throws {
        let dates = DateText(
            today: try CivilDate(year: 2026, month: 12, day: 9), weekStart: .monday)
        for word in DateText.words { #expect(dates.day(word) != nil, "\(word)") }
    }

    @Test(arguments: ["zsh", "fish"])
    func everyCommandAndOptionIsInTheScript(shell: String) throws {
        let text = Self.script(shell)
        for (path, spec) in Self.commands {
            // The part of the script about this command.
            let marker =
                shell == "zsh"
                ? "        \(path.joined(separator: "_")))\n"
                : "__ics_using \(path.joined(separator: " "))'"
            let start = try #require(text.range(of: marker), "no section for \(path)")
            let rest = text[start.upperBound...]
            let end = shell == "zsh" ? "\n            ;;\n" : "\n\n"
            let section = rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)]
            for option in spec.options {
                let written = shell == "zsh" ? "--\(option.name)" : "-l \(option.name) "
                #expect(section.contains(written), "\(shell): \(path) lacks --\(option.name)")
                for value in option.values {
                    #expect(section.contains(value), "\(shell): --\(option.name) lacks \(value)")
                }
            }
        }
    }

    /// zsh and fish are not installed by `make deps`: their checks run where they are.
    @Test(.enabled(if: has("zsh"), "zsh is not installed; the zsh script is not run"))
    func zshReadsTheScript() throws {
        try Self.check(shell: "zsh")
    }

    @Test(.enabled(if: has("fish"), "fish is not installed; the fish script is not run"))
    func fishReadsTheScriptAndCompletes() throws {
        try Self.check(shell: "fish")
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("script")
        try Self.script("fish").write(to: file, atomically: true, encoding: .utf8)
        let completed = try CLI.runBinary(
            [
                "-c",
                "fish -c \"source '\(file.path)'; complete -C 'ics events --format '; complete -C 'ics layout w'\"",
            ], shell: true)
        let words = completed.standardOutput.split(separator: "\n").map {
            String($0.split(separator: "\t").first ?? "")
        }
        #expect(words == ["csv", "json", "ndjson", "text", "week"])
    }

    /// The shell parses the script without complaint (`-n`).
    private static func check(shell: String) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("script")
        try Self.script(shell).write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.runBinary(["-c", "\(shell) -n '\(file.path)'"], shell: true)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
    }

    @Test func aMissingOrUnknownShellIsAUsageError() {
        let missing = CLI.run(["completion"])
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("bash, zsh, fish"))
        let unknown = CLI.run(["completion", "tcsh"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("'tcsh'"))
    }

    /// The page as `man -l` shows it, and what groff warned.
    private static func rendered(_ page: URL) throws -> RunResult {
        try CLI.runBinary(
            ["-c", "MANWIDTH=100 man --warnings -l '\(page.path)'"],
            environment: ["MANPAGER": "cat", "PAGER": "cat", "LANG": "C.UTF-8"], shell: true)
    }

    @Test(.enabled(if: has("man"), "man is not installed (Debian: man-db, which make deps installs)"))
    func theManualPageReadsInMan() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("ics.1")
        let help = CLI.run(["help", "--man"])
        #expect(help.status == 0)
        try help.standardOutput.write(to: page, atomically: true, encoding: .utf8)
        let result = try Self.rendered(page)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let text = result.standardOutput
        for heading in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT",
        ] {
            #expect(text.contains("\n\(heading)\n"), "no \(heading)")
        }
        for (_, spec) in Self.commands {
            #expect(text.contains("   \(spec.fullName)\n"), "no section for \(spec.fullName)")
        }
        // Options are written with plain hyphens, so that they copy as typed.
        #expect(text.contains("--x-wr-timezone"))
        #expect(!text.contains("‐"))
    }

    @Test(.enabled(if: has("make"), "make is not installed"))
    func makeInstallPutsEverythingUnderThePrefix() throws {
        let prefix = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let result = try CLI.runBinary(
            ["-c", "make -s install PREFIX='\(prefix.path)' BINARY='\(CLI.binary.path)'"],
            in: CLI.root, shell: true)
        #expect(result.status == 0, "\(result.standardError)")
        let files = [
            "bin/ics", "share/man/man1/ics.1", "share/bash-completion/completions/ics",
            "share/zsh/site-functions/_ics", "share/fish/vendor_completions.d/ics.fish",
        ]
        for file in files {
            #expect(
                FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path),
                "\(file) missing")
        }
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: prefix.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
        let version = try CLI.runBinary(
            ["-c", "'\(prefix.path)/bin/ics' --version"], shell: true)
        #expect(version.standardOutput.hasPrefix("ics "))
        let bash = try CLI.runBinary(
            [
                "-c",
                "source '\(prefix.path)/share/bash-completion/completions/ics' && complete -p ics",
            ], shell: true)
        #expect(bash.standardOutput == "complete -o filenames -F _ics ics\n")
        if Self.has("man") {
            let page = try Self.rendered(prefix.appendingPathComponent("share/man/man1/ics.1"))
            #expect(page.standardOutput.contains("ics info"))
        }
    }
}
