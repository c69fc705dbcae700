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
            an event of several days on each day it covers; with --todos, the open tasks due \
            that day at their DUE.
            """,
        positional: CommonOptions.calendarFiles,
        options: [hideDeclined, todos],
        groups: [
            .window, .dates, .filters, .people, .zone, .listing, .output(), .language,
            .diagnostics, .inputs, .expansion,
        ])

    static let hideDeclined = OptionSpec.flag(
        "hide-declined",
        help:
            "Leave out the events the --as person declined or delegated (marked [declined] otherwise)."
    )

    static let todos = OptionSpec.flag(
        "todos",
        help:
            "Show the open tasks (VTODOs) on the day they are due, at their DUE, beside the events."
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
        if arguments.isSet(Self.todos.name) {
            window.values[CommonOptions.component.name] = ["VEVENT,VTODO"]
        }
        var events = try EventsCommand(window, environment: environment)
        if arguments.isSet(Self.todos.name) {
            // Done tasks stay out unless --status asks for them.
            events.tasksAtDue = arguments.isSet(CommonOptions.status.name) ? .filtered : .open
        }
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
