import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation
import TestSupport
import Testing

@testable import ChronoSketchCLI

/// What one run of `ics` produced.
struct RunResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

enum CLI {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ relative: String) -> String {
        root.appendingPathComponent("Fixtures").appendingPathComponent(relative).path
    }

    /// Runs `ics` in process with injected streams.
    static func run(
        _ arguments: [String], standardInput: [UInt8]? = nil, environment: [String: String] = [:]
    )
        -> RunResult
    {
        let output = MemoryOutput()
        let error = MemoryOutput()
        let io = CommandIO(
            standardOutput: output, standardError: error, standardInput: standardInput,
            environment: environment)
        let status = ICSCommandLine.run(arguments, io: io)
        return RunResult(status: status, standardOutput: output.text, standardError: error.text)
    }

    /// ``run(_:standardInput:environment:)`` with standard input as data and the zone of
    /// ``runBinary(_:in:standardInput:environment:limit:shell:)`` (UTC, unless `environment`
    /// names another): the command line's own behaviour, without a process.
    static func run(
        _ arguments: [String], standardInput: Data?, environment: [String: String] = [:]
    ) -> RunResult {
        run(
            arguments, standardInput: standardInput.map(Array.init),
            environment: ["TZ": "UTC"].merging(environment) { $1 })
    }

    /// The built `ics` executable: `ICS_BINARY`, else the one beside the test bundle.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["ICS_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("ics")
    }

    /// Runs the built binary as a separate process. A run still going after `limit` seconds is
    /// killed and reported with status -1 (a safety net against hangs, not a timing).
    /// - Parameter shell: run `/bin/bash` with `arguments` instead (for pipelines).
    static func runBinary(
        _ arguments: [String], in directory: URL? = nil, standardInput: Data? = nil,
        environment: [String: String]? = nil, limit: Double = 300, shell: Bool = false
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/bash") : binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var variables = ProcessInfo.processInfo.environment
        variables["TZ"] = "UTC"
        variables.removeValue(forKey: "NO_COLOR")
        // No locale: views in English, weeks as English ones start, whatever the machine's.
        for name in ["LC_ALL", "LC_TIME", "LANG", "COLUMNS"] { variables.removeValue(forKey: name) }
        for (key, value) in environment ?? [:] { variables[key] = value }
        process.environment = variables
        // Output goes to files, so neither stream can fill up and block the child.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("stdout")
        let errorURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        let input = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input
        if let standardInput {
            // From a file, not a pipe: a run that stops reading early (a refused input) would
            // make a write to the pipe raise SIGPIPE in the test process.
            let inputURL = directory.appendingPathComponent("stdin")
            try standardInput.write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        }
        try process.run()
        try? input.fileHandleForWriting.close()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        let killed =
            process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM
        try output.close()
        try error.close()
        return RunResult(
            status: killed ? -1 : process.terminationStatus,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8))
    }

    /// The names (without `.ics`) of the calendars in a fixture folder, sorted.
    static func calendarNames(in folder: URL) -> [String] { Golden.calendarNames(in: folder) }

    /// ``Golden/expect(_:in:named:sourceLocation:)``.
    static func expectGolden(
        _ text: String, in folder: URL, named name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try Golden.expect(text, in: folder, named: name, sourceLocation: sourceLocation)
    }

    /// ``Golden/expect(_:at:sourceLocation:)``.
    static func expectGolden(
        _ text: String, at url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        try Golden.expect(text, at: url, sourceLocation: sourceLocation)
    }

    /// A fresh temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ics-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Parses NDJSON output into objects.
    static func records(_ ndjson: String) throws -> [[String: Any]] {
        try ndjson.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any])
        }
    }
}

extension CLI {
    static func zone(_ name: String) throws -> TargetZone {
        try TargetZone.named(name, environment: [:])
    }
}
