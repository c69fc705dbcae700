import ChronoSketchCore
import ChronoSketchLayout

/// `ics agenda`: today and the next days as a text agenda, as `khal list` shows them; the
/// agenda of `ics events` with a window already chosen.
struct AgendaCommand: Command {
    /// The days shown when no end is given.
    static let defaultDays = 7

    static let spec = CommandSpec(
        name: "agenda",
        abstract: "Show the events of today and the next days, day by day.",
        discussion: """
            The text agenda of ics events from --from (default: today) for --days days \
            (default: 7), or to --to, or for --for. Each day lists the events that touch it, \
            an event of several days on each day it covers.
            """,
        positional: CommonOptions.calendarFiles,
        options: [hideDeclined],
        groups: [
            .window, .dates, .filters, .people, .zone, .listing, .output(), .language,
            .diagnostics, .inputs, .expansion,
        ])

    static let hideDeclined = OptionSpec.flag(
        "hide-declined",
        help:
            "Leave out the events the --as person declined or delegated (marked [declined] otherwise)."
    )

    let events: EventsCommand

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        var window = arguments
        if !arguments.isSet(CommonOptions.from.name), !arguments.isSet(CommonOptions.length.name) {
            window.values[CommonOptions.from.name] = ["today"]
        }
        if ![CommonOptions.to, CommonOptions.days, CommonOptions.length].contains(where: {
            arguments.isSet($0.name)
        }) {
            window.values[CommonOptions.days.name] = ["\(Self.defaultDays)"]
        }
        var events = try EventsCommand(window, environment: environment)
        let hides = arguments.isSet(Self.hideDeclined.name)
        if let attendance = try BusyOptions.attendance(arguments) {
            events.reader = (attendance, hides)
        } else if hides {
            throw UsageError(message: "--hide-declined needs --as ADDRESS: whose declined events?")
        }
        self.events = events
    }

    func run(io: CommandIO) -> ExitStatus {
        events.run(io: io)
    }
}
