import ChronoSketchCore
import Synchronization

/// Gathers the VTODOs that have neither DTSTART nor DUE, for a task list to show beside the
/// occurrences (``LoadOptions/undatedTasks``): without it they are counted and said as not
/// listed.
///
/// The stream that finds them may run on a thread of its own (``ReadAheadStream``); the
/// inputs are read one after another, so the tasks stay in input order, then line order.
public final class UndatedTasks: Sendable {
    private let tasks = Mutex<[UndatedTask]>([])

    public init() {}

    func append(_ task: UndatedTask) {
        tasks.withLock { $0.append(task) }
    }

    /// The tasks gathered so far, in the order read.
    public var gathered: [UndatedTask] { tasks.withLock { $0 } }
}
