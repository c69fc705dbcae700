import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax

/// Sends a command's data to stdout, or atomically to the `-o` file.
enum OutputTarget {
    /// Runs `produce` against stdout, or against a temporary file beside `-o` that then
    /// replaces the target. (That no output is an input was checked before the run began:
    /// ``OutputOverlap``.)
    /// - Parameter unusable: inputs that could not be used: the run then ends with exit
    ///   status 2, and an `-o` target is left as it was (stdout has had what was produced).
    /// - Parameter forPeople: whether the output is text for people (an agenda, a view, a
    ///   report), whose control characters are shown rather than sent (``TerminalText``).
    static func write(
        _ path: String?, io: CommandIO, unusable: [InputError] = [], forPeople: Bool = false,
        produce: (any TextOutput) -> Void
    ) -> ExitStatus {
        stream(path, io: io, forPeople: forPeople) { output in
            produce(output)
            return ExitStatus.success.noting(unusable)
        }
    }

    /// Like ``write(_:io:unusable:produce:)``, for output produced while the input is still
    /// being read, which may still fail: the temporary file replaces the target only when
    /// `produce` returns success.
    static func stream(
        _ path: String?, io: CommandIO, forPeople: Bool = false,
        produce: (any TextOutput) -> ExitStatus
    ) -> ExitStatus {
        func shown(_ output: any TextOutput) -> any TextOutput {
            forPeople ? TerminalSafeOutput(output) : output
        }
        // `-o -` is standard output, as `-` is standard input.
        guard let path, path != "-" else {
            let status = produce(shown(io.standardOutput))
            io.standardOutput.flush()
            return status
        }
        let file: AtomicFile.Writer
        do {
            file = try AtomicFile.Writer(path)
        } catch {
            io.standardError.write("\(path): error: \(error.description)\n")
            return .unusableInput
        }
        let output = FileChunkOutput(file)
        let status = produce(shown(output))
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
