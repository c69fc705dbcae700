import ChronoSketchCore

/// Builds one standalone SVG document: elements appended in drawing order, numbers written
/// with at most one decimal so the same picture is always the same bytes.
struct SVGCanvas {
    let width: Double
    /// Grows when something is added under what the view first planned (a legend).
    var height: Double
    private var body = ""

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, radius: Double = 0,
        fill: String? = nil, className: String? = nil, stroke: String? = nil,
        dashed: Bool = false
    ) {
        var attributes = [
            ("x", number(x)), ("y", number(y)), ("width", number(max(0, width))),
            ("height", number(max(0, height))),
        ]
        if radius > 0 { attributes.append(("rx", number(radius))) }
        if let className { attributes.append(("class", className)) }
        if let fill { attributes.append(("fill", fill)) }
        if let stroke { attributes.append(("stroke", stroke)) }
        if dashed { attributes.append(("stroke-dasharray", "3 2")) }
        element("rect", attributes)
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, className: String,
        strokeWidth: Double? = nil
    ) {
        var attributes = [
            ("x1", number(x1)), ("y1", number(y1)), ("x2", number(x2)), ("y2", number(y2)),
            ("class", className),
        ]
        if let strokeWidth { attributes.append(("stroke-width", number(strokeWidth))) }
        element("line", attributes)
    }

    mutating func polygon(_ points: [(Double, Double)], fill: String) {
        element(
            "polygon",
            [
                ("points", points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")),
                ("fill", fill),
            ])
    }

    mutating func path(_ data: String, className: String) {
        element("path", [("d", data), ("class", className)])
    }

    /// Text fitted to `maxWidth` with an ellipsis (see ``TextFit``).
    mutating func text(
        _ content: String, x: Double, y: Double, size: Double, className: String? = nil,
        fill: String? = nil, anchor: String? = nil, bold: Bool = false,
        maxWidth: Double = .infinity, rotate: Double? = nil
    ) {
        let fitted = TextFit.fit(content, width: maxWidth, size: size, bold: bold)
        guard !fitted.isEmpty else { return }
        var attributes = [("x", number(x)), ("y", number(y)), ("font-size", number(size))]
        if let className { attributes.append(("class", className)) }
        if let fill { attributes.append(("fill", fill)) }
        if let anchor { attributes.append(("text-anchor", anchor)) }
        if bold { attributes.append(("font-weight", "600")) }
        if let rotate {
            attributes.append(("transform", "rotate(\(number(rotate)) \(number(x)) \(number(y)))"))
        }
        body += "<text" + Self.attributes(attributes) + ">" + Self.escape(fitted) + "</text>\n"
    }

    /// Opens a group for one drawn event: its `<title>` (the full event, for hover and screen
    /// readers) and a `data-id`. Everything until ``endGroup()`` belongs to it.
    mutating func beginEvent(id: String, title: String, className: String = "event") {
        body += "<g" + Self.attributes([("class", className), ("data-id", id)]) + ">"
        body += "<title>" + Self.escape(title) + "</title>\n"
    }

    /// Opens a nested viewport: what is drawn inside is clipped to it, so no text leaves its
    /// block whatever the font.
    mutating func beginClip(x: Double, y: Double, width: Double, height: Double) {
        body +=
            "<svg"
            + Self.attributes([
                ("x", number(x)), ("y", number(y)), ("width", number(max(0, width))),
                ("height", number(max(0, height))), ("overflow", "hidden"),
            ]) + ">\n"
    }

    mutating func endClip() { body += "</svg>\n" }
    mutating func endGroup() { body += "</g>\n" }

    /// The document, with its accessible title and the shared style (light, and dark when
    /// the viewer prefers it).
    func document(title: String) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text +=
            "<svg"
            + Self.attributes([
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", number(width)),
                ("height", number(height)),
                ("viewBox", "0 0 \(number(width)) \(number(height))"), ("role", "img"),
                ("font-family", Self.fontFamily),
            ]) + ">\n"
        text += "<title>" + Self.escape(title) + "</title>\n"
        text += "<style>\n" + Self.style + "</style>\n"
        text += "<rect class=\"background\" width=\"100%\" height=\"100%\"/>\n"
        return text + body + "</svg>\n"
    }

    /// The font stack: DejaVu Sans first (``TextFit`` measures with its widths), common
    /// sans-serif faces after it, then Symbola, whose outline emoji and symbols cover what
    /// those lack. Colour emoji fonts are left to the viewer's own fallback: named in the
    /// stack, librsvg (Pango) takes digits and spaces from them too.
    static let fontFamily = "DejaVu Sans, Verdana, Arial, Symbola, sans-serif"

    /// The document inside a minimal HTML page.
    func html(title: String, language: Language) -> String {
        let svg =
            document(title: title).split(separator: "\n", maxSplits: 1).last.map(String.init) ?? ""
        return """
            <!DOCTYPE html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <title>\(Self.escape(title))</title>
            <style>body { margin: 16px; background: #ffffff; } @media (prefers-color-scheme: dark) { body { background: #1b1d21; } }</style>
            </head>
            <body>
            \(svg)</body>
            </html>

            """
    }

    private static let style = """
        .background { fill: #ffffff; }
        .grid { stroke: #d5d9df; stroke-width: 1; }
        .rule { stroke: #9aa1ab; stroke-width: 1; }
        .label { fill: #2b2f36; }
        .legend { fill: #2b2f36; }
        .muted { fill: #7b828d; }
        .dim { fill: #f3f4f6; }
        .cell { fill: #ffffff; stroke: #d5d9df; }
        .now { stroke: #d62f2f; stroke-width: 2; }
        .outside { stroke: #9aa1ab; stroke-width: 1; stroke-dasharray: 4 3; }
        .month-break { stroke: #2b2f36; stroke-width: 2.5; fill: none; }
        .cancelled { opacity: 0.5; }
        @media (prefers-color-scheme: dark) {
          .background { fill: #1b1d21; }
          .grid { stroke: #363b43; }
          .rule { stroke: #5d6570; }
          .label { fill: #e4e7eb; }
          .legend { fill: #e4e7eb; }
          .muted { fill: #9aa2ad; }
          .dim { fill: #24272c; }
          .cell { fill: #1b1d21; stroke: #363b43; }
          .month-break { stroke: #e4e7eb; }
        }

        """

    private mutating func element(_ name: String, _ attributes: [(String, String)]) {
        body += "<" + name + Self.attributes(attributes) + "/>\n"
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }

    /// XML text and attribute escaping; characters XML 1.0 forbids become U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value)
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }

    /// At most one decimal, no trailing `.0`, never `-0`.
    func number(_ value: Double) -> String { Self.number(value) }

    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths == 0 { return "0" }
        let whole = Int(tenths) / 10
        let fraction = abs(Int(tenths) % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}

