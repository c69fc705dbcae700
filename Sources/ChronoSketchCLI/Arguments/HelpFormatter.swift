/// Help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
enum HelpFormatter {
    private static let labelWidth = 26
    private static let lineWidth = 80

    static func help(for spec: CommandSpec) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n"
        if let discussion = spec.discussion {
            text += "\n" + wrap(discussion, width: lineWidth).joined(separator: "\n") + "\n"
        }
        text += "\nUSAGE: \(spec.usage)\n"
        if let positional = spec.positional {
            text += "\nARGUMENTS:\n"
            text += entry(positional.synopsis, positional.help)
        }
        text += "\nOPTIONS:\n"
        for option in spec.ownOptions { text += entry(option) }
        text += entry("-h, --help", "Show help information.")
        for group in spec.groups {
            text += "\n\(group.title.uppercased()):\n"
            for option in group.options { text += entry(option) }
        }
        return text
    }

    /// An option's help row.
    private static func entry(_ option: OptionSpec) -> String {
        entry((option.short.map { "-\($0), " } ?? "") + option.synopsis, option.help)
    }

    /// One help row: the label, then the wrapped description in the second column.
    static func entry(_ label: String, _ description: String) -> String {
        let indent = String(repeating: " ", count: labelWidth)
        let lines = wrap(description, width: lineWidth - labelWidth)
        var text = "  " + label
        if label.count + 2 >= labelWidth {
            text += "\n" + indent
        } else {
            text += String(repeating: " ", count: labelWidth - label.count - 2)
        }
        text += lines.joined(separator: "\n" + indent) + "\n"
        return text
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
        }
        return lines
    }
}
