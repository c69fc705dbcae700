// Times the conflict sweep and the layouts beside a plain sort of the same occurrences.
//
//     swift run -c release layout-benchmark [--sizes 10000,100000,1000000] [--runs 3]
//
// Occurrences are generated in memory with a fixed seed: timed events of 15 minutes to
// 2 hours (5% all-day, 3% cancelled, 2% transparent) spread over three files, at a density
// that grows the overlapping pairs in step with the events, as a real calendar does.
import ChronoSketchCore
import ChronoSketchLayout
import Foundation

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

func occurrences(_ count: Int) throws -> [CalendarEvent] {
    var generator = SplitMix(state: 20_240_101)
    let origin = try LocalDateTime(parsing: "2020-01-06T00:00")
    // Two events an hour of working time on average: the span grows with the count.
    let spanMinutes = count * 30
    let files = ["team.ics", "rooms.ics", "me.ics"]
    var events: [CalendarEvent] = []
    events.reserveCapacity(count)
    for index in 0..<count {
        let startMinute = Int.random(in: 0..<spanMinutes, using: &generator) / 15 * 15
        let start = try origin.adding(seconds: startMinute * 60)
        let interval: EventInterval
        if Int.random(in: 0..<100, using: &generator) < 5 {
            interval = .allDay(start: start.date, end: try start.date.adding(days: 1))
        } else {
            let length = [15, 30, 30, 45, 60, 60, 90, 120][Int.random(in: 0..<8, using: &generator)]
            interval = .timed(start: start, end: try start.adding(seconds: length * 60))
        }
        let roll = Int.random(in: 0..<100, using: &generator)
        events.append(
            try CalendarEvent(
                uid: "event-\(index)@benchmark", title: "Event \(index)", interval: interval,
                location: "Room \(index % 40)", status: roll < 3 ? .cancelled : nil,
                transparency: roll >= 3 && roll < 5 ? .transparent : .opaque,
                source: SourceLocation(file: files[index % 3], line: index + 1),
                originalStart: .floating(interval.start)))
    }
    return events
}

func median(_ runs: Int, _ work: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let elapsed = try clock.measure(work)
        times.append(
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return times.sorted()[times.count / 2]
}

var sizes = [10_000, 100_000, 1_000_000]
var runs = 3
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--sizes":
        sizes = (arguments.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
    case "--runs":
        runs = Int(arguments.popFirst() ?? "") ?? runs
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(64)
    }
}

func seconds(_ value: Double) -> String { String(format: "%8.3f s", value) }

print("occurrences  sort        conflicts   ratio  conflicts found  week+month layouts")
for size in sizes {
    let events = try occurrences(size)
    let sort = try median(runs) { _ = try CalendarEvents(events) }
    var found = 0
    let sweep = median(runs) {
        let report = ConflictReport(
            events: events, options: ConflictOptions(scope: .all, maximumConflicts: .max))
        found = report.conflicts.count
    }
    let date = try CivilDate(parsing: "2020-03-04")
    let layouts = try median(runs) {
        _ = try WeekLayout(events: events, containing: date, firstWeekday: .monday)
        _ = try MonthLayout(events: events, containing: date, firstWeekday: .monday)
    }
    print(
        String(repeating: " ", count: max(0, 11 - "\(size)".count)) + "\(size)  "
            + "\(seconds(sort))  \(seconds(sweep))  "
            + String(format: "%5.2f", sweep / sort)
            + String(repeating: " ", count: max(0, 17 - "\(found)".count)) + "\(found)  "
            + seconds(layouts))
}
