import ChronoSketchCore

/// What the reader hands on, in file order.
package enum ReaderItem: Sendable {
    /// `BEGIN:VCALENDAR`: the calendar, without properties or components yet.
    case calendarBegin(ICalComponent)
    /// A property of the VCALENDAR itself (VERSION, PRODID, X-WR-TIMEZONE, …).
    case calendarProperty(ICalProperty)
    /// A finished child of VCALENDAR (VEVENT, VTIMEZONE, VTODO, …), or a component written
    /// outside any VCALENDAR.
    case component(ICalComponent)
    /// The end of the VCALENDAR: how it was closed and its END line as written, when that
    /// differs from `END:VCALENDAR`.
    case calendarEnd(closing: ICalComponent.Closing, endText: [UInt8]?)
    /// A line outside every component, kept as written.
    case looseLine(ICalProperty)
}

/// Reads a calendar component by component, in one pass over its content lines.
///
/// Content lines come from ``ContentLineReader``, are split by ``PropertyTokenizer`` and become
/// properties of the component they are in; values are read from their text when asked for
/// (``ValueReader``). Each child of VCALENDAR is handed on as soon as its END is read, so a
/// large file is never held whole. A broken structure is recovered, each time with a
/// diagnostic at the line where it happened: an END that names no open component closes the
/// innermost one, `END:VCALENDAR` and `BEGIN:VCALENDAR` close whatever is open, and at the end
/// of the input every open component is closed. Lines that are not properties are kept, to be
/// written back as they came. Only an input that cannot be a calendar at all throws.
package struct ICalendarReader {
    package let name: String
    let limits: ReadLimits
    private var lines: ContentLineReader
    /// The components open below VCALENDAR, outermost first.
    private var stack: [ICalComponent] = []
    private var calendarLine: Int?
    /// Items made by one line, handed on before the next line is read.
    private var queue: [ReaderItem] = []
    private var queueIndex = 0
    private var sawContent = false
    private var warnedImplicitCalendar = false
    /// Whether the last line was a loose one, so a run of them is reported once.
    private var inLooseRun = false
    /// Levels opened beyond the nesting limit, skipped unread.
    private var overflowDepth = 0
    /// Whether the top-level component open is dropped for a limit.
    private var skipping = false
    /// The BEGIN line of the last component reported as holding too many properties.
    private var reportedFullComponent: Int?
    private var reportedWindows1252 = false
    private var reportedBlankLines = false
    /// Properties of the open VCALENDAR handed on so far.
    private var calendarProperties = 0
    private var lastLine = 0
    /// An END directly inside VCALENDAR that names no open component, held until the next
    /// line says whether it was the calendar's last (then it is read as its END).
    private var strayEnd: (line: ContentLine, name: String)?

    /// Problems found so far, the same problem said once; take them with
    /// ``takeDiagnostics()``.
    private var log = DiagnosticLog()

    /// Opens the input.
    /// - Parameter chunkSize: bytes per read; tests use small ones to cross chunk boundaries.
    /// - Throws: ``InputError`` for a missing, unreadable or directory path.
    /// - Parameter progress: told the bytes read.
    package init(
        _ source: InputSource, limits: ReadLimits = ReadLimits(), chunkSize: Int = 1 << 20,
        progress: ReadProgress? = nil
    ) throws(InputError) {
        name = source.name
        self.limits = limits
        lines = ContentLineReader(
            chunks: try ChunkReader(source, chunkSize: chunkSize, progress: progress),
            maximumLineLength: limits.maximumLineLength)
    }

    package mutating func takeDiagnostics() -> [Diagnostic] {
        defer { log = DiagnosticLog() }
        return log.diagnostics
    }

    /// Bytes read so far.
    var byteCount: Int { lines.byteCount }

    /// Whether how lines end and run is counted (``lineShape``); off, it is nil.
    package var measuresLines: Bool {
        get { lines.measuresShape }
        set { lines.measuresShape = newValue }
    }

    package var lineShape: LineShape? { lines.measuresShape ? lines.shape : nil }

    /// The next item, or nil at the end of the input.
    /// - Throws: ``InputError`` for an empty, binary or non-iCalendar input.
    package mutating func next() throws(InputError) -> ReaderItem? {
        while true {
            if queueIndex < queue.count {
                defer { queueIndex += 1 }
                return queue[queueIndex]
            }
            queue.removeAll(keepingCapacity: true)
            queueIndex = 0
            guard let content = try lines.next() else {
                if !sawContent {
                    throw InputError(file: name, message: "Empty file: no calendar data")
                }
                if !reportedBlankLines, lines.blankLines.count > 0 {
                    reportedBlankLines = true
                    let (count, first) = lines.blankLines
                    report(
                        .warning, .blankLine, first,
                        count == 1
                            ? "A blank line, which RFC 5545 §3.1 does not allow"
                            : "\(count) blank lines, which RFC 5545 §3.1 does not allow; the first is here",
                        "skipped, and a fold goes on across them")
                }
                if let (stray, componentName) = strayEnd.take() {
                    report(
                        .warning, .unmatchedEnd, stray.line,
                        "END:\(componentName) matches no open component",
                        "read as the END of VCALENDAR, the last line of the input")
                    calendarLine = nil
                    queue.append(.calendarEnd(closing: .end, endText: stray.bytes))
                    continue
                }
                guard stack.isEmpty, calendarLine == nil else {
                    finish()
                    continue
                }
                return nil
            }
            if let (stray, componentName) = strayEnd.take() { keepStrayEnd(stray, componentName) }
            lastLine = content.line
            if !sawContent {
                try checkFirstLine(content)
                sawContent = true
                if case .utf16(let order, let byteOrderMark) = lines.encoding {
                    report(
                        .warning, .utf16, content.line,
                        "The file is UTF-16 (\(order.name), \(byteOrderMark ? "with" : "without") a byte order mark), where RFC 5545 §6 requires UTF-8",
                        "read as UTF-16")
                }
            }
            // A physical line past the bound ends the input: what follows is not read, so a
            // stream without line breaks costs no more than the bound, whatever came before.
            if case .tooLong(let limit, true) = content.problem {
                throw InputError(
                    file: name, line: content.line,
                    message:
                        "Line is longer than \(ByteCount.text(limit)): the input is read no further"
                )
            }
            if content.decodedAsWindows1252, !reportedWindows1252 {
                reportedWindows1252 = true
                log.append(Windows1252.readInstead(file: name, line: content.line))
            }
            handle(content)
        }
    }

    // MARK: - Lines

    private mutating func handle(_ content: ContentLine) {
        switch LineReading(content, limits: limits) {
        case .unreadable(let property, let severity):
            if case .tooLong(let limit, _) = content.problem {
                report(
                    severity, property.lineProblems[0].code, content.line,
                    property.lineProblems[0].message,
                    "cut there: its first \(ByteCount.text(limit)) are kept as a line that is not read, the lines folded onto it after that are dropped"
                )
            } else {
                report(
                    severity, property.lineProblems[0].code, content.line,
                    property.lineProblems[0].message,
                    "the line is kept as written and not read")
            }
            keep(property)
        case .structure(let tokens):
            if tokens.name == "BEGIN" { begin(tokens, content) } else { end(tokens, content) }
        case .property(let property):
            self.property(property, content)
        }
    }

    private mutating func begin(_ tokens: TokenizedLine, _ content: ContentLine) {
        inLooseRun = false
        let componentName = Self.componentName(tokens)
        if overflowDepth > 0 {
            overflowDepth += 1
            return
        }
        if componentName == "VCALENDAR" {
            // What is open is closed; a calendar only when one is open (a component outside
            // every VCALENDAR has no calendar to end).
            closeAll(at: content.line, closing: .recovered)
            if calendarLine != nil { closeCalendar(closing: .recovered, endText: nil) }
            calendarLine = content.line
            calendarProperties = 0
            var calendar = ICalComponent(name: componentName, line: content.line)
            calendar.beginText = Self.spelling(of: content.bytes, as: "BEGIN", componentName)
            queue.append(.calendarBegin(calendar))
            return
        }
        if componentName.isEmpty {
            report(
                .error, .componentWithoutName, content.line, "BEGIN has no component name",
                "read as a component without a name, which nothing uses")
        }
        if stack.isEmpty, calendarLine == nil, !warnedImplicitCalendar {
            warnedImplicitCalendar = true
            report(
                .warning, .outsideCalendar, content.line,
                "BEGIN:\(componentName) outside a VCALENDAR",
                "read as if inside one")
        }
        if stack.count + 2 > limits.maximumDepth {
            report(
                .error, LineProblems.nestedTooDeep(limit: limits.maximumDepth), content.line,
                "the enclosing \(stack.first?.name ?? componentName) is skipped")
            skipping = true
            overflowDepth = 1
            return
        }
        var component = ICalComponent(name: componentName, line: content.line)
        component.beginText = Self.spelling(of: content.bytes, as: "BEGIN", componentName)
        stack.append(component)
    }

    private mutating func end(_ tokens: TokenizedLine, _ content: ContentLine) {
        let componentName = Self.componentName(tokens)
        if overflowDepth > 0 {
            overflowDepth -= 1
            return
        }
        let endText = Self.spelling(of: content.bytes, as: "END", componentName)
        if componentName == "VCALENDAR" {
            closeAll(at: content.line, closing: .recovered)
            guard calendarLine != nil else {
                report(
                    .warning, .outsideCalendar, content.line,
                    "END:VCALENDAR without a BEGIN:VCALENDAR",
                    "the line is kept as written")
                keep(
                    Self.unreadable(
                        content,
                        Problem(.outsideCalendar, "END:VCALENDAR without a BEGIN:VCALENDAR")))
                return
            }
            closeCalendar(closing: .end, endText: endText)
            return
        }
        guard !stack.isEmpty else {
            guard calendarLine != nil else {
                let message = "END:\(componentName) without a BEGIN:\(componentName)"
                report(
                    .warning, .outsideCalendar, content.line, message, "the line is kept as written"
                )
                keep(Self.unreadable(content, Problem(.outsideCalendar, message)))
                return
            }
            // Directly inside VCALENDAR, a stray END (or a mistyped END:VCALENDAR) ends the
            // calendar only when nothing follows it; what follows may still belong to it.
            strayEnd = (content, componentName)
            return
        }
        let closed = Self.closedByEnd(of: componentName, open: stack.lazy.map(\.name))
        guard stack[stack.count - closed].name == componentName else {
            let open = stack[stack.count - 1]
            report(
                .warning, .unmatchedEnd, content.line,
                "END:\(componentName) matches no open component",
                "read as the END of \(open.name), opened at line \(open.line)")
            close(.recovered, endText: content.bytes)
            return
        }
        for _ in 1..<closed {
            let open = stack[stack.count - 1]
            report(
                .warning, .missingEnd, open.line, "BEGIN:\(open.name) has no END:\(open.name)",
                "closed at line \(content.line)")
            close(.recovered, endText: nil)
        }
        close(.end, endText: endText)
    }

    /// How many of the open components (outermost first) an END naming `name` closes: all of
    /// them for VCALENDAR, the one it names and those inside it, else the innermost.
    package static func closedByEnd<Names: BidirectionalCollection<String>>(
        of name: String, open names: Names
    ) -> Int {
        if name == "VCALENDAR" { return names.count }
        if let match = names.lastIndex(of: name) {
            return names.distance(from: match, to: names.endIndex)
        }
        return names.isEmpty ? 0 : 1
    }

    private mutating func property(_ property: ICalProperty, _ content: ContentLine) {
        if overflowDepth > 0 { return }
        guard let top = stack.indices.last else {
            keep(property)
            return
        }
        let count = stack[top].properties.count
        guard count < limits.maximumPropertiesPerComponent else {
            if reportedFullComponent != stack[top].line {
                reportedFullComponent = stack[top].line
                report(
                    .error,
                    LineProblems.tooManyProperties(
                        stack[top].name, limit: limits.maximumPropertiesPerComponent),
                    content.line)
            }
            return
        }
        stack[top].properties.append(property)
    }

    /// Puts a line where it was read: in the open component, the calendar, or outside both.
    /// A stray END inside VCALENDAR that more lines follow: kept as written.
    private mutating func keepStrayEnd(_ content: ContentLine, _ componentName: String) {
        let message = "END:\(componentName) matches no open component"
        report(
            .warning, .unmatchedEnd, content.line, message, "kept as written; the calendar goes on")
        keep(Self.unreadable(content, Problem(.unmatchedEnd, message)))
    }

    private mutating func keep(_ property: ICalProperty) {
        if overflowDepth > 0 { return }
        if let top = stack.indices.last {
            if stack[top].properties.count < limits.maximumPropertiesPerComponent {
                stack[top].properties.append(property)
            }
            return
        }
        if calendarLine != nil {
            calendarProperties += 1
            queue.append(.calendarProperty(property))
            return
        }
        if !inLooseRun, property.isProperty {
            report(
                .warning, .outsideCalendar, property.line, "\(property.name) outside any component",
                "kept as written; nothing reads it")
        }
        inLooseRun = true
        queue.append(.looseLine(property))
    }

    // MARK: - Closing

    /// Pops the innermost component; hands it on when it was the top level.
    private mutating func close(_ closing: ICalComponent.Closing, endText: [UInt8]?) {
        var finished = stack.removeLast()
        finished.closing = closing
        finished.endText = endText
        if let parent = stack.indices.last {
            finished.precedingProperties = stack[parent].properties.count
            stack[parent].components.append(finished)
            return
        }
        if calendarLine != nil { finished.precedingProperties = calendarProperties }
        if skipping {
            skipping = false
            return
        }
        queue.append(.component(finished))
    }

    /// Closes every open component below VCALENDAR, each reported at its BEGIN.
    private mutating func closeAll(at line: Int, closing: ICalComponent.Closing) {
        while let open = stack.last {
            report(
                .warning, .missingEnd, open.line, "BEGIN:\(open.name) has no END:\(open.name)",
                "closed at line \(line)")
            close(closing, endText: nil)
        }
    }

    private mutating func closeCalendar(closing: ICalComponent.Closing, endText: [UInt8]?) {
        if closing != .end, let calendarLine {
            report(
                .warning, .missingEnd, calendarLine, "BEGIN:VCALENDAR has no END:VCALENDAR",
                "closed at line \(lastLine)")
        }
        calendarLine = nil
        queue.append(.calendarEnd(closing: closing, endText: endText))
    }

    /// At the end of the input: closes what is still open, saying where each began.
    private mutating func finish() {
        overflowDepth = 0
        while let open = stack.last {
            report(
                open.name == "VEVENT" || stack.count == 1 ? .error : .warning, .missingEnd,
                open.line,
                "BEGIN:\(open.name) has no END:\(open.name) before the end of the input",
                open.name == "VEVENT"
                    ? "the file may be truncated; the event is not read"
                    : "closed at the end of the input")
            close(.endOfInput, endText: nil)
        }
        if let calendarLine {
            report(
                .warning, .missingEnd, calendarLine, "BEGIN:VCALENDAR has no END:VCALENDAR",
                "closed at the end of the input")
            self.calendarLine = nil
            queue.append(.calendarEnd(closing: .endOfInput, endText: nil))
        }
    }

    // MARK: - Whole-input checks

    private func checkFirstLine(_ content: ContentLine) throws(InputError) {
        if content.problem == .nulByte || content.decodedAsWindows1252 || content.bytes.contains(0)
        {
            throw InputError(
                file: name, line: content.line,
                message: "Not an iCalendar file: it holds binary data, not text")
        }
        let tokens = try? PropertyTokenizer.tokenize(content.bytes)
        let known: Set<String> = [
            "VCALENDAR", "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE",
        ]
        guard let tokens, tokens.name == "BEGIN", known.contains(Self.componentName(tokens))
        else {
            throw InputError(
                file: name, line: content.line,
                message:
                    "Not an iCalendar file: expected 'BEGIN:VCALENDAR', found '\(Self.excerpt(content.bytes))'"
            )
        }
    }

    mutating func report(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ line: Int, _ message: String,
        _ assumption: String?
    ) {
        log.append(
            Diagnostic(
                severity, code, file: name, line: line, message: message, assumption: assumption))
    }

    /// `problem` at `line`, said with its own assumption, else with `otherwise`.
    mutating func report(
        _ severity: Diagnostic.Severity, _ problem: Problem, _ line: Int, _ otherwise: String? = nil
    ) {
        report(severity, problem.code, line, problem.message, problem.assumption ?? otherwise)
    }

    /// The component name a BEGIN or END line gives, upper-cased, without blanks.
    package static func componentName(_ tokens: TokenizedLine) -> String {
        String(decoding: tokens.valueBytes.trimmingBlanks.uppercased, as: UTF8.self)
    }

    /// The line as written when it is not exactly `KEYWORD:NAME`; nil when it is.
    private static func spelling(of bytes: [UInt8], as keyword: StaticString, _ name: String)
        -> [UInt8]?
    {
        var name = name
        let canonical = keyword.withUTF8Buffer { keyword in
            name.withUTF8 { name in
                bytes.count == keyword.count + 1 + name.count
                    && bytes[keyword.count] == UInt8(ascii: ":")
                    && bytes[..<keyword.count].elementsEqual(keyword)
                    && bytes[(keyword.count + 1)...].elementsEqual(name)
            }
        }
        return canonical ? nil : bytes
    }

    private static func unreadable(_ content: ContentLine, _ message: Problem) -> ICalProperty {
        ICalProperty(unreadable: content.bytes, line: content.line, problem: message)
    }

    /// The start of a line for a message, made printable.
    package static func excerpt(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        var shown = ""
        for scalar in text.unicodeScalars {
            // Invisible characters (a second byte order mark, a zero-width space, a control
            // character) are named, so that a line that looks right says why it is not.
            let category = scalar.properties.generalCategory
            if scalar == "\u{FFFD}" {
                shown += "?"
            } else if category == .control || category == .format {
                shown += "<\(scalar.codePoint)>"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return bytes.count > 40 ? shown + "…" : shown
    }
}

/// What one content line is: a BEGIN or END, a property, or a line kept as written because it
/// is none of them (a NUL byte in it, no name or no colon). The reader and the jCal decoder
/// read lines alike with it.
enum LineReading {
    case structure(TokenizedLine)
    case property(ICalProperty)
    case unreadable(ICalProperty, Diagnostic.Severity)

    init(_ content: ContentLine, limits: ReadLimits) {
        if let problem = content.problem {
            let message =
                switch problem {
                case .nulByte: LineProblems.nulByte
                case .tooLong(let limit, _): LineProblems.tooLong(limit: limit)
                }
            self = .unreadable(
                ICalProperty(unreadable: content.bytes, line: content.line, problem: message),
                .error)
            return
        }
        guard var tokens = try? PropertyTokenizer.tokenize(content.bytes) else {
            let message = LineProblems.notAProperty(content.bytes)
            self = .unreadable(
                ICalProperty(unreadable: content.bytes, line: content.line, problem: message),
                .warning)
            return
        }
        // A property of the RFC's is neither (its name was found as one when the line was split).
        if tokens.known == nil, tokens.name == "BEGIN" || tokens.name == "END" {
            self = .structure(tokens)
            return
        }
        var problems = tokens.warnings
        if tokens.parameters.count > limits.maximumParametersPerProperty {
            problems.append(
                LineProblems.tooManyParameters(
                    tokens.name, limit: limits.maximumParametersPerProperty))
            tokens.parameters.removeLast(
                tokens.parameters.count - limits.maximumParametersPerProperty)
        }
        problems += Occurrences.repeatedParameters(tokens.parameters, of: tokens.name)
        self = .property(
            ICalProperty(
                name: tokens.name, known: tokens.known, parameters: tokens.parameters,
                contentLine: tokens.bytes, valueStart: tokens.valueStart, line: content.line,
                lineProblems: problems))
    }
}
