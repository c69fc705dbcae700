/// A problem found in an input, with where it is and what was assumed.
///
/// Printed as `file:line: severity: message`, the form compilers and swift-format use, so
/// editors and terminals can jump to it.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How grave a diagnostic is: a warning is an assumption made, an error something left out.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// Something was assumed; the event is kept.
        case warning
        /// Something could not be used; what it concerns is left out.
        case error

        /// Orders warnings before errors.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// How grave it is.
    public let severity: Severity
    /// What kind of problem it is (``DiagnosticCode``).
    public let code: DiagnosticCode
    /// The input as named on the command line (`<stdin>` for standard input).
    public let file: String
    /// The physical line, 1-based, when the problem has one.
    public let line: Int?
    /// The UID of the component concerned, when known.
    public let uid: String?
    /// A capitalised fragment that quotes the offending value.
    public let message: String
    /// What the reader did instead, when it went on (`read as a one-day event`).
    public let assumption: String?
    /// How many more times the same problem (severity, message and assumption) came up in the
    /// same file, and the first few of the lines it came up on: a file of 246 events without
    /// a UID gives one diagnostic, not 246 (``DiagnosticLog``).
    public internal(set) var repeats = 0
    public internal(set) var repeatLines: [Int] = []
    /// Whether ``repeats`` counts other problems of the same code, with other messages, that
    /// came after the first few of their kind (``DiagnosticLog/distinctShown``).
    public internal(set) var foldsKind = false

    /// A diagnostic from its parts; `repeats` and `repeatLines` start empty.
    public init(
        _ severity: Severity, _ code: DiagnosticCode, file: String, line: Int?,
        uid: String? = nil, message: String, assumption: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.file = file
        self.line = line
        self.uid = uid
        self.message = message
        self.assumption = assumption
    }

    /// The same diagnostic said of the component with `uid`, its repeats kept.
    public func said(ofUID uid: String?) -> Diagnostic {
        var said = Diagnostic(
            severity, code, file: file, line: line, uid: uid, message: message,
            assumption: assumption)
        said.repeats = repeats
        said.repeatLines = repeatLines
        said.foldsKind = foldsKind
        return said
    }

    /// `file:line`, or just `file` when there is no line.
    public var location: String {
        if let line { return "\(file):\(line)" }
        return file
    }

    /// A diagnostic of `problem` at `line`, with the problem's own assumption (a repair says
    /// what it repaired), else `otherwise`.
    public init(
        _ severity: Severity, _ problem: Problem, file: String, line: Int?, uid: String? = nil,
        otherwise assumption: String? = nil
    ) {
        self.init(
            severity, problem.code, file: file, line: line, uid: uid, message: problem.message,
            assumption: problem.assumption ?? assumption)
    }

    /// The message followed by the assumption, as one sentence, and how often it repeats.
    public var fullMessage: String {
        var text = message
        if repeats > 0 {
            // A problem of one line said again (for each occurrence of its series) names no
            // lines: they would all be its own.
            let shown = repeatLines.allSatisfy { $0 == line } ? [] : repeatLines
            let lines = shown.map(String.init).joined(separator: ", ")
            let more = repeats > shown.count && !shown.isEmpty ? ", …" : ""
            let what =
                foldsKind
                ? "\(ASCIIDigits.grouped(repeats)) more of this kind, \(code.rawValue)"
                : "\(ASCIIDigits.grouped(repeats)) more time\(repeats == 1 ? "" : "s")"
            text +=
                " (\(what)\(lines.isEmpty ? "" : ": line\(shown.count == 1 && repeats == 1 ? "" : "s") \(lines)\(more)"))"
        }
        if let assumption { text += "; \(assumption)" }
        return text
    }

    /// `file:line: severity: message; assumption`, as stderr shows it.
    public var description: String { "\(location): \(severity.rawValue): \(fullMessage)" }
}

/// A problem with a value or a line, before it is placed in a file: its kind and its words.
public struct Problem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public var code: DiagnosticCode
    /// A capitalised fragment that quotes the offending value.
    public var message: String
    /// What was done about it, when that does not depend on who reads it: a repair says what
    /// it repaired (`repaired: …`), a value kept says so.
    public var assumption: String?

    /// A problem from its code and words.
    public init(_ code: DiagnosticCode, _ message: String, assumption: String? = nil) {
        self.code = code
        self.message = message
        self.assumption = assumption
    }

    /// The message.
    public var description: String { message }
}
