import ChronoSketchCore

/// What the reader hands on, in file order.
enum ReaderItem: Sendable {
    /// `BEGIN:VCALENDAR`.
    case calendarBegin(line: Int)
    /// A property of the VCALENDAR itself (VERSION, PRODID, X-WR-TIMEZONE, …).
    case calendarProperty(ICalProperty)
    /// A finished child of VCALENDAR (VEVENT, VTIMEZONE, VTODO, …) with libical's reading.
    case component(ICalComponent)
    /// `END:VCALENDAR`.
    case calendarEnd(line: Int)
}

/// Reads a calendar component by component through libical's line-reader parser.
///
/// Content lines come from ``ContentLineReader``; this reader matches BEGIN and END, applies
/// ``ReadLimits`` and ``ValueGuard``, feeds libical each child of VCALENDAR on its own, and
/// joins libical's reading with the lines as written (``LibicalAlignment``). Problems of
/// structure become ``diagnostics``; an input that cannot be a calendar at all throws.
struct ICalendarReader {
    let name: String
    let limits: ReadLimits
    private var lines: ContentLineReader
    private let parser = LibicalLineParser()
    private var stack: [PendingComponent] = []
    private var calendarLine: Int?
    private var sawContent = false
    private var warnedImplicitCalendar = false
    private var overflowDepth = 0
    private var lastLine = 0

    /// Problems found so far; take them with ``takeDiagnostics()``.
    private(set) var diagnostics: [Diagnostic] = []

    /// Opens the input.
    /// - Parameter chunkSize: bytes per read; tests use small ones to cross chunk boundaries.
    /// - Throws: ``InputError`` for a missing, unreadable or directory path.
    init(_ source: InputSource, limits: ReadLimits = ReadLimits(), chunkSize: Int = 1 << 20)
        throws(InputError)
    {
        name = source.name
        self.limits = limits
        lines = ContentLineReader(
            chunks: try ChunkReader(source, chunkSize: chunkSize),
            maximumLineLength: limits.maximumLineLength)
    }

    mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    /// The next item, or nil at the end of a well-formed input.
    /// - Throws: ``InputError`` for an empty, binary, non-iCalendar or truncated input.
    mutating func next() throws(InputError) -> ReaderItem? {
        while let content = try lines.next() {
            lastLine = content.line
            if !sawContent {
                try checkFirstLine(content)
                sawContent = true
            }
            if let item = handle(content) { return item }
        }
        try finish()
        return nil
    }

    // MARK: - Lines

    private mutating func handle(_ content: ContentLine) -> ReaderItem? {
        if let problem = content.problem {
            report(.error, content.line, Self.describe(problem), "the line is ignored")
            return nil
        }
        let tokens: TokenizedLine
        do {
            tokens = try PropertyTokenizer.tokenize(content.bytes)
        } catch {
            report(
                .warning, content.line,
                "Line is not a property: '\(Self.excerpt(content.bytes))'", "the line is ignored")
            return nil
        }
        switch tokens.name {
        case "BEGIN": return begin(tokens, content)
        case "END": return end(tokens, content)
        default: return property(tokens, content)
        }
    }

    private mutating func begin(_ tokens: TokenizedLine, _ content: ContentLine) -> ReaderItem? {
        let componentName = tokens.value.trimmingCharacters().uppercased()
        if overflowDepth > 0 {
            overflowDepth += 1
            return nil
        }
        if stack.isEmpty, componentName == "VCALENDAR" {
            if calendarLine != nil {
                report(
                    .warning, content.line, "BEGIN:VCALENDAR inside a VCALENDAR",
                    "the line is ignored")
                return nil
            }
            calendarLine = content.line
            return .calendarBegin(line: content.line)
        }
        if stack.isEmpty, calendarLine == nil, !warnedImplicitCalendar {
            warnedImplicitCalendar = true
            report(
                .warning, content.line, "BEGIN:\(componentName) outside a VCALENDAR",
                "read as if inside one")
        }
        if stack.count + 2 > limits.maximumDepth {
            report(
                .error, content.line,
                "Components nested deeper than \(limits.maximumDepth) levels",
                "the enclosing \(stack.first?.name ?? componentName) is skipped")
            for index in stack.indices {
                stack[index].skipped = true
                stack[index].fed = false
            }
            parser.abandon()
            overflowDepth = 1
            return nil
        }
        let fed = stack.last?.fed ?? true
        stack.append(PendingComponent(name: componentName, line: content.line, fed: fed))
        if fed {
            _ = parser.add(content.bytes, begins: Array(componentName.utf8))
        }
        return nil
    }

    private mutating func end(_ tokens: TokenizedLine, _ content: ContentLine) -> ReaderItem? {
        let componentName = tokens.value.trimmingCharacters().uppercased()
        if overflowDepth > 0 {
            overflowDepth -= 1
            return nil
        }
        if stack.isEmpty {
            if componentName == "VCALENDAR", calendarLine != nil {
                calendarLine = nil
                return .calendarEnd(line: content.line)
            }
            report(
                .warning, content.line, "END:\(componentName) without a BEGIN",
                "the line is ignored")
            return nil
        }
        guard let match = stack.lastIndex(where: { $0.name == componentName }) else {
            report(
                .warning, content.line,
                "END:\(componentName) does not close the open \(stack[stack.count - 1].name)",
                "the line is ignored")
            return nil
        }
        while stack.count - 1 > match {
            let open = stack[stack.count - 1]
            report(
                .warning, open.line, "BEGIN:\(open.name) has no END:\(open.name)",
                "closed at line \(content.line)")
            if let item = close(endLine: Array("END:\(open.name)".utf8)) { return item }
        }
        return close(endLine: content.bytes)
    }