/// Fits text into a width by an estimate of glyph advances for the font stack
/// (``SVGCanvas/fontFamily``), cutting with an ellipsis that is itself measured. ASCII is
/// measured with DejaVu Sans's own advance widths (Book, or Bold for bold text), other
/// characters by class: wide ones (CJK, emoji) as 1 em or a little more, combining marks as
/// nothing. Blocks also clip, so nothing spills whatever font is used.
enum TextFit {
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        text.reduce(0) { $0 + em($1, bold: bold) } * size
    }

    static func fit(_ text: String, width: Double, size: Double, bold: Bool = false) -> String {
        let oneLine = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        guard Self.width(oneLine, size: size, bold: bold) > width else { return oneLine }
        let ellipsis = Self.width("…", size: size, bold: bold)
        var fitted = ""
        var used = 0.0
        for character in oneLine {
            let next = em(character, bold: bold) * size
            if used + next + ellipsis > width { break }
            fitted.append(character)
            used += next
        }
        while fitted.last == " " { fitted.removeLast() }
        return fitted.isEmpty ? (ellipsis <= width ? "…" : "") : fitted + "…"
    }

    /// The advance of one character in ems.
    static func em(_ character: Character, bold: Bool = false) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if (0x20...0x7E).contains(scalar.value) {
            let table = bold ? boldAdvances : bookAdvances
            return Double(table[Int(scalar.value) - 0x20]) / 2048
        }
        let weight = bold ? 1.1 : 1.0
        switch DisplayWidth.of(character) {
        case 0: return 0
        // Noto Color Emoji advances 2550 of 2048 units; CJK faces 1 em.
        case 2: return scalar.properties.isEmoji ? 1.25 : 1.0
        default:
            // DejaVu Sans: `…` and `—` 2048 units, `–` 1024, `·` 651 (Bold 778).
            if character == "…" || character == "—" { return 1.0 }
            if character == "–" { return 0.5 }
            if character == "·" { return bold ? 0.38 : 0.32 }
            return (character.isLetter && character.isLowercase ? 0.63 : 0.75) * weight
        }
    }

    /// DejaVu Sans Book's advance widths of U+0020…U+007E, in units of 2048 per em (read from
    /// the hmtx table of Debian's fonts-dejavu-core DejaVuSans.ttf).
    private static let bookAdvances: [Int] = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716,
        651, 739, 651, 690, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303,
        1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430,
        1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
        1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799,
        690, 799, 1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721, 1300,
        1298, 569, 569, 1186, 569, 1995, 1298, 1253, 1300, 1300, 842, 1067,
        803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
    ]

    /// The same for DejaVu Sans Bold (DejaVuSans-Bold.ttf).
    private static let boldAdvances: [Int] = [
        713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716,
        778, 850, 778, 748, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425,
        1425, 1425, 819, 819, 1716, 1716, 1716, 1188, 2048, 1585, 1561, 1503,
        1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741,
        1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936,
        748, 936, 1716, 1024, 1024, 1382, 1466, 1214, 1466, 1389, 891, 1466,
        1458, 702, 702, 1362, 702, 2134, 1458, 1407, 1466, 1466, 1010, 1219,
        979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716,
    ]
}
