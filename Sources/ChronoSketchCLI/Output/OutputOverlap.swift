import Foundation

/// The rule that no output of a run is one of its inputs, checked before anything is read or
/// written: `-o` and a standard output that is a regular file are compared, by device and
/// inode, with every file the command reads (its positionals, standard input, and options such
/// as `--blocked`). Writing to an input would replace a calendar with a report, or make
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

    /// Refuses a run whose output is one of its inputs.
    /// - Parameters:
    ///   - standardInput: the file open on standard input, when it is a regular one.
    ///   - standardOutput: the file open on standard output, when it is a regular one.
    /// - Throws: a ``UsageError`` naming the output and the input it is.
    static func check(
        _ arguments: ParsedArguments, spec: CommandSpec, standardInput: Identity?,
        standardOutput: Identity?
    ) throws(UsageError) {
        var inputs: [(name: String, identity: Identity)] = []
        func add(_ path: String, as name: String) {
            let identity = path == "-" ? standardInput : Identity(path: path)
            if let identity { inputs.append((name, identity)) }
        }
        if spec.positional?.readsFiles == true {
            let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
            for path in paths { add(path, as: path == "-" ? "standard input" : "the input '\(path)'") }
        }
        for option in spec.options where option.readsFiles {
            for path in arguments.values[option.name] ?? [] {
                add(path, as: "the --\(option.name) file '\(path)'")
            }
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
