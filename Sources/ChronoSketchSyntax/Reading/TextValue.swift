/// RFC 5545 §3.3.11 TEXT values, read from the text as written.
///
/// `\\`, `\;`, `\,` and `\n`/`\N` are the escapes the RFC defines; a backslash before anything
/// else is not an escape and stays in the value with the character after it, and so does a
/// backslash at the very end. Nothing else is changed: blanks at either end are part of the
/// value.
package enum TextValue {
    private static let backslash = UInt8(ascii: "\\")
    private static let comma = UInt8(ascii: ",")

    /// The value `bytes` stand for.
    static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        guard var escape = ByteScan.firstIndex(of: backslash, in: bytes) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var runStart = bytes.startIndex
        while true {
            result.append(contentsOf: bytes[runStart..<escape])
            guard escape + 1 < bytes.endIndex else {
                result.append(backslash)
                runStart = bytes.endIndex
                break
            }
            let next = bytes[escape + 1]
            switch next {
            case UInt8(ascii: "n"), UInt8(ascii: "N"): result.append(0x0A)
            case backslash, UInt8(ascii: ";"), comma: result.append(next)
            default: result.append(contentsOf: [backslash, next])
            }
            runStart = escape + 2
            guard let found = ByteScan.firstIndex(of: backslash, in: bytes[runStart...]) else {
                break
            }
            escape = found
        }
        result.append(contentsOf: bytes[runStart...])
        return String(decoding: result, as: UTF8.self)
    }

    package static func unescape(_ text: String) -> String { unescape(ArraySlice(text.utf8)) }

    /// The items of a TEXT list (CATEGORIES, RESOURCES): split at every comma (or
    /// `separator`) that is not escaped, each item unescaped.
    static func list(_ bytes: ArraySlice<UInt8>, separator: UInt8 = UInt8(ascii: ",")) -> [String] {
        var items: [String] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case backslash:
                index += 2
                continue
            case separator:
                items.append(unescape(bytes[start..<index]))
                start = index + 1
            default:
                break
            }
            index += 1
        }
        items.append(unescape(bytes[start...]))
        return items
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    package var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" {
            result = result.dropFirst()
        }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    package func trimmingCharacters() -> String {
        String(Substring(self).trimmingSpaces)
    }
}

extension ArraySlice<UInt8> {
    /// Without leading and trailing spaces and tabs.
    var trimmingBlanks: ArraySlice<UInt8> {
        var result = self
        while let first = result.first, first == 0x20 || first == 0x09 {
            result = result.dropFirst()
        }
        while let last = result.last, last == 0x20 || last == 0x09 { result = result.dropLast() }
        return result
    }

    /// The bytes upper-cased as `String.uppercased()` does: as they are when they hold no
    /// lower-case letter and no non-ASCII byte, as most names and rules are written.
    var uppercased: ArraySlice<UInt8> {
        if !contains(where: { $0 >= 0x61 && ($0 <= 0x7A || $0 >= 0x80) }) { return self }
        if !contains(where: { $0 >= 0x80 }) {
            return ArraySlice(map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 })
        }
        return ArraySlice(String(decoding: self, as: UTF8.self).uppercased().utf8)
    }
}

extension Unicode.Scalar {
    /// `U+001B`.
    package var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
