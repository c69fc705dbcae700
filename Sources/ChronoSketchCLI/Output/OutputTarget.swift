import ChronoSketchICal

/// Sends a command's data to stdout, or atomically to the `-o` file.
enum OutputTarget {
    /// Runs `produce` against stdout, or against a temporary file beside `-o` that then
    /// replaces the target. Refuses an `-o` path that names one of the inputs, so an input is
    /// never modified.
    /// - Parameter unusable: inputs that could not be used: the run then ends with exit
    ///   status 2, and an `-o` target is left as it was (stdout has had what was produced).
    static func write(
        _ path: String?, inputs: [InputSource], io: CommandIO, unusable: [InputError] = [],
        produce: (any TextOutput) -> Void
    ) -> ExitStatus {
        stream(path, inputs: inputs, io: io) { output in
            produce(output)
            return ExitStatus.success.noting(unusable)
        }
    }

    /// Like ``write(_:inputs:io:produce:)``, for output produced while the input is still
    /// being read, which may still fail: the temporary file replaces the target only when
    /// `produce` returns success.
    static func stream(
        _ path: String?, inputs: [InputSource], io: CommandIO,
        produce: (any TextOutput) -> ExitStatus
    ) -> ExitStatus {
        // `-o -` is standard output, as `-` is standard input.
        guard let path, path != "-" else {
            let status = produce(io.standardOutput)
            io.standardOutput.flush()
            return status
        }
        for case .file(let input) in inputs where AtomicFile.sameFile(input, path) {
            io.standardError.write(
                "\(path): error: The output file is also an input; choose another -o path\n")
            return .unusableInput
        }
        let file: AtomicFile.Writer
        do {
            file = try AtomicFile.Writer(path)
        } catch {
            io.standardError.write("\(path): error: \(error.description)\n")
            return .unusableInput
        }
        let output = FileChunkOutput(file)
        let status = produce(output)
        guard status == .success, output.flushChunks() else {
            file.abandon()
            if let failure = output.failure {
                io.standardError.write("\(path): error: \(failure.description)\n")
            }
            return status == .success ? .unusableInput : status
        }
        do {
            try file.commit()
        } catch {
            io.standardError.write("\(path): error: \(error.description)\n")
            return .unusableInput
        }
        return .success
    }
}

/// Hands text to an ``AtomicFile/Writer`` in chunks of about 64 KB, remembering the first
/// failure.
private final class FileChunkOutput: TextOutput {
    private let file: AtomicFile.Writer
    private var buffer: [UInt8] = []
    private(set) var failure: AtomicFile.Failure?

    init(_ file: AtomicFile.Writer) { self.file = file }

    func write(_ text: String) { write(bytes: Array(text.utf8)) }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { _ = flushChunks() }
    }

    func flush() { _ = flushChunks() }

    /// Writes what is buffered; false once a write has failed.
    func flushChunks() -> Bool {
        guard failure == nil else { return false }
        do {
            try file.append(buffer)
            buffer.removeAll(keepingCapacity: true)
            return true
        } catch {
            failure = error
            return false
        }
    }
}
