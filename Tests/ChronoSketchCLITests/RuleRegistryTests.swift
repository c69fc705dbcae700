import ChronoSketchCore
import Foundation
import Testing

/// The registry of diagnostic codes (``DiagnosticRule``): `validate --list-rules` prints it,
/// and what the commands say keeps to it.
@Suite struct RuleRegistryTests {
    @Test func listRulesPrintsTheRegistry() throws {
        let result = CLI.run(["validate", "--list-rules", "-f", "json"])
        #expect(result.status == 0)
        let rules = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
                as? [[String: Any]])
        #expect(rules.count == DiagnosticCode.allCases.count)
        for (listed, rule) in zip(rules, DiagnosticRule.all) {
            #expect(Set(listed.keys) == ["code", "severity", "rule", "scope", "description"])
            #expect(listed["code"] as? String == rule.code.rawValue)
            #expect(listed["severity"] as? [String] == rule.severities.map(\.rawValue))
            #expect(listed["rule"] as? String == rule.rule)
            #expect(listed["scope"] as? String == rule.scope.rawValue)
            #expect(listed["description"] as? String == rule.code.summary)
        }
        let text = CLI.run(["validate", "--list-rules"])
        #expect(text.standardOutput.split(separator: "\n").count == rules.count)
        #expect(text.standardOutput.contains("zone-on-utc-time"))
        let withFile = CLI.run(["validate", "--list-rules", "a.ics"])
        #expect(withFile.status == 64)
    }

    @Test func everyRuleIsAType() throws {
        let sources = CLI.root.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(atPath: sources.path)?.compactMap {
                $0 as? String
            } ?? []
        let text = files.filter { $0.hasSuffix(".swift") }.map {
            (try? String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) ?? ""
        }.joined(separator: "\n")
        for rule in Set(DiagnosticRule.all.map(\.rule)) {
            #expect(
                text.contains("struct \(rule)") || text.contains("enum \(rule)")
                    || text.contains("class \(rule)"),
                "\(rule) names no type")
        }
    }

    /// Each code is said by its rule alone: every place in `Sources` that hands a code to a
    /// diagnostic or a problem (`(.code,` or `, .code,` outside a `case` pattern) is in a file
    /// that declares or extends the type the registry names. Where several places say the
    /// same thing (an `.ics` line and a jCal property past a bound; a check of the text and
    /// the mapping of the event), they ask the rule's type for its words.
    @Test func everyCodeIsSaidByItsRule() throws {
        let sources = CLI.root.appendingPathComponent("Sources")
        let paths =
            (FileManager.default.enumerator(atPath: sources.path)?.compactMap {
                $0 as? String
            } ?? []).filter {
                $0.hasSuffix(".swift") && !$0.hasSuffix("/DiagnosticRule.swift")
                    && !$0.hasSuffix("/DiagnosticCode.swift")
            }
        let files = try paths.map {
            ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8))
        }
        var saidBy: [DiagnosticCode: Set<String>] = [:]
        for (path, text) in files {
            for line in text.split(separator: "\n")
            where !line.contains("case ") && !line.contains("case(") {
                for code in Self.handed(in: line.utf8) { saidBy[code, default: []].insert(path) }
            }
        }
        // The files that declare or extend each type.
        var declaring: [String: Set<String>] = [:]
        for (path, text) in files {
            for match in text.matches(of: /(?:struct|enum|class|extension) ([A-Za-z0-9]+)[ <:]/) {
                declaring[String(match.output.1), default: []].insert(path)
            }
        }
        var outside: [String] = []
        for (code, paths) in saidBy {
            let owners = declaring[code.rule.rule] ?? []
            for path in paths.subtracting(owners).sorted() {
                outside.append("\(code.rawValue) (\(code.rule.rule)) said in \(path)")
            }
        }
        #expect(outside.isEmpty, "\(outside.sorted().joined(separator: "\n"))")
        // The scan finds what it looks for: most codes are said in this form.
        #expect(saidBy.count > 40)
    }

    /// Every code by the name a call gives it.
    private static let codes = Dictionary(
        uniqueKeysWithValues: DiagnosticCode.allCases.map { ("\($0)", $0) })

    /// The codes `line` hands to a call, `(.code,` or `, .code,`, not as one of a list of
    /// cases (`.prodid, .version, .calscale`, the properties of that name).
    private static func handed(in line: Substring.UTF8View) -> [DiagnosticCode] {
        let bytes = Array(line)
        var found: [DiagnosticCode] = []
        var index = 0
        while index + 2 < bytes.count {
            let begin: Int
            if bytes[index] == UInt8(ascii: "("), bytes[index + 1] == UInt8(ascii: ".") {
                begin = index + 2
            } else if bytes[index] == UInt8(ascii: ","), bytes[index + 1] == UInt8(ascii: " "),
                bytes[index + 2] == UInt8(ascii: ".")
            {
                begin = index + 3
            } else {
                index += 1
                continue
            }
            var end = begin
            while end < bytes.count,
                Character(Unicode.Scalar(bytes[end])).isLetter
                    || Character(Unicode.Scalar(bytes[end])).isNumber
            {
                end += 1
            }
            var next = end + 1
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
            if end > begin, end < bytes.count, bytes[end] == UInt8(ascii: ","),
                next == bytes.count || bytes[next] != UInt8(ascii: "."),
                let code = codes[String(decoding: bytes[begin..<end], as: UTF8.self)]
            {
                found.append(code)
            }
            index = begin
        }
        return found
    }

    /// Every finding of every profile over the fixtures has a severity its code's entry
    /// names.
    @Test func findingsKeepToTheirSeverities() throws {
        let fixtures = CLI.root.appendingPathComponent("Fixtures")
        let files =
            (FileManager.default.enumerator(atPath: fixtures.path)?.compactMap {
                $0 as? String
            } ?? []).filter { $0.hasSuffix(".ics") }.map {
                fixtures.appendingPathComponent($0).path
            }
        #expect(files.count > 100)
        var seen: Set<String> = []
        for file in files {
            for profile in ["rfc5545", "feed", "outlook"] {
                let result = CLI.run(["validate", file, "--profile", profile, "-f", "json"])
                guard
                    let findings = try JSONSerialization.jsonObject(
                        with: Data(result.standardOutput.utf8)) as? [[String: Any]]
                else {
                    Issue.record("\(file): no JSON report")
                    continue
                }
                for finding in findings {
                    let code = try #require(
                        (finding["code"] as? String).flatMap(DiagnosticCode.init(rawValue:)))
                    let severity = try #require(
                        (finding["severity"] as? String).flatMap(
                            Diagnostic.Severity.init(rawValue:)))
                    seen.insert(code.rawValue)
                    #expect(
                        code.rule.severities.contains(severity),
                        "\(file): \(code.rawValue) said as \(severity.rawValue)")
                }
            }
        }
        #expect(seen.count > 30)
    }
}
