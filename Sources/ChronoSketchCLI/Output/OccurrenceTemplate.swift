import ChronoSketchCore
import ChronoSketchFormats

/// One line per occurrence from a template (`ics events --template`): `{field}` is a field
/// of the occurrence schema as CSV writes it (lists joined with `; `, people as
/// `Name <address>`, empty for null), and `{start:FORMAT}` or `{end:FORMAT}` the time in a
/// format of `%Y` (year), `%m`, `%d`, `%H`, `%M`, `%S` (two digits), `%a` (weekday, short),
/// `%A` (weekday), `%b` (month, short), `%B` (month) and `%%`. `{{` and `}}` are braces.
struct OccurrenceTemplate {
    private enum Piece {
        case text(String)
        case field(index: Int)
        case time(end: Bool, format: String)
    }

    private let pieces: [Piece]
    private let language: Language

    /// - Throws: a description of what is wrong: a brace not closed, a field the schema
    ///   does not have, a format on a field that is no time.
    init(_ template: String, language: Language) throws(TemplateError) {
        self.language = language
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(template)
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == "}" {
                guard rest.first == "}" else { throw TemplateError("a '}' without its '{'") }
                rest = rest.dropFirst()
                literal.append("}")
                continue
            }
            guard character == "{" else {
                literal.append(character)
                continue
            }
            if rest.first == "{" {
                rest = rest.dropFirst()
                literal.append("{")
                continue
            }
            guard let close = rest.firstIndex(of: "}") else {
                throw TemplateError("'{' without its '}'")
            }
            let inside = rest[..<close]
            rest = rest[rest.index(after: close)...]
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            let name = inside.prefix { $0 != ":" }
            let format = inside.dropFirst(name.count + (inside.count > name.count ? 1 : 0))
            if inside.contains(":") {
                guard name == "start" || name == "end" else {
                    throw TemplateError("'{\(inside)}': only start and end take a format")
                }
                pieces.append(.time(end: name == "end", format: String(format)))
            } else if let index = OccurrenceSchema.columnNames.firstIndex(of: String(name)) {
                pieces.append(.field(index: index))
            } else {
                throw TemplateError(
                    "'{\(name)}' is no field; fields: \(OccurrenceSchema.columnNames.joined(separator: ", "))"
                )
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// The line of `event`, without its line break.
    func line(_ event: CalendarEvent) -> String {
        var fields: [String]?
        var line = ""
        for piece in pieces {
            switch piece {
            case .text(let text): line += text
            case .field(let index):
                if fields == nil { fields = OccurrenceSchema.csvFields(event) }
                line += fields?[index] ?? ""
            case .time(let end, let format):
                let interval = event.interval
                line += formatted(end ? interval.end : interval.start, format)
            }
        }
        return line.replacingNewlines()
    }

    private func formatted(_ time: LocalDateTime, _ format: String) -> String {
        var text = ""
        var percent = false
        for character in format {
            guard percent else {
                if character == "%" { percent = true } else { text.append(character) }
                continue
            }
            percent = false
            switch character {
            case "Y": text += ASCIIDigits.padded(time.date.year, 4)
            case "m": text += ASCIIDigits.padded(time.date.month, 2)
            case "d": text += ASCIIDigits.padded(time.date.day, 2)
            case "H": text += ASCIIDigits.padded(time.hour, 2)
            case "M": text += ASCIIDigits.padded(time.minute, 2)
            case "S": text += ASCIIDigits.padded(time.second, 2)
            case "a": text += language.weekdayAbbreviation(time.date.weekday)
            case "A": text += language.weekdayName(time.date.weekday)
            case "b": text += String(language.monthName(time.date.month).prefix(3))
            case "B": text += language.monthName(time.date.month)
            case "%": text += "%"
            default: text += "%" + String(character)
            }
        }
        if percent { text += "%" }
        return text
    }
}

/// What is wrong with a template, worded for a usage error.
struct TemplateError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
