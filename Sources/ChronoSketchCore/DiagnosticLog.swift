/// The diagnostics of one input, in line order, the same problem said once.
///
/// Every stage of reading appends to the log of its input. A diagnostic with the same
/// severity, code, message and assumption as one already logged is not kept again: the first
/// one counts it and notes the first few lines it came up on, so a file of 246 events without
/// a UID costs one entry. Of one code, the first ``distinctShown`` different messages are kept;
/// the rest fold into one entry that counts them, so a million different broken lines cost a
/// dozen.
public struct DiagnosticLog: Sendable {
    private struct Key: Hashable {
        var severity: Diagnostic.Severity
        var code: DiagnosticCode
        var message: String
        var assumption: String?
    }

    private struct Kind: Hashable {
        var severity: Diagnostic.Severity
        var code: DiagnosticCode
    }

    /// Lines noted for a repeated problem, beyond the one it is reported on.
    public static let notedLines = 3
    /// Different messages of one code kept before the rest are folded.
    public static let distinctShown = 10

    private var entries: [Diagnostic] = []
    private var positions: [Key: Int] = [:]
    private var distinct: [Kind: Int] = [:]
    private var folded: [Kind: Int] = [:]

    /// An empty log.
    public init() {}

    /// Adds a diagnostic, or counts it in the entry it repeats (see the type's description).
    public mutating func append(_ diagnostic: Diagnostic) {
        let key = Key(
            severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message,
            assumption: diagnostic.assumption)
        let kind = Kind(severity: diagnostic.severity, code: diagnostic.code)
        var position = diagnostic.foldsKind ? folded[kind] : positions[key]
        if position == nil {
            guard diagnostic.foldsKind || distinct[kind, default: 0] >= Self.distinctShown else {
                distinct[kind, default: 0] += 1
                positions[key] = entries.count
                entries.append(diagnostic)
                return
            }
            position = folded[kind]
            guard position != nil else {
                var first = diagnostic
                first.foldsKind = true
                folded[kind] = entries.count
                entries.append(first)
                return
            }
        }
        guard let position else { return }
        // Most often the problem comes again further down: counted in place.
        if diagnostic.repeats == 0, let line = diagnostic.line,
            line >= entries[position].line ?? Int.min
        {
            entries[position].repeats += 1
            let noted = entries[position].repeatLines
            if noted.count < Self.notedLines {
                entries[position].repeatLines.append(line)
                if let last = noted.last, last > line { entries[position].repeatLines.sort() }
            } else if let last = noted.last, line < last {
                entries[position].repeatLines[noted.count - 1] = line
                entries[position].repeatLines.sort()
            }
            return
        }
        // The one reported is the earliest; the lines noted are the next earliest.
        let old = entries[position]
        let laterIsNew = (old.line ?? Int.min) <= (diagnostic.line ?? Int.min)
        var kept = laterIsNew ? old : diagnostic
        let later = laterIsNew ? diagnostic : old
        kept.repeats = old.repeats + diagnostic.repeats + 1
        kept.foldsKind = old.foldsKind
        var lines = old.repeatLines + diagnostic.repeatLines + (later.line.map { [$0] } ?? [])
        if lines.count > 1 { lines.sort() }
        kept.repeatLines = Array(lines.prefix(Self.notedLines))
        entries[position] = kept
    }

    /// Adds each diagnostic in turn (``append(_:)``).
    public mutating func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { append(diagnostic) }
    }

    /// Whether an error was logged.
    public var hasErrors: Bool { entries.contains { $0.severity == .error } }

    /// The diagnostics by line (those without one first), in the order written within a line.
    public var diagnostics: [Diagnostic] {
        entries.enumerated().sorted {
            ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
        }.map(\.element)
    }
}

extension DiagnosticLog {
    /// Adds each diagnostic in turn (``append(_:)``).
    public static func += (log: inout DiagnosticLog, diagnostics: [Diagnostic]) {
        log.append(contentsOf: diagnostics)
    }
}

/// What a run makes of diagnostics by their code: `--ignore` drops them, `--error` makes them
/// errors (which `--strict` and `validate` then count as such).
public struct DiagnosticPolicy: Sendable, Hashable {
    /// Codes whose diagnostics are left out.
    public var ignored: Set<DiagnosticCode> = []
    /// Codes whose diagnostics become errors.
    public var promoted: Set<DiagnosticCode> = []

    /// A policy from the codes left out and those made errors.
    public init(ignored: Set<DiagnosticCode> = [], promoted: Set<DiagnosticCode> = []) {
        self.ignored = ignored
        self.promoted = promoted
    }

    /// `diagnostics` without the ignored ones, the promoted ones made errors.
    public func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !ignored.isEmpty || !promoted.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            if ignored.contains(diagnostic.code) { return nil }
            guard promoted.contains(diagnostic.code), diagnostic.severity != .error else {
                return diagnostic
            }
            var error = Diagnostic(
                .error, diagnostic.code, file: diagnostic.file, line: diagnostic.line,
                uid: diagnostic.uid, message: diagnostic.message,
                assumption: diagnostic.assumption)
            error.repeats = diagnostic.repeats
            error.repeatLines = diagnostic.repeatLines
            error.foldsKind = diagnostic.foldsKind
            return error
        }
    }
}