    /// Pops the innermost component; returns the top-level one when it closes.
    private mutating func close(endLine: [UInt8]) -> ReaderItem? {
        let finished = stack.removeLast()
        var node: LibicalNode?
        if finished.fed {
            node = parser.add(endLine, ends: Array(finished.name.utf8)).1
        }
        guard stack.isEmpty else {
            stack[stack.count - 1].children.append(finished)
            return nil
        }
        if finished.skipped { return nil }
        return .component(LibicalAlignment.component(finished, node))
    }

    private mutating func property(_ tokens: TokenizedLine, _ content: ContentLine) -> ReaderItem? {
        if overflowDepth > 0 { return nil }
        guard !stack.isEmpty else {
            if calendarLine != nil {
                return .calendarProperty(
                    ICalProperty(
                        name: tokens.name, parameters: tokens.parameters, contentLine: tokens.bytes,
                        valueStart: tokens.valueStart, line: content.line,
                        values: [.text(TextValue.unescape(tokens.value))], problems: tokens.warnings
                    ))
            }
            report(
                .warning, content.line, "\(tokens.name) outside any component",
                "the line is ignored")
            return nil
        }
        let top = stack.count - 1
        guard stack[top].properties.count < limits.maximumPropertiesPerComponent else {
            if stack[top].properties.count == limits.maximumPropertiesPerComponent {
                report(
                    .error, content.line,
                    "\(stack[top].name) has more than \(limits.maximumPropertiesPerComponent) properties",
                    "the rest are ignored")
                stack[top].properties.append(
                    PendingProperty(tokens: tokens, line: content.line, outcome: .notFed("")))
            }
            return nil
        }
        var outcome: PendingProperty.Outcome
        if tokens.parameters.count > limits.maximumParametersPerProperty {
            outcome = .notFed(
                "\(tokens.name) has more than \(limits.maximumParametersPerProperty) parameters")
        } else if let reason = ValueGuard.problem(
            property: tokens.name,
            valueType: tokens.parameters.first { $0.name == "VALUE" }?.values.first?.uppercased(),
            value: tokens.valueBytes)
        {
            outcome = .notFed(reason)
        } else if stack[top].fed {
            outcome = parser.add(tokens.libicalLine).0 == .accepted ? .accepted : .rejected
        } else {
            outcome = .notFed("")
        }
        stack[top].properties.append(
            PendingProperty(tokens: tokens, line: content.line, outcome: outcome))
        return nil
    }

    // MARK: - Whole-input checks

    private func checkFirstLine(_ content: ContentLine) throws(InputError) {
        if content.problem == .nulByte || content.problem == .invalidUTF8 {
            throw InputError(
                file: name, line: content.line,
                message: "Not an iCalendar file: it holds binary data, not text")
        }
        let tokens = try? PropertyTokenizer.tokenize(content.bytes)
        let known: Set<String> = [
            "VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE",
        ]
        guard let tokens, tokens.name == "BEGIN",
            known.contains(tokens.value.trimmingCharacters().uppercased())
        else {
            throw InputError(
                file: name, line: content.line,
                message:
                    "Not an iCalendar file: expected 'BEGIN:VCALENDAR', found '\(Self.excerpt(content.bytes))'"
            )
        }
    }

    private mutating func finish() throws(InputError) {
        guard sawContent else {
            throw InputError(file: name, message: "Empty file: no calendar data")
        }
        if let open = stack.first {
            parser.abandon()
            throw InputError(
                file: name, line: lastLine,
                message:
                    "Unexpected end of file: BEGIN:\(open.name) at line \(open.line) has no END:\(open.name); the file looks truncated"
            )
        }
        if let calendarLine {
            throw InputError(
                file: name, line: lastLine,
                message:
                    "Unexpected end of file: BEGIN:VCALENDAR at line \(calendarLine) has no END:VCALENDAR; the file looks truncated"
            )
        }
    }

    mutating func report(
        _ severity: Diagnostic.Severity, _ line: Int, _ message: String, _ assumption: String?
    ) {
        diagnostics.append(
            Diagnostic(severity, file: name, line: line, message: message, assumption: assumption))
    }

    private static func describe(_ problem: ContentLine.Problem) -> String {
        switch problem {
        case .nulByte: "Line holds a NUL byte"
        case .invalidUTF8: "Line is not valid UTF-8"
        case .tooLong(let limit): "Line is longer than \(limit) bytes"
        }
    }

    /// The start of a line for a message, made printable.
    static func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        let printable = String(
            text.unicodeScalars.map { $0.value < 0x20 || $0 == "\u{FFFD}" ? "?" : Character($0) })
        return bytes.count > 40 ? printable + "…" : printable
    }
}

/// A component whose END has not been read yet.
struct PendingComponent: Sendable {
    var name: String
    var line: Int
    /// Whether its lines went to libical.
    var fed: Bool
    /// Set when a limit made the reader drop the whole top-level component.
    var skipped = false
    var properties: [PendingProperty] = []
    var children: [PendingComponent] = []
}

/// A property line of a ``PendingComponent`` and what happened when libical was offered it.
struct PendingProperty: Sendable {
    enum Outcome: Sendable, Equatable {
        case accepted
        case rejected
        /// Not handed to libical, with the reason (empty when a limit already reported it).
        case notFed(String)
    }

    var tokens: TokenizedLine
    var line: Int
    var outcome: Outcome
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingCharacters() -> String {
        String(Substring(self).trimmingSpaces)
    }
}
