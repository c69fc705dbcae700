import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax

/// Prints diagnostics to standard error as `file:line: severity: message`, coloured only on
/// a terminal without `NO_COLOR`.
enum DiagnosticPrinter {
    /// Under `--quiet`, errors only.
    static func print(_ diagnostics: [Diagnostic], to io: CommandIO) {
        for diagnostic in diagnostics where !io.quiet || diagnostic.severity == .error {
            io.standardError.write(line(diagnostic, color: io.usesColor) + "\n")
        }
    }

    /// The escape sequences of the labels: the only ones that reach standard error.
    static let colorSequences = ["\u{1B}[1;31m", "\u{1B}[1;33m", "\u{1B}[0m"]

    static func line(_ diagnostic: Diagnostic, color: Bool) -> String {
        let severity = diagnostic.severity.rawValue + ":"
        let label: String
        if color {
            let code = diagnostic.severity == .error ? "31" : "33"
            label = "\u{1B}[1;\(code)m\(severity)\u{1B}[0m"
        } else {
            label = severity
        }
        return
            "\(TerminalText.oneLine(diagnostic.location)): \(label) \(TerminalText.oneLine(diagnostic.fullMessage))"
    }

    /// A whole-input failure (`file:line: error: message`).
    static func print(_ error: InputError, to io: CommandIO) {
        io.standardError.write(line(error, color: io.usesColor) + "\n")
    }

    /// `file:line: error: message` on one line.
    static func line(_ error: InputError, color: Bool) -> String {
        let location = error.line.map { "\(error.file):\($0)" } ?? error.file
        let label = color ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
        var message = error.message
        // `ics events cal.ics today`, as khal takes it: a missing file named like a date.
        if error.line == nil, message == "No such file", DateText.isDate(error.file) {
            message += " (did you mean --from \(error.file)?)"
        }
        return "\(TerminalText.oneLine(location)): \(label) \(TerminalText.oneLine(message))"
    }
}
