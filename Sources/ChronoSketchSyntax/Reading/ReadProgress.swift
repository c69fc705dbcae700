import Synchronization

/// How far reading has come: the bytes of calendar text read and the events mapped so far,
/// counted by the reader (on its own thread when read ahead) and read by whoever shows
/// progress, on another.
public final class ReadProgress: Sendable {
    private let bytes = Atomic<Int>(0)
    private let events = Atomic<Int>(0)
    private let done = Atomic<Bool>(false)

    /// Progress with nothing read yet.
    public init() {}

    /// Bytes of calendar text read so far, over every input.
    public var bytesRead: Int { bytes.load(ordering: .relaxed) }

    /// Events (occurrences) mapped so far.
    public var eventsMapped: Int { events.load(ordering: .relaxed) }

    /// Whether every input has been read and its events mapped (what follows is sorting,
    /// laying out, writing).
    public var isReadingDone: Bool { done.load(ordering: .relaxed) }

    package func finishedReading() { done.store(true, ordering: .relaxed) }

    func read(_ count: Int) { bytes.add(count, ordering: .relaxed) }

    package func mapped() { events.add(1, ordering: .relaxed) }
}
