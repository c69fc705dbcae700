import Foundation

/// What happens to unfinished output when the process is told to stop.
///
/// SIGINT (Ctrl-C), SIGTERM, SIGHUP and SIGPIPE remove every temporary file registered here
/// (the command line's output writer registers its own), so the target stays as it was and nothing is left beside it; then the
/// signal takes its default course, so the process ends killed by it (a shell reports 128 plus
/// the signal's number, 130 for Ctrl-C) and a shell loop running `ics` stops too. A signal
/// that was ignored when the process started (`nohup`, a background job of a script) stays
/// ignored.
public enum Interruption {
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// Installs the handlers. Call it once, from the process's entry point: tests that run
    /// commands in process leave the test runner's signals alone.
    public static func installHandlers() {
        _ = TemporaryFiles.slots
        // A parent may hand down a mask that blocks them (a thread of a test runner does): the
        // threads of this process inherit the main thread's mask, so unblock them here.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in signals {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0,
                unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
                    != unsafeBitCast(SIG_IGN, to: Int.self)
            else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeTemporaryFilesAndDie
            sigemptyset(&action.sa_mask)
            for other in signals { sigaddset(&action.sa_mask, other) }
            action.sa_flags = 0
            sigaction(signal, &action, nil)
            sigaddset(&handled, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }
}

extension Interruption {
    /// Remembers a temporary file for the handlers to remove; returns what ``forget(_:)``
    /// takes once the file has been renamed or removed.
    public static func remember(_ path: String) -> Int? { TemporaryFiles.register(path) }

    public static func forget(_ slot: Int?) { TemporaryFiles.unregister(slot) }

    /// Ends the process at once with `status`, removing the temporary files still held.
    public static func exit(_ status: Int32) -> Never {
        TemporaryFiles.removeAll()
        Foundation.exit(status)
    }
}

/// The paths of the temporary files being written, where a signal handler can read them: a
/// fixed table of C strings, each written in one store. A path's string is never freed (a
/// handler may be reading it); a run writes a handful at most.
enum TemporaryFiles {
    static let capacity = 64
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = NSLock()

    /// Remembers a temporary file; the slot it took, nil when the table is full (the file is
    /// then removed only by the writer itself).
    static func register(_ path: String) -> Int? {
        lock.withLock {
            guard let free = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
            slots[free] = strdup(path)
            return free
        }
    }

    /// Removes every temporary file still held.
    static func removeAll() {
        for index in 0..<capacity {
            if let path = slots[index] { unlink(path) }
        }
    }

    /// Forgets a temporary file that has been renamed or removed.
    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        lock.withLock { slots[slot] = nil }
    }
}

/// The handler: only async-signal-safe calls (unlink, signal, raise), and no allocation.
private func removeTemporaryFilesAndDie(_ signal: Int32) {
    TemporaryFiles.removeAll()
    _ = Glibc.signal(signal, SIG_DFL)
    raise(signal)
}
