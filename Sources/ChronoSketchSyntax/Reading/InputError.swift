import ChronoSketchCore

/// Why an input cannot be used at all (as opposed to a problem with one event in it).
///
/// Each maps to exit status 2 on the command line.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input as named by the user (`<stdin>` for standard input).
    public let file: String
    /// The line of the problem; nil when it concerns the whole input.
    public let line: Int?
    /// What is wrong.
    public let message: String

    /// An error in `file`, at `line` when it has one.
    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// The error as a finding of a report that lists inputs it cannot read beside the rest.
    public var diagnostic: Diagnostic {
        Diagnostic(.error, .unusableInput, file: file, line: line, message: message)
    }

    /// `file:line: error: message`, as stderr shows it.
    public var description: String {
        if let line { return "\(file):\(line): error: \(message)" }
        return "\(file): error: \(message)"
    }
}
