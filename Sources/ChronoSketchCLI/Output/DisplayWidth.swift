/// How many terminal columns text takes, by grapheme cluster (a `Character`): East Asian Wide
/// and Fullwidth characters and emoji take two, combining marks, zero-width joiners and
/// variation selectors none, everything else one; a control or invisible character takes the
/// columns of what ``TerminalText`` shows for it.
///
/// A cluster's width is its first scalar's, except that an emoji shown as a picture (a scalar
/// with Emoji_Presentation, a text-default emoji followed by U+FE0F, a ZWJ sequence, a flag
/// of two regional indicators, a keycap) takes two, and U+FE0E asks for one. Terminals differ
/// on a few characters (ambiguous-width ones such as `…` or `─` are taken as one, as in
/// non-East-Asian locales).
enum DisplayWidth {
    /// The columns of `text`.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns of one grapheme cluster: 0, 1 or 2.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // What the terminal is shown instead of a control or invisible character.
        if scalars.contains(where: TerminalText.isShown) {
            let shown = TerminalText.visible(String(character))
            if shown != String(character) { return of(shown) }
        }
        if first.isASCII { return 1 }
        if scalars.contains("\u{FE0E}") { return isZeroWidth(first) ? 0 : 1 }
        let properties = first.properties
        if properties.isEmojiPresentation { return 2 }
        if properties.isEmoji,
            scalars.contains(where: { $0 == "\u{FE0F}" || $0 == "\u{200D}" || $0 == "\u{20E3}" })
        {
            return 2
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        if isZeroWidth(first) { return 0 }
        return isWide(first.value) ? 2 : 1
    }

    /// Combining marks, format characters (ZWJ, ZWNJ, U+2060…) and variation selectors, which
    /// take no column of their own.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default:
            // Hangul vowel and final jamo join the syllable before them.
            return (0x1160...0x11FF).contains(scalar.value)
                || (0xFE00...0xFE0F).contains(scalar.value)
                || (0xE0100...0xE01EF).contains(scalar.value)
        }
    }

    /// Whether a code point is East Asian Wide (W) or Fullwidth (F).
    static func isWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The W and F ranges of Unicode 15.1's EastAsianWidth.txt (UAX #11) outside the emoji
    /// blocks, merged where adjacent and in ascending order; emoji are told by their
    /// Emoji_Presentation property instead.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5,
        0x2FF0...0x2FFF, 0x3000...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F,
        0x3131...0x318E, 0x3190...0x31E3, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0x4DBF,
        0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7,
        0x18800...0x18CD5, 0x18D00...0x18D08, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB,
        0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152,
        0x1B155...0x1B155, 0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1F200...0x1F202,
        0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension StringProtocol {
    /// The columns this text takes in a terminal (``DisplayWidth``).
    var displayWidth: Int { DisplayWidth.of(self) }
}
