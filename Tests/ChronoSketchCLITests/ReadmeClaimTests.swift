import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax
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
        // A retired option is known too: the binary answers it with what to give instead.
        let retired = Set(ArgumentParser.retired.keys)
        let known = Self.specs.values.reduce(
            into: Self.global.union(Self.otherPrograms).union(retired)
        ) {
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

    /// Every row of the README's table of bounds gives the default the binary has: each row is
    /// known here (a new bound needs its check), and each default is the code's own value, or
    /// for bounds held in a command, the largest value its option takes.
    @Test func everyBoundTheReadmeListsIsTheBinarys() throws {
        let section = try #require(
            Self.readme.range(of: "### Limits and hostile input").map {
                Self.readme[$0.upperBound...]
            })
        let rows = section.split(separator: "\n").prefix { !$0.hasPrefix("Bounds") }
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| bound") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        let read = ReadLimits()
        let expansion = ExpansionLimits()
        func mebibytes(_ bytes: Int) -> String { "\(bytes >> 20) MiB" }
        let expected: [(label: String, value: String)] = [
            ("content line", mebibytes(read.maximumLineLength)),
            ("component nesting", "\(read.maximumDepth) levels"),
            ("properties per component", ASCIIDigits.grouped(read.maximumPropertiesPerComponent)),
            ("parameters per property", ASCIIDigits.grouped(read.maximumParametersPerProperty)),
            ("instances per series", ASCIIDigits.grouped(expansion.instancesPerSeries)),
            ("instances of all series", ASCIIDigits.grouped(expansion.totalInstances)),
            ("recurrence steps per series", ASCIIDigits.grouped(expansion.iterationsPerSeries)),
            (
                "open series listed until",
                "\(expansion.horizonYears) years after the latest event start"
            ),
            ("conflicts reported", ASCIIDigits.grouped(ConflictOptions().maximumConflicts)),
            ("records a sorted", mebibytes(OccurrenceRecords.defaultMemory)),
            (
                "events `ics conflicts` and `ics diff` hold",
                mebibytes(OccurrenceRecords.defaultMemory)
            ),
            ("text view width", "\(ASCIIDigits.grouped(TextWidth.maximum)) columns"),
            ("timeline columns", ASCIIDigits.grouped(TimelineWindow.maximumColumns)),
            ("heatmap months", "—"),
            ("ranges periods", ASCIIDigits.grouped(RangeLayout.maximumPeriods)),
            ("a window", "ends by 9999-12-31"),
        ]
        #expect(rows.count == expected.count, "\(rows.map { $0[0] })")
        for row in rows {
            let match = expected.first { row[0].hasPrefix($0.label) }
            #expect(match != nil, "a bound with no check: \(row[0])")
            if let match { #expect(row[1] == match.value, "\(row[0])") }
        }
        // The options' table gives the same defaults.
        for (option, value) in [
            ("max-instances", expansion.instancesPerSeries),
            ("max-total-instances", expansion.totalInstances),
            ("max-iterations", expansion.iterationsPerSeries),
        ] {
            let row = Self.readme.split(separator: "\n").first {
                $0.hasPrefix("| `--\(option) <n>` |")
            }
            #expect(row?.contains("default \(ASCIIDigits.grouped(value))") == true, "\(option)")
        }
        // Bounds of options: the largest value passes, the next is a usage error naming it.
        let calendar = CLI.fixture("demo/team-week.ics")
        for (arguments, largest) in [
            (["layout", "heatmap", calendar, "--months"], 1_200),
            (["layout", "week", calendar, "--width"], TextWidth.maximum),
        ] {
            #expect(CLI.run(arguments + ["\(largest)"]).status == 0, "\(arguments)")
            let over = CLI.run(arguments + ["\(largest + 1)"])
            #expect(over.status == ExitStatus.usage.rawValue)
            #expect(over.standardError.contains("\(largest)"), "\(over.standardError)")
        }
    }

    /// `make demo` runs: every `ics` command of its recipe exits as the recipe expects, with
    /// output, on the calendar shipped in `Fixtures/`.
    @Test func theDemoTargetsCommandsRun() throws {
        let makefile = try String(
            contentsOf: CLI.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let recipe = makefile.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("demo:") }.dropFirst().prefix { $0.hasPrefix("\t") }
        let commands = recipe.filter { $0.contains("$(ICS)") }
        #expect(commands.count == 2)
        for command in commands {
            let line = String(command).trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: "$(ICS)", with: "'\(CLI.binary.path)'")
                .replacingOccurrences(of: "$$", with: "$")
            let result = try CLI.runBinary(["-c", line], in: CLI.root, shell: true)
            #expect(result.status == 0, "\(line): \(result.standardError)")
            #expect(!result.standardOutput.isEmpty)
        }
        // The installed and release binaries carry Swift's runtime.
        #expect(makefile.contains("--static-swift-stdlib"))
    }

    /// `Tests/README.md` maps the README's claims to tests: every test it names exists (a
    /// renamed or removed test fails here), and every section of the README has its rows.
    @Test func theClaimTableNamesTestsThatExistForEverySection() throws {
        let tests = CLI.root.appendingPathComponent("Tests")
        let table = try String(
            contentsOf: tests.appendingPathComponent("README.md"), encoding: .utf8)
        let walk = FileManager.default.enumerator(atPath: tests.path)
        let sources = (walk?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
            .compactMap {
                try? String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8)
            }
        // The functions of each file, by every type the file declares or extends.
        var functions: [String: Set<String>] = [:]
        for source in sources {
            let declared = source.matches(of: /(?:struct|class|extension) ([A-Za-z0-9]+)/)
                .map { String($0.output.1) }
            let defined = Set(
                source.matches(of: /func ([A-Za-z0-9_]+)\(/).map { String($0.output.1) })
            for type in declared { functions[type, default: []].formUnion(defined) }
        }
        let named = table.matches(of: /`([A-Z][A-Za-z0-9]*Tests)\.([a-zA-Z]\w*)`/).map {
            (suite: String($0.output.1), test: String($0.output.2))
        }
        #expect(named.count > 200)
        var missing: [String] = []
        for (suite, test) in Set(named.map { "\($0.suite).\($0.test)" }).sorted().map({
            let parts = $0.split(separator: ".")
            return (String(parts[0]), String(parts[1]))
        }) {
            if functions[suite]?.contains(test) != true {
                missing.append("\(suite).\(test)")
            }
        }
        #expect(missing.isEmpty, "\(missing)")
        // Sections with text of their own: a heading followed at once by another holds none.
        let lines = Self.readme.split(separator: "\n")
        let sections = lines.indices.filter { index in
            let line = lines[index]
            guard line.hasPrefix("## ") || line.hasPrefix("### ") || line.hasPrefix("#### ")
            else { return false }
            return lines[(index + 1)...].first.map { !$0.hasPrefix("#") } ?? false
        }.map { lines[$0].drop { $0 == "#" }.dropFirst() }
        #expect(sections.count > 30)
        let absent = sections.filter { !table.contains("| \($0) |") }
        #expect(absent.isEmpty, "\(absent)")
    }
}
