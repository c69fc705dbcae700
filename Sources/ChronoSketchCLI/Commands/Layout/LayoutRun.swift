import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

/// How every `ics layout` view runs: its events loaded for the window, laid out, and the
/// layout written in the format asked for.
enum LayoutRun {
    /// Loads the events touching `[from, to)`, prints the diagnostics, lays them out and
    /// writes the layout as text, JSON or a picture to stdout or `-o`.
    static func run<Layout>(
        _ name: String, options: LayoutOptions, from: CivilDate?, to: CivilDate?, io: CommandIO,
        layout: (CalendarEvents) throws(CivilTimeError) -> Layout,
        text: (Layout, ViewContext) -> String,
        json: (Layout, OutputWindow) -> [UInt8],
        picture: (Layout, ViewContext) -> SVGCanvas, hours: HourSpan? = nil, now: Int? = nil
    ) -> ExitStatus {
        let inputs = options.runOptions.inputs(io)
        let zone = options.zone
        let language = options.runOptions.language
        var load = options.load
        (load.from, load.to) = (from, to)
        guard
            let loaded = CommandLoading.events(
                inputs, options: load, strict: options.runOptions.strict,
                command: "ics layout \(name)", io: io
            )
        else { return .unusableInput }
        let placed: Layout
        do {
            placed = try layout(loaded.events)
        } catch {
            io.standardError.write("ics layout \(name): error: \(error.description)\n")
            return .unusableInput
        }
        var context = ViewContext(zone: zone.name, language: language, hours: hours, now: now)
        context.width = TextWidth.resolve(
            explicit: options.width, environment: io.environment,
            terminal: options.runOptions.outputPath == nil || options.runOptions.outputPath == "-"
                ? io.standardOutputColumns : nil)
        if options.format == .text, options.width == nil, !io.quiet,
            let columns = TextWidth.columns(io.environment), columns > TextWidth.maximum
        {
            io.standardError.write(
                "ics layout \(name): warning: COLUMNS=\(columns) is more than \(TextWidth.maximum); the view is \(TextWidth.maximum) columns wide\n"
            )
        }
        if options.format == .svg || options.format == .html {
            context.palette = EventPalette(
                by: options.colorBy, files: inputs.map(\.name), events: Array(loaded.events),
                noCategory: language.noCategory)
        }
        return OutputTarget.write(
            options.runOptions.outputPath, io: io, unusable: loaded.unusableInputs,
            forPeople: options.format == .text
        ) { output in
            switch options.format {
            case .text: output.write(text(placed, context))
            case .json:
                output.write(
                    bytes: json(
                        placed,
                        OutputWindow(
                            from: from, to: to, zone: zone.name, weekStart: options.weekStart)))
            case .svg: output.write(picture(placed, context).document(title: name))
            case .html:
                output.write(picture(placed, context).html(title: name, language: language))
            }
        }
    }
}
