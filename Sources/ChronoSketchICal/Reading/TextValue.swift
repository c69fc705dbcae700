/// RFC 5545 §3.3.11 TEXT escaping, for values read without libical (calendar properties).
enum TextValue {
    /// Undoes `\\`, `\;`, `\,` and `\n`/`\N`, and as libical does, `\t`/`\T` (a tab) and
    /// `\ ` (a space); a backslash before anything else is kept.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n", "N": result.append("\n")
                case "t", "T": result.append("\t")
                case " ": result.append(" ")
                case "\\", ";", ",": result.append(character)
                default: result.append("\\"); result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }
}
