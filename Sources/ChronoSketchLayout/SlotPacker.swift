/// Greedy first-fit packing of half-open spans into numbered slots: the columns of a day, the
/// lanes of a week's bars and of a timeline row.
///
/// Spans are taken in the order given (callers sort them by start, then by their tie-breaks);
/// each takes the lowest slot whose last span ends at or before its start. Spans connected by
/// half-open overlap form a run; a new run starts when a span starts at or after the latest end
/// seen so far, so touching spans (09:00–10:00, 10:00–11:00) fall into separate runs.
struct SlotPacker {
    struct Placement: Hashable {
        var slot: Int
        var run: Int
    }

    /// The slot and run of each span, and the number of slots each run uses.
    ///
    /// A zero-length span `[s, s)` occupies nothing: it joins a run only when it lies strictly
    /// inside it, and it never keeps a slot busy past `s`.
    /// - Parameter spans: `(start, end)` pairs with `end >= start`, sorted by start.
    /// - Returns: one placement per span, in input order, and the slot count of each run.
    /// - Complexity: O(n log n) for n spans: two binary heaps hold busy and freed slots.
    static func pack(_ spans: [(start: Int, end: Int)]) -> (
        placements: [Placement], slotsPerRun: [Int]
    ) {
        var placements: [Placement] = []
        placements.reserveCapacity(spans.count)
        var slotsPerRun: [Int] = []
        var busy = MinHeap<BusySlot>()
        var free = MinHeap<Int>()
        var slotCount = 0
        var runEnd = Int.min
        for span in spans {
            if slotsPerRun.isEmpty || span.start >= runEnd {
                slotsPerRun.append(0)
                runEnd = span.end
            } else {
                runEnd = max(runEnd, span.end)
            }
            while let next = busy.minimum, next.end <= span.start {
                busy.removeMinimum()
                free.insert(next.slot)
            }
            let slot: Int
            if let reused = free.removeMinimum() {
                slot = reused
            } else {
                slot = slotCount
                slotCount += 1
            }
            busy.insert(BusySlot(end: span.end, slot: slot))
            let run = slotsPerRun.count - 1
            slotsPerRun[run] = max(slotsPerRun[run], slot + 1)
            placements.append(Placement(slot: slot, run: run))
        }
        return (placements, slotsPerRun)
    }

    private struct BusySlot: Comparable {
        var end: Int
        var slot: Int

        static func < (lhs: BusySlot, rhs: BusySlot) -> Bool {
            (lhs.end, lhs.slot) < (rhs.end, rhs.slot)
        }
    }
}

/// A binary min-heap: O(log n) insert and remove, O(1) minimum.
struct MinHeap<Element: Comparable> {
    private var storage: [Element] = []

    var minimum: Element? { storage.first }

    mutating func insert(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func removeMinimum() -> Element? {
        guard !storage.isEmpty else { return nil }
        storage.swapAt(0, storage.count - 1)
        let removed = storage.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < storage.count, storage[left] < storage[smallest] { smallest = left }
            if right < storage.count, storage[right] < storage[smallest] { smallest = right }
            if smallest == parent { break }
            storage.swapAt(parent, smallest)
            parent = smallest
        }
        return removed
    }
}
