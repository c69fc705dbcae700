import Foundation

/// What happens to unfinished output when the process is told to stop.
///
/// Every signal whose default course ends the process — SIGINT (Ctrl-C), SIGTERM, SIGHUP,
/// SIGPIPE, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGVTALRM, SIGPROF, SIGIO, SIGPWR,
/// SIGSTKFLT, SIGSYS, the real-time signals, and the faults SIGSEGV, SIGBUS, SIGILL, SIGFPE,
/// SIGTRAP and SIGABRT — removes every temporary file registered here (the command line's
/// output writer registers its own), so the target stays as it was and nothing is left beside
/// it; then the signal takes the course it had before (its default, or for a fault the Swift
/// runtime's backtrace), so the process ends killed by it (a shell reports 128 plus the
/// signal's number, 130 for Ctrl-C) and a shell loop running `ics` stops too. A signal that
/// was ignored when the process started (`nohup`, a background job of a script) stays
/// ignored.
///
/// SIGXFSZ, which `ulimit -f` sends when a write would pass the limit, is ignored instead: the
/// write then fails with EFBIG, and the writer reports "File too large", removes what it wrote
/// and ends with exit status 2.
public enum Interruption {
    /// The signals that end the process, apart from the faults.
    static var signals: [Int32] {
        [
            SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU,
            SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, SIGSYS,
        ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    }

    /// Signals raised by an instruction that failed or by the runtime stopping (a failed
    /// precondition, abort): after the temporary files are removed, the handler there was
    /// before (the Swift runtime's backtrace) has them.
    static let faults = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT]

    /// Installs the handlers. Call it once, from the process's entry point: tests that run
    /// commands in process leave the test runner's signals alone.
    public static func installHandlers() {
        _ = TemporaryFiles.slots
        _ = PreviousActions.table
        // A parent may hand down a mask that blocks them (a thread of a test runner does): the
        // threads of this process inherit the main thread's mask, so unblock them here.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in signals + faults {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0 else { continue }
            let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            // Ignored stays ignored; a signal some library handles is its own (a fault's
            // handler, the runtime's backtrace, runs after this one).
            guard handler != unsafeBitCast(SIG_IGN, to: Int.self),
                handler == unsafeBitCast(SIG_DFL, to: Int.self) || faults.contains(signal)
            else { continue }
            PreviousActions.table[Int(signal)] = current
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = removeTemporaryFilesAndDie
            sigemptyset(&action.sa_mask)
            for other in signals { sigaddset(&action.sa_mask, other) }
            action.sa_flags = SA_SIGINFO
            sigaction(signal, &action, nil)
            sigaddset(&handled, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        _ = Glibc.signal(SIGXFSZ, SIG_IGN)
    }
}

/// What each signal did before the handlers were installed, where a handler can read it.
enum PreviousActions {
    nonisolated(unsafe) static let table: UnsafeMutablePointer<sigaction> = {
        let count = Int(__libc_current_sigrtmax()) + 1
        let table = UnsafeMutablePointer<sigaction>.allocate(capacity: count)
        table.initialize(repeating: sigaction(), count: count)
        return table
    }()
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

/// The handler: only async-signal-safe calls (unlink, sigaction, raise), and no allocation.
/// A fault the kernel raised for an instruction (SIGSEGV, SIGBUS, SIGILL, SIGFPE) returns to
/// that instruction, which faults again into the handler there was before; any other signal,
/// and one of these sent by another process, is raised again under its earlier course, to be
/// delivered once this handler returns.
private func removeTemporaryFilesAndDie(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?
) {
    TemporaryFiles.removeAll()
    sigaction(signal, PreviousActions.table + Int(signal), nil)
    let isFault = signal == SIGSEGV || signal == SIGBUS || signal == SIGILL || signal == SIGFPE
    if isFault, (info?.pointee.si_code ?? 0) > 0 { return }
    raise(signal)
}
