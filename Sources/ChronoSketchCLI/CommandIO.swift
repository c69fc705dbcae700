import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation

/// Where a command writes text.
public protocol TextOutput: AnyObject {
    func write(_ text: String)
    func write(bytes: [UInt8])
    /// Hands everything written so far to the destination.
    func flush()
}

/// Writes to a file descriptor through a buffer, so large outputs are written in few calls.
///
/// When the descriptor can no longer be written (a reader that went away while SIGPIPE is
/// ignored, a full disk), standard output ends the run: nothing more can be delivered, so the
/// process says so on standard error and exits with status 2 at once rather than working on
/// for nobody. Standard error drops what it cannot write.
public final class FileDescriptorOutput: TextOutput {
    private let handle: FileHandle
    /// How the stream is named in the message when a write fails; nil drops failures.
    private let name: String?
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    public init(_ handle: FileHandle, endsTheRunAs name: String? = nil) {
        self.handle = handle
        self.name = name
        buffer.reserveCapacity(Self.capacity)
    }

    deinit { flush() }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.capacity { flush() }
    }

    public func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.capacity { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        } catch {
            buffer.removeAll()
            guard let name else { return }
            let reason = SystemError.describe(errno: errno == 0 ? EIO : errno)
            try? FileHandle.standardError.write(
                contentsOf: Array("ics: error: Cannot write to \(name): \(reason)\n".utf8))
            Interruption.exit(ExitStatus.unusableInput.rawValue)
        }
    }
}

/// Collects output in memory (for tests and for writing a file in one go).
public final class MemoryOutput: TextOutput {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public func write(_ text: String) { bytes.append(contentsOf: text.utf8) }
    public func write(bytes: [UInt8]) { self.bytes.append(contentsOf: bytes) }
    public func flush() {}
}

/// What a command may touch of the outside world, injected so tests run commands in process.
public struct CommandIO {
    public var standardOutput: any TextOutput
    public var standardError: any TextOutput
    /// Bytes of standard input when a test supplies them; nil reads the process's stdin.
    public var standardInput: [UInt8]?
    public var environment: [String: String]
    /// Whether standard error is a terminal (colour and progress go there only then).
    public var standardErrorIsTerminal: Bool
    /// Whether only errors are written to standard error (`-q`, `--quiet`).
    public var quiet = false
    /// Which diagnostics are left out or made errors (`--ignore`, `--error`).
    public var policy = DiagnosticPolicy()
    /// Whether standard input is a terminal (a person would be typing a calendar).
    public var standardInputIsTerminal = false
    /// Whether standard output is a terminal.
    public var standardOutputIsTerminal = false
    /// Told how far reading has come, when a progress line shows it.
    var progress: ReadProgress?
    /// The columns of the terminal standard output is, nil when it is not one.
    public var standardOutputColumns: Int?
    /// The regular files open on standard input and output, when they are such files: no
    /// output may be an input (``OutputOverlap``).
    var standardInputFile: OutputOverlap.Identity?
    var standardOutputFile: OutputOverlap.Identity?
    /// What the run reads of standard input ahead, to tell its format; nil where standard
    /// input is given as bytes (``standardInput``).
    var standardInputLookAhead: StandardInputLookAhead?

    public init(
        standardOutput: any TextOutput, standardError: any TextOutput,
        standardInput: [UInt8]? = nil, environment: [String: String] = [:],
        standardErrorIsTerminal: Bool = false
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardInput = standardInput
        self.environment = environment
        self.standardErrorIsTerminal = standardErrorIsTerminal
    }

    /// The process's own streams and environment.
    public static func process() -> CommandIO {
        var io = CommandIO(
            standardOutput: FileDescriptorOutput(
                FileHandle.standardOutput, endsTheRunAs: "standard output"),
            standardError: FileDescriptorOutput(FileHandle.standardError),
            environment: ProcessInfo.processInfo.environment,
            standardErrorIsTerminal: isatty(FileHandle.standardError.fileDescriptor) != 0)
        io.standardInputIsTerminal = isatty(FileHandle.standardInput.fileDescriptor) != 0
        io.standardOutputIsTerminal = isatty(FileHandle.standardOutput.fileDescriptor) != 0
        io.standardOutputColumns = terminalColumns(FileHandle.standardOutput.fileDescriptor)
        io.standardInputFile = OutputOverlap.Identity(regularFileOn: STDIN_FILENO)
        io.standardOutputFile = OutputOverlap.Identity(regularFileOn: STDOUT_FILENO)
        io.standardInputLookAhead = StandardInputLookAhead()
        return io
    }

    /// The columns of the terminal `descriptor` is (TIOCGWINSZ), nil when it is not a
    /// terminal or does not say.
    static func terminalColumns(_ descriptor: Int32) -> Int? {
        guard isatty(descriptor) != 0 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether diagnostics may be coloured: a terminal, and `NO_COLOR` unset or empty.
    var usesColor: Bool {
        standardErrorIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
}

/// Process exit statuses (SPEC §7).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Findings: conflicts, validation errors, a check not allowed.
    case findings = 1
    /// Unusable input or an I/O failure.
    case unusableInput = 2
    /// A usage error.
    case usage = 64

    /// The status of a run that otherwise ended with this one: 2 when an input could not be
    /// used (its events were left out), else this.
    func noting(_ unusable: [some Error]) -> ExitStatus {
        unusable.isEmpty || self == .usage ? self : .unusableInput
    }
}
