import ChronoSketchICal

/// Sends a command's data to stdout, or atomically to the `-o` file.
enum OutputTarget {
    /// Runs `produce` against stdout or a memory buffer that is then written atomically.
    /// Refuses an `-o` path that names one of the inputs, so an input is never modified.
    static func write(
        _ path: String?, inputs: [InputSource], io: CommandIO, produce: (any TextOutput) -> Void
    ) -> ExitStatus {
        guard let path else {
            produce(io.standardOutput)
            io.standardOutput.flush()
            return .success
        }
        for case .file(let input) in inputs where AtomicFile.sameFile(input, path) {
            io.standardError.write(
                "\(path): error: The output file is also an input; choose another -o path\n")
            return .unusableInput
        }
        let buffer = MemoryOutput()
        produce(buffer)
        do {
            try AtomicFile.write(buffer.bytes, to: path)
        } catch {
            io.standardError.write("\(path): error: \(error.description)\n")
            return .unusableInput
        }
        return .success
    }
}
