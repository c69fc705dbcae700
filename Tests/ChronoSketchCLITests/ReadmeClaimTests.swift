import Foundation
import Testing

@testable import ChronoSketchCLI

/// What the README names of the command line exists in the binary: every option it mentions,
/// the options of each synopsis under the command it shows, and every exit status.
@Suite struct ReadmeClaimTests {
    static let readme =
        (try? String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8))
        ?? ""

    /// Every command's spec by its full name (`events`, `layout day`).
    static let specs: [String: CommandSpec] = {
        var specs: [String: CommandSpec] = [:]
        for command in ICSCommandLine.commands { specs[command.spec.name] = command.spec }
        for group in ICSCommandLine.groups {
            for command in group.commands {
                specs["\(group.name) \(command.spec.name)"] = command.spec
            }
        }
        return specs
    }()

    static func names(_ spec: CommandSpec) -> Set<String> {
        Set(spec.options.map(\.name) + ["help"])
    }

    /// Options of other programs the README shows: `swift build`'s, and those of the Dask
    /// example (`ScaleOut/dask_calendars.py`); `--opt` stands for any option in prose.
    static let otherPrograms: Set<String> = ["static-swift-stdlib", "scheduler", "workers", "opt"]

    /// `ics --version` and `ics help --man`, which no subcommand's spec holds.
    static let global: Set<String> = ["version", "man", "help"]

    @Test func everyOptionTheReadmeNamesExists() {
        let known = Self.specs.values.reduce(into: Self.global.union(Self.otherPrograms)) {
            $0.formUnion(Self.names($1))
        }
        let named = Set(
            Self.readme.matches(of: /(?:^|[^\w-])--([a-z][a-z0-9-]*)/.anchorsMatchLineEndings())
                .map { String($0.output.1) })
        #expect(named.count > 50)
        #expect(named.subtracting(known).isEmpty, "\(named.subtracting(known).sorted())")
    }

    /// A synopsis (a block beginning `ics <command>`) shows only options that command takes;
    /// one that shows several commands (`ics check …` beside `ics slots …`), those of each line's.
    @Test func eachSynopsisShowsOptionsItsCommandTakes() {
        var wrong: [String] = []
        var checked = 0
        for block in Self.readme.matches(of: /```\n(ics [\s\S]*?)```/) {
            var command: CommandSpec?
            for line in block.output.1.split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.first == "ics", words.count > 1 {
                    let two = words.count > 2 ? "\(words[1]) \(words[2])" : ""
                    command = Self.specs[two] ?? Self.specs[String(words[1])]
                }
                guard let command else { continue }
                for option in line.matches(of: /--([a-z][a-z0-9-]*)/).map({ String($0.output.1) }) {
                    checked += 1
                    if !Self.names(command).contains(option) {
                        wrong.append("\(command.fullName): --\(option)")
                    }
                }
            }
        }
        #expect(checked > 100)
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// Every exit status the README gives is one the binary has.
    @Test func everyExitStatusTheReadmeGivesExists() {
        let statuses = Self.readme.matches(of: #/(?i)exit(?: status)? (\d+)|status (\d+) /#).map {
            Int32($0.output.1 ?? $0.output.2 ?? "") ?? -1
        }
        #expect(statuses.count > 5)
        let known = Set(
            [ExitStatus.success, .findings, .unusableInput, .usage].map(\.rawValue))
        #expect(Set(statuses).isSubset(of: known), "\(statuses)")
    }
}
