import ChronoSketchCore
import ChronoSketchSyntax
import Foundation

/// A ``CalendarStream`` read on a thread of its own, a few thousand events ahead of the thread
/// that maps them: splitting lines, building components and reading their values (about half
/// of the work) runs beside mapping, expansion and output, on a second core.
///
/// The reading thread never calls libical (values and rules are read in Swift), so libical is
/// still called from one thread at a time. Events come out in the order the stream gives them,
/// each with its calendar's scope as it was when the event was handed on; the reader's
/// diagnostics and any failure come at the end. Memory stays bounded: the reading thread waits
/// while the events read ahead fill the hand-off.
final class ReadAheadStream {
    struct Item: Sendable {
        var source: EventSource
        var scope: CalendarScope
    }

    private let handoff = Handoff(capacity: 8)
    private var batch: [Item] = []
    private var index = 0
    private var diagnostics: [Diagnostic] = []
    private var ended = false

    /// Starts reading `stream` on its own thread.
    init(_ stream: CalendarStream) {
        let box = StreamBox(stream)
        let handoff = handoff
        let thread = Thread {
            var items: [Item] = []
            items.reserveCapacity(Self.batchSize)
            var failure: InputError?
            do throws(InputError) {
                while let source = try box.stream.next() {
                    items.append(Item(source: source, scope: box.stream.scopes[source.calendar]))
                    if items.count == Self.batchSize {
                        guard handoff.put(.events(items)) else { return }
                        items.removeAll(keepingCapacity: true)
                    }
                }
            } catch {
                failure = error
            }
            if !items.isEmpty, !handoff.put(.events(items)) { return }
            _ = handoff.put(.end(box.stream.takeDiagnostics(), failure))
        }
        thread.start()
    }

    deinit { handoff.cancel() }

    private static let batchSize = 512

    /// The next event with its calendar's scope, or nil at the end of the input.
    /// - Throws: the ``InputError`` the stream threw, after the events read before it.
    func next() throws(InputError) -> Item? {
        while true {
            if index < batch.count {
                defer { index += 1 }
                return batch[index]
            }
            guard !ended else { return nil }
            switch handoff.take() {
            case .events(let items):
                batch = items
                index = 0
            case .end(let found, let failure):
                ended = true
                batch = []
                diagnostics += found
                if let failure { throw failure }
                return nil
            }
        }
    }

    /// The reader's diagnostics, once the end has been reached.
    func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    /// What the reading thread hands over.
    private enum Message: Sendable {
        case events([Item])
        case end([Diagnostic], InputError?)
    }

    /// The stream, touched only by the reading thread once it has started.
    private final class StreamBox: @unchecked Sendable {
        var stream: CalendarStream
        init(_ stream: CalendarStream) { self.stream = stream }
    }

    /// A bounded queue between the two threads.
    private final class Handoff: @unchecked Sendable {
        private let condition = NSCondition()
        /// At most `capacity` messages, so taking the first is cheap.
        private var messages: [Message] = []
        private var cancelled = false
        private let capacity: Int

        init(capacity: Int) { self.capacity = capacity }

        /// Waits for room, then adds `message`; false once the reading side is no longer wanted.
        func put(_ message: Message) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while messages.count >= capacity, !cancelled { condition.wait() }
            guard !cancelled else { return false }
            messages.append(message)
            condition.broadcast()
            return true
        }

        /// Waits for a message and takes it.
        func take() -> Message {
            condition.lock()
            defer { condition.unlock() }
            while messages.isEmpty { condition.wait() }
            let message = messages.removeFirst()
            condition.broadcast()
            return message
        }

        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
