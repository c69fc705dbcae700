import ChronoSketchCore
import ChronoSketchEvents

/// A task as a task list shows it: an occurrence of a VTODO, or a VTODO that nothing places in
/// time (``UndatedTask``).
public enum TaskEntry: Sendable, Hashable {
    case occurrence(CalendarEvent)
    case undated(UndatedTask)

    /// When a task is due: on a day (a DATE DUE) or at a time on the wall clock of the
    /// listing's zone.
    public enum Moment: Sendable, Hashable {
        case date(CivilDate)
        case time(LocalDateTime)

        /// The moment's first second: a day's 00:00.
        public var start: LocalDateTime {
            switch self {
            case .date(let date): LocalDateTime(startOf: date)
            case .time(let time): time
            }
        }

        /// The day it falls on.
        public var date: CivilDate {
            switch self {
            case .date(let date): date
            case .time(let time): time.date
            }
        }

        /// As the records write it: `2026-12-07` or `2026-12-07T17:00:00`.
        public var text: String {
            switch self {
            case .date(let date): date.description
            case .time(let time): time.description
            }
        }
    }

    /// Its status, completion and priority.
    public var details: TaskDetails {
        switch self {
        case .occurrence(let event): event.task ?? TaskDetails()
        case .undated(let task): task.details
        }
    }

    /// Its DUE; nil without one.
    public var due: Moment? {
        guard case .occurrence(let event) = self else { return nil }
        switch event.task?.due {
        case .atStart?: return Self.start(of: event.interval)
        case .atEnd?: return Self.end(of: event.interval)
        case .none?, nil: return nil
        }
    }

    /// Its DUE as a UTC instant (seconds since the epoch); nil without one or for a floating
    /// or all-day DUE.
    public var dueUTC: Int? {
        guard case .occurrence(let event) = self, let instants = event.instants else { return nil }
        switch event.task?.due {
        case .atStart?: return instants.start
        case .atEnd?: return instants.end
        case .none?, nil: return nil
        }
    }

    /// Where it is placed in time: its DTSTART, else its DUE; nil for an undated task.
    public var start: Moment? {
        guard case .occurrence(let event) = self else { return nil }
        return Self.start(of: event.interval)
    }

    /// Whether it is done (``TaskDetails/isDone``).
    public var isDone: Bool { details.isDone }

    /// Whether it is open and its DUE has passed at `now`: a DATE DUE once its day is over, a
    /// time once it is reached.
    public func isOverdue(at now: LocalDateTime) -> Bool {
        guard !isDone, let due else { return false }
        switch due {
        case .date(let date): return date < now.date
        case .time(let time): return time <= now
        }
    }

    /// Whether it is due before `limit` (a DATE DUE counts from its 00:00).
    public func isDue(before limit: LocalDateTime) -> Bool {
        guard let due else { return false }
        return due.start < limit
    }

    /// What the filters read of it, which is what the records show.
    public var item: any FilteredItem {
        switch self {
        case .occurrence(let event): event
        case .undated(let task): task
        }
    }

    public var title: String { item.title }

    /// What identifies it: the occurrence's id, else the UID, else where it is written.
    public var id: String {
        switch self {
        case .occurrence(let event): event.id
        case .undated(let task): task.uid ?? task.source.description
        }
    }

    public var source: SourceLocation {
        switch self {
        case .occurrence(let event): event.source
        case .undated(let task): task.source
        }
    }

    public var calendar: String? { item.calendar }

    private static func start(of interval: EventInterval) -> Moment {
        switch interval {
        case .allDay(let start, _): .date(start)
        case .timed(let start, _): .time(start)
        }
    }

    private static func end(of interval: EventInterval) -> Moment {
        switch interval {
        case .allDay(_, let end): .date(end)
        case .timed(_, let end): .time(end)
        }
    }
}

/// Which tasks a task list shows and in what order (`ics todos`).
public struct TaskSelection: Sendable {
    /// What "now" is on the listing's wall clock: for what is overdue.
    public var now: LocalDateTime
    /// Whether every occurrence is listed (a window was given); else each recurring task is
    /// listed by its first occurrence, and the tasks with no time too.
    public var everyOccurrence = false
    /// Whether only the overdue tasks are listed.
    public var onlyOverdue = false
    /// When set, only the tasks due before it are listed.
    public var dueBefore: LocalDateTime?

    public init(now: LocalDateTime) {
        self.now = now
    }

    /// The tasks listed, in their order: of `occurrences` (filtered already) each recurring
    /// task's first unless every occurrence is asked for, then the `undated` tasks `filter`
    /// keeps; as ``onlyOverdue`` and ``dueBefore`` keep them.
    public func select(
        occurrences: some Sequence<CalendarEvent>, undated: [UndatedTask], filter: EventFilter
    ) -> [TaskEntry] {
        var entries = occurrences.map(TaskEntry.occurrence)
        if !everyOccurrence { entries = Self.current(entries) }
        for task in undated where filter.matches(task) { entries.append(.undated(task)) }
        if onlyOverdue { entries.removeAll { !$0.isOverdue(at: now) } }
        if let dueBefore { entries.removeAll { !$0.isDue(before: dueBefore) } }
        return Self.sorted(entries)
    }

    /// The order of a task list: by DUE (those without one after, by their start, then the
    /// undated), then by PRIORITY (1 first, none last), then by title and id.
    public static func sorted(_ entries: [TaskEntry]) -> [TaskEntry] {
        entries.sorted { lhs, rhs in
            let left = key(lhs)
            let right = key(rhs)
            if left.rank != right.rank { return left.rank < right.rank }
            if left.moment != right.moment { return left.moment < right.moment }
            if left.priority != right.priority { return left.priority < right.priority }
            if lhs.title != rhs.title { return lhs.title < rhs.title }
            return lhs.id < rhs.id
        }
    }

    private static func key(_ entry: TaskEntry) -> (rank: Int, moment: LocalDateTime, priority: Int)
    {
        let priority = entry.details.priority ?? 10
        if let due = entry.due { return (0, due.start, priority) }
        if let start = entry.start { return (1, start.start, priority) }
        return (2, LocalDateTime(startOf: .minimum), priority)
    }

    /// Of each recurring task its first occurrence listed (by DUE, else start), which the
    /// filters have kept: with `--status open`, the first not done; other tasks as they are.
    /// The entries are kept in their order.
    public static func current(_ entries: [TaskEntry]) -> [TaskEntry] {
        var chosen: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            guard let key = seriesKey(entry) else { continue }
            if let held = chosen[key], moment(entries[held]) <= moment(entry) { continue }
            chosen[key] = index
        }
        return entries.enumerated().compactMap { index, entry in
            guard let key = seriesKey(entry) else { return entry }
            return chosen[key] == index ? entry : nil
        }
    }

    private static func moment(_ entry: TaskEntry) -> LocalDateTime {
        (entry.due ?? entry.start)?.start ?? .init(startOf: .minimum)
    }

    /// What the occurrences of one recurring task share; nil for any other entry.
    private static func seriesKey(_ entry: TaskEntry) -> String? {
        guard case .occurrence(let event) = entry, event.recurrenceId != nil else { return nil }
        return (event.separateCalendar.map { $0 + "/" } ?? "") + event.uid
    }
}
