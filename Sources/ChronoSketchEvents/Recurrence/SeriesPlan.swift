import ChronoSketchCore
import ChronoSketchSyntax
import Foundation

/// How many VEVENTs make up each recurrence group of a set of inputs, found by a quick pass
/// over their lines before they are read, so that `--order file` can write a series as soon
/// as its last override has been read instead of holding every series to the end.
///
/// Only a VEVENT (or VTODO, or VJOURNAL) that takes part in a group is counted: one with a UID
/// and an RRULE, an RDATE or a RECURRENCE-ID. Groups are keyed by a hash of the UID as written, so what is
/// held is a few words per group, never an event. A hash shared by two UIDs only makes both
/// wait for each other; a VEVENT the reader later sees differently (a repaired structure, a
/// value it rejects) only makes its group wait for the end of its input.
package struct SeriesPlan {
    /// The members of one group and the last input that holds one.
    struct Group {
        var members: Int
        var lastInput: Int
    }

    private(set) var groups: [Int: Group] = [:]

    /// Scans `inputs`; nil when one of them cannot be read twice (standard input, a pipe) or
    /// cannot be read at all, which the reading proper then reports.
    package init?(_ inputs: [InputSource], limits: ReadLimits) {
        for input in inputs {
            // A tree in memory has no lines to count; its series wait for its end.
            guard input.canBeReadTwice, !input.isDocument else { return nil }
        }
        do {
            for (index, input) in inputs.enumerated() {
                try scan(input, index: index, limits: limits)
            }
        } catch {
            return nil
        }
        // A group of one is written as soon as it is read; only larger ones need counting.
        groups = groups.filter { $0.value.members > 1 }
    }

    /// The key a VEVENT's group goes by: a hash of its first UID's value as written.
    static func key(uidValue: ArraySlice<UInt8>) -> Int {
        var hasher = Hasher()
        for byte in uidValue { hasher.combine(byte) }
        return hasher.finalize()
    }

    /// What the scan knows of the top-level VEVENT being read.
    private struct OpenEvent {
        var uid: Int?
        var takesPart = false
    }

    private mutating func scan(_ input: InputSource, index: Int, limits: ReadLimits) throws {
        // Names are ASCII and a UID is hashed as written: the text need not be checked (a UID
        // that is not UTF-8 then hashes otherwise than the reader's, and its group waits).
        var lines = ContentLineReader(
            chunks: try ChunkReader(input), maximumLineLength: limits.maximumLineLength,
            checksText: false)
        // Open components below VCALENDAR, matched the way the reader matches them.
        var stack: [String] = []
        // Components opened beyond the depth limit, which the reader skips unread.
        var overflow = 0
        var event: OpenEvent?
        while let content = try lines.next() {
            guard content.problem == nil, let name = Self.name(content.bytes) else { continue }
            switch name {
            case .begin, .end:
                guard let tokens = try? PropertyTokenizer.tokenize(content.bytes) else { continue }
                let component = ICalendarReader.componentName(tokens)
                if name == .begin {
                    if overflow > 0
                        || component != "VCALENDAR" && stack.count + 2 > limits.maximumDepth
                    {
                        overflow += 1
                        continue
                    }
                    if component == "VCALENDAR" {
                        // The reader closes what is open and reads the VEVENT it was in.
                        stack.removeAll()
                        if let finished = event.take() { commit(finished, input: index) }
                        continue
                    }
                    if stack.isEmpty, ComponentKind(name: component) != nil {
                        event = OpenEvent()
                    }
                    stack.append(component)
                } else if overflow > 0 {
                    overflow -= 1
                } else {
                    let closed = ICalendarReader.closedByEnd(of: component, open: stack)
                    stack.removeLast(closed)
                    if closed > 0, stack.isEmpty, let finished = event.take() {
                        commit(finished, input: index)
                    }
                }
            case .uid:
                guard stack.count == 1, event?.uid == nil,
                    let tokens = try? PropertyTokenizer.tokenize(content.bytes)
                else { continue }
                event?.uid = Self.key(uidValue: tokens.valueBytes)
            case .member:
                if stack.count == 1 { event?.takesPart = true }
            }
        }
        // A VEVENT the input ends inside is not read (it may be cut short).
    }

    private mutating func commit(_ event: OpenEvent, input: Int) {
        guard event.takesPart, let uid = event.uid else { return }
        groups[uid, default: Group(members: 0, lastInput: input)].members += 1
        groups[uid]?.lastInput = input
    }

    private enum LineName {
        case begin, end, uid, member
    }

    /// The lines the scan looks at, told apart by their name alone (case-insensitive).
    private static func name(_ bytes: [UInt8]) -> LineName? {
        var end = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: ";"), bytes[end] != UInt8(ascii: ":") {
            end += 1
            if end > 13 { return nil }
        }
        switch end {
        case 3:
            if matches(bytes, "UID") { return .uid }
            return matches(bytes, "END") ? .end : nil
        case 5:
            if matches(bytes, "BEGIN") { return .begin }
            return matches(bytes, "RRULE") || matches(bytes, "RDATE") ? .member : nil
        case 13: return matches(bytes, "RECURRENCE-ID") ? .member : nil
        default: return nil
        }
    }

    private static func matches(_ bytes: [UInt8], _ name: StaticString) -> Bool {
        name.withUTF8Buffer { expected in
            guard bytes.count >= expected.count else { return false }
            for offset in 0..<expected.count {
                let byte = bytes[offset]
                let upper =
                    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
                if upper != expected[offset] { return false }
            }
            return true
        }
    }
}
