import ChronoSketchCore
import Foundation

/// The colour an event is drawn in, and the text colour that reads on it.
///
/// An event's COLOR (RFC 7986 §5.9: a CSS colour name, or `#rrggbb` as many producers write)
/// wins; else its first category, else its file, picks one of ten mid-tone colours that read on
/// a light and a dark background. Text is black or white, whichever contrasts more with the
/// fill (WCAG 2 relative luminance).
struct EventColor: Hashable {
    /// `#rrggbb`.
    let fill: String
    let text: String

    init(_ event: CalendarEvent) {
        let rgb =
            event.color.flatMap(Self.parse)
            ?? Self.palette[Self.slot(event.categories.first ?? event.source.file)]
        self.init(rgb: rgb)
    }

    init(rgb: Int) {
        fill = Self.hex(rgb)
        text = Self.luminance(rgb) > 0.179 ? "#111111" : "#ffffff"
    }

    /// Ten colours far apart in hue, each dark enough for white text and light enough to
    /// stand out on a dark page.
    static let palette = [
        0x3F6FB5, 0xD9822B, 0x3E9651, 0xCC4A4A, 0x2A9D9D, 0x8E5EA2, 0xB8921C, 0x8C6D4F,
        0xC2588F, 0x5F6F86,
    ]

    /// A palette slot from a stable hash (FNV-1a) of `key`, so a category keeps its colour
    /// from run to run.
    static func slot(_ key: String) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        return Int(hash % UInt64(palette.count))
    }

    /// `#rgb`, `#rrggbb` or a CSS colour name, as an RGB value.
    static func parse(_ text: String) -> Int? {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value.hasPrefix("#") {
            let digits = Array(value.dropFirst())
            guard digits.allSatisfy(\.isHexDigit) else { return nil }
            if digits.count == 6 { return Int(String(digits), radix: 16) }
            if digits.count == 3 { return Int(String(digits.flatMap { [$0, $0] }), radix: 16) }
            return nil
        }
        return cssNames[value]
    }

    static func hex(_ rgb: Int) -> String {
        let digits = String(rgb, radix: 16)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// WCAG 2 relative luminance of an sRGB colour.
    static func luminance(_ rgb: Int) -> Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055).power(2.4)
        }
        return 0.2126 * channel(rgb >> 16 & 0xFF) + 0.7152 * channel(rgb >> 8 & 0xFF)
            + 0.0722 * channel(rgb & 0xFF)
    }

    /// The CSS named colours (CSS Color Module Level 4, §6.1), which RFC 7986 COLOR uses.
    static let cssNames: [String: Int] = [
        "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
        "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
        "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
        "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00,
        "chocolate": 0xD2691E, "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC,
        "crimson": 0xDC143C, "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B,
        "darkgoldenrod": 0xB8860B, "darkgray": 0xA9A9A9, "darkgreen": 0x006400,
        "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B, "darkmagenta": 0x8B008B,
        "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC,
        "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F,
        "darkslateblue": 0x483D8B, "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F,
        "darkturquoise": 0x00CED1, "darkviolet": 0x9400D3, "deeppink": 0xFF1493,
        "deepskyblue": 0x00BFFF, "dimgray": 0x696969, "dimgrey": 0x696969, "dodgerblue": 0x1E90FF,
        "firebrick": 0xB22222, "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22,
        "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF, "gold": 0xFFD700,
        "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000, "greenyellow": 0xADFF2F,
        "grey": 0x808080, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C,
        "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA,
        "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD,
        "lightblue": 0xADD8E6, "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF,
        "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90,
        "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A,
        "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA, "lightslategray": 0x778899,
        "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0,
        "lime": 0x00FF00, "limegreen": 0x32CD32, "linen": 0xFAF0E6, "magenta": 0xFF00FF,
        "maroon": 0x800000, "mediumaquamarine": 0x66CDAA, "mediumblue": 0x0000CD,
        "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371,
        "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC,
        "mediumvioletred": 0xC71585, "midnightblue": 0x191970, "mintcream": 0xF5FFFA,
        "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080,
        "oldlace": 0xFDF5E6, "olive": 0x808000, "olivedrab": 0x6B8E23, "orange": 0xFFA500,
        "orangered": 0xFF4500, "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA,
        "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093,
        "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB,
        "plum": 0xDDA0DD, "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399,
        "red": 0xFF0000, "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513,
        "salmon": 0xFA8072, "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE,
        "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD,
        "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F,
        "steelblue": 0x4682B4, "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8,
        "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE, "wheat": 0xF5DEB3,
        "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00, "yellowgreen": 0x9ACD32,
    ]
}

/// Which colour each event of a picture takes, and the legend that says what the colours
/// mean: one colour per calendar (input file, in the order given) or per category (in
/// alphabetical order), from ``EventColor/palette``. An event's own COLOR wins over both.
struct EventPalette {
    /// What the colours tell apart (`--color-by`).
    enum Key: String, CaseIterable, Sendable {
        case calendar, category
    }

    struct Entry: Equatable {
        /// The calendar's file name, or the category.
        var label: String
        var color: EventColor
    }

    let key: Key
    /// The legend, in palette order.
    let legend: [Entry]
    private let slots: [String: Int]

    /// A palette with no legend, which colours by category, else file, from a hash.
    init() {
        key = .calendar
        legend = []
        slots = [:]
    }

    /// - Parameters:
    ///   - files: the names of the inputs, in the order given (``InputSource/name``).
    ///   - events: the events that may be drawn, whose categories colour by category.
    ///   - noCategory: the legend label of events without a category.
    init(by key: Key, files: [String], events: [CalendarEvent], noCategory: String) {
        self.key = key
        var names: [String]
        switch key {
        case .calendar:
            names = []
            for file in files + events.map(\.source.file) where !names.contains(file) {
                names.append(file)
            }
        case .category:
            names = Set(events.compactMap(\.categories.first)).sorted()
        }
        var slots: [String: Int] = [:]
        for (index, name) in names.enumerated() { slots[name] = index }
        self.slots = slots
        var legend = names.enumerated().map { index, name in
            Entry(
                label: key == .calendar ? Self.fileName(name) : name,
                color: EventColor(rgb: EventColor.palette[index % EventColor.palette.count]))
        }
        if key == .category, events.contains(where: \.categories.isEmpty) {
            legend.append(Entry(label: noCategory, color: EventColor(rgb: Self.uncategorised)))
        }
        self.legend = legend
    }

    /// A grey that no palette colour is, for events without a category.
    static let uncategorised = 0x9AA1AB

    /// The colour of `event`: its COLOR, else its calendar's or category's.
    func color(_ event: CalendarEvent) -> EventColor {
        if let own = event.color.flatMap(EventColor.parse) { return EventColor(rgb: own) }
        guard !slots.isEmpty else { return EventColor(event) }
        let name = key == .calendar ? event.source.file : event.categories.first
        guard let name, let slot = slots[name] else {
            return EventColor(rgb: Self.uncategorised)
        }
        return EventColor(rgb: EventColor.palette[slot % EventColor.palette.count])
    }

    /// The last component of a path: `team.ics` of `cal/team.ics`.
    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

extension Double {
    fileprivate func power(_ exponent: Double) -> Double {
        Foundation.pow(self, exponent)
    }
}
