/// Text for people, made safe for a terminal: calendar data may hold ESC, BEL and other
/// control characters (`ESC[2J` clears the screen, OSC 52 writes the clipboard), so every
/// text view, report and diagnostic shows them instead of sending them.
///
/// Each C0 control character (U+0000…U+001F) but the line feed that ends a line becomes its
/// Unicode control picture (ESC is `␛`, BEL `␇`, a tab `␉`, a carriage return `␍`), DEL
/// becomes `␡`, and each C1 control (U+0080…U+009F) becomes U+FFFD `�`: one column each, as
/// ``DisplayWidth`` counts them, so views stay aligned. JSON, NDJSON, CSV, `.ics` and jCal
/// are data and are written exactly.
enum TerminalText {
    /// `text` with every control character but the line feed shown as one visible character.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isShown) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isShown(scalar) ? picture(of: scalar) : scalar)
        }
        return String(result)
    }

    /// `text` on one line: every control character shown, the line feed too (`␊`), so that a
    /// value or file name with a line break cannot split a diagnostic or a row.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isShown($0) || $0 == "\n" }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isShown(scalar) || scalar == "\n" ? picture(of: scalar) : scalar)
        }
        return String(result)
    }

    /// Whether `scalar` is a control character that is shown rather than sent.
    static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
    }

    /// What stands for a control character on the terminal.
    static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}

/// An output for people: what is written is shown through ``TerminalText``. `allowing`
/// names the exact escape sequences the program itself writes (the colours of a diagnostic's
/// severity), which pass; any other control character is shown.
final class TerminalSafeOutput: TextOutput {
    private let inner: any TextOutput
    private let allowed: [String]

    init(_ inner: any TextOutput, allowing allowed: [String] = []) {
        self.inner = inner
        self.allowed = allowed
    }

    func write(_ text: String) {
        guard text.unicodeScalars.contains(where: TerminalText.isShown) else {
            inner.write(text)
            return
        }
        guard !allowed.isEmpty else {
            inner.write(TerminalText.visible(text))
            return
        }
        var result = ""
        var rest = Substring(text)
        while let escape = rest.firstIndex(of: "\u{1B}") {
            result += TerminalText.visible(String(rest[..<escape]))
            let tail = rest[escape...]
            if let sequence = allowed.first(where: { tail.hasPrefix($0) }) {
                result += sequence
                rest = tail.dropFirst(sequence.count)
            } else {
                result += "\u{241B}"
                rest = tail.dropFirst()
            }
        }
        inner.write(result + TerminalText.visible(String(rest)))
    }

    func write(bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    func flush() { inner.flush() }
}
