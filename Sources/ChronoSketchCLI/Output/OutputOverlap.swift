import ChronoSketchCore
import Foundation

/// The rule that no output of a run is one of its inputs, checked before anything is read or
/// written: `-o` and a standard output that is a regular file are compared, by device and
/// inode, with every file the command reads: its positionals, standard input, options such
/// as `--blocked`, and every calendar file of a directory given. Writing to an input would replace a calendar with a report, or make
/// `ics convert m.ics >> m.ics` read its own output until the disk is full.
enum OutputOverlap {
    /// A file as the kernel knows it.
    struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64

        /// The file `path` names once its symlinks are followed; nil when there is none.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.init(status)
        }

        /// The file open on `descriptor`, when it is a regular file (a terminal, a pipe or a
        /// device is no file that could be an input).
        init?(regularFileOn descriptor: Int32) {
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                return nil
            }
            self.init(status)
        }

        private init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// The paths given as inputs, each with how a message names it: the positionals
    /// (standard input for `-` or none) and the values of options that name files
    /// (`--blocked`).
    static func given(_ arguments: ParsedArguments, spec: CommandSpec) -> [(
        path: String, name: String
    )] {
        var given: [(path: String, name: String)] = []
        if spec.positional?.readsFiles == true {
            for path in arguments.positionals.isEmpty ? ["-"] : arguments.positionals {
                given.append((path, path == "-" ? "standard input" : "the input '\(path)'"))
            }
        }
        for option in spec.options where option.readsFiles {
            for path in arguments.values[option.name] ?? [] {
                given.append((path, "the --\(option.name) file '\(path)'"))
            }
        }
        return given
    }

    /// The files a run reads, each with how a message names it: those
    /// ``given(_:spec:)``, a directory standing for each of its calendar files
    /// (``InputPaths``).
    static func inputs(_ arguments: ParsedArguments, spec: CommandSpec) -> [(
        path: String, name: String
    )] {
        given(arguments, spec: spec).flatMap { path, name in
            guard path != "-", let files = InputPaths.directory(path)?.files else {
                return [(path, name)]
            }
            return files.map { ($0, "'\($0)', read from \(name)") }
        }
    }

    /// The warnings for the special files of the directories given, which are left unread.
    /// A directory given twice is said once.
    static func skipped(_ arguments: ParsedArguments, spec: CommandSpec) -> [Diagnostic] {
        var seen: Set<String> = []
        return given(arguments, spec: spec).flatMap { path, _ in
            guard path != "-", seen.insert(path).inserted else { return [Diagnostic]() }
            return (InputPaths.directory(path)?.skipped ?? []).map(InputPaths.skippedFile)
        }
    }

    /// Refuses a run whose output is one of its inputs.
    /// - Parameters:
    ///   - standardInput: the file open on standard input, when it is a regular one.
    ///   - standardOutput: the file open on standard output, when it is a regular one.
    /// - Throws: a ``UsageError`` naming the output and the input it is.
    static func check(
        _ arguments: ParsedArguments, spec: CommandSpec, standardInput: Identity?,
        standardOutput: Identity?
    ) throws(UsageError) {
        let inputs = inputs(arguments, spec: spec).compactMap { path, name in
            (path == "-" ? standardInput : Identity(path: path)).map { (name: name, identity: $0) }
        }
        guard !inputs.isEmpty else { return }
        let outputPath = arguments.value(CommonOptions.output.name)
        let output: (name: String, identity: Identity?)
        if let outputPath, outputPath != "-" {
            output = ("-o '\(outputPath)'", Identity(path: outputPath))
        } else {
            output = ("Standard output", standardOutput)
        }
        guard let identity = output.identity,
            let input = inputs.first(where: { $0.identity == identity })
        else { return }
        throw UsageError(
            message:
                "\(output.name) is the same file as \(input.name): writing there would destroy what the run reads; write to another file"
        )
    }
}
