/// Text for people, made safe for a terminal: calendar data may hold ESC, BEL and other
/// control characters (`ESC[2J` clears the screen, OSC 52 writes the clipboard), and
/// characters that are invisible yet change what is seen (a right-to-left override turns
/// `exe.pdf` around, as in the "Trojan Source" attack), so every text view, report and
/// diagnostic shows them instead of sending them.
///
/// Each C0 control character (U+0000…U+001F) but the line feed that ends a line becomes its
/// Unicode control picture (ESC is `␛`, BEL `␇`, a tab `␉`, a carriage return `␍`), DEL
/// becomes `␡`, and each C1 control (U+0080…U+009F) becomes U+FFFD `�`: one column each, as
/// ``DisplayWidth`` counts them, so views stay aligned. Bidirectional controls (U+061C,
/// U+200E, U+200F, U+202A…U+202E, U+2066…U+2069), invisible characters (U+180E, U+200B,
/// U+2060…U+2064, U+FEFF, U+FFF9…U+FFFB) and tag characters (U+E0000…U+E007F) outside an
/// emoji flag's tag sequence are shown by their code point, as `less` shows them:
/// `<U+202E>`. The zero-width joiner and non-joiner (U+200D, U+200C) pass: they shape emoji
/// and the scripts that need them. JSON, NDJSON, CSV, `.ics` and jCal are data and are written
/// exactly.
enum TerminalText {
    /// `text` with every control character but the line feed, and every invisible character,
    /// shown as visible characters.
    static func visible(_ text: String) -> String { shown(text, lineFeed: false) ?? text }

    /// `text` on one line: every control character shown, the line feed too (`␊`), so that a
    /// value or file name with a line break cannot split a diagnostic or a row.
    static func oneLine(_ text: String) -> String { shown(text, lineFeed: true) ?? text }

    /// `text` with what is shown replaced; nil when nothing is.
    private static func shown(_ text: String, lineFeed: Bool) -> String? {
        guard text.unicodeScalars.contains(where: { isShown($0) || (lineFeed && $0 == "\n") })
        else { return nil }
        var result = String.UnicodeScalarView()
        var changed = false
        // Whether the scalars before are a black flag and its tags: an emoji flag's tag
        // sequence (U+1F3F4 U+E0067 U+E0062 … U+E007F, the flag of Scotland), whose tags pass.
        var inFlagTags = false
        for scalar in text.unicodeScalars {
            let isTag = (0xE0000...0xE007F).contains(scalar.value)
            defer { inFlagTags = scalar.value == 0x1F3F4 || (inFlagTags && isTag) }
            if isTag, inFlagTags {
                result.append(scalar)
            } else if isShown(scalar) || (lineFeed && scalar == "\n") {
                result.append(contentsOf: picture(of: scalar).unicodeScalars)
                changed = true
            } else {
                result.append(scalar)
            }
        }
        return changed ? String(result) : nil
    }

    /// Whether `scalar` is a control or invisible character that is shown rather than sent
    /// (a tag character only outside an emoji flag, which ``visible(_:)`` tells).
    static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return (value < 0x20 && value != 0x0A) || value == 0x7F }
        if value <= 0x9F { return true }
        switch value {
        case 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064,
            0x2066...0x2069, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            return true
        default:
            return false
        }
    }

    /// What stands for a shown character on the terminal.
    static func picture(of scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0..<0x20: String(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
        case 0x7F: "\u{2421}"
        case 0x80...0x9F: "\u{FFFD}"
        default:
            "<U+\(String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count)))\(String(scalar.value, radix: 16, uppercase: true))>"
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
