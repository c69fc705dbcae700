import ChronoSketchCore

/// A layout view, which `ics render` draws with the same options.
protocol LayoutView: Command {
    /// `day`, `week`…
    static var view: String { get }
    /// Options only the picture takes (such as `--now`).
    static var pictureOptions: [OptionSpec] { get }
    init(_ arguments: ParsedArguments, environment: [String: String], rendering: Bool)
        throws(UsageError)
}

extension LayoutView {
    static var pictureOptions: [OptionSpec] { [] }

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        try self.init(arguments, environment: environment, rendering: false)
    }
}

/// `ics render <view>`: the layout view drawn as SVG or HTML, from the same placements.
struct RenderCommand<View: LayoutView>: Command {
    static var spec: CommandSpec {
        var spec = View.spec
        spec.name = "render \(View.view)"
        spec.abstract = "Draw the \(View.view) view as a standalone SVG (or an HTML page)."
        spec.discussion =
            (spec.discussion.map { $0 + " " } ?? "")
            + "The picture is drawn from exactly these placements, the same bytes for the same input."
        spec.ownOptions = View.pictureOptions + spec.ownOptions
        spec.groups = spec.groups.map(LayoutOptions.rendered)
        return spec
    }

    let view: View

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        view = try View(arguments, environment: environment, rendering: true)
    }

    func run(io: CommandIO) -> ExitStatus { view.run(io: io) }
}
