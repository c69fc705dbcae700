import ChronoSketchCore
import ChronoSketchLayout

/// What a view is written with besides its layout: the zone and language of its words, the
/// columns a text view fits, and how a picture colours its events and which hours it shows.
struct ViewContext {
    /// The zone the times are in, as the heading names it.
    var zone: String
    var language: Language
    /// The display columns every line of a text view fits in (``TextWidth``).
    var width: Int = TextWidth.fallback
    /// Which colour each event of a picture is drawn in, with the legend.
    var palette = EventPalette()
    /// The hours a day or week picture shows; nil for the hours that have events.
    var hours: HourSpan?
    /// Minutes after 00:00 of the current-time line of a day picture.
    var now: Int?
}

/// The width text views lay out to: `--width`, else `COLUMNS` (a positive whole number), else
/// the width of the terminal standard output is, else 80; never less than ``minimum`` nor
/// more than ``maximum``.
enum TextWidth {
    static let fallback = 80
    /// The narrowest width every text view still reads at: seven week cells of four columns.
    static let minimum = 40
    /// The widest: a view is drawn in memory, a cell per column.
    static let maximum = 1_000

    static func resolve(explicit: Int?, environment: [String: String], terminal: Int?) -> Int {
        if let explicit { return min(maximum, max(minimum, explicit)) }
        if let columns = self.columns(environment) { return min(maximum, max(minimum, columns)) }
        if let terminal, terminal > 0 { return min(maximum, max(minimum, terminal)) }
        return fallback
    }

    /// `COLUMNS`, when it is a positive whole number.
    static func columns(_ environment: [String: String]) -> Int? {
        guard let text = environment["COLUMNS"], let columns = Int(text), columns > 0 else {
            return nil
        }
        return columns
    }
}
