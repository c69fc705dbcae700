// The ChronoSketch library from Swift: a calendar's occurrences in a window, their conflicts,
// and the calendar converted to jCal. Run it with
//
//     swift run library-example Fixtures/demo/team-week.ics
//
// A package that depends on ChronoSketch names the products it uses, as this target does:
// ChronoSketchCore, ChronoSketchSyntax, ChronoSketchEvents, ChronoSketchFormats and
// ChronoSketchLayout.
import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: library-example FILE.ics")
    exit(64)
}

do {
    // Every occurrence of 7–12 December 2026 on Berlin's wall clock, series expanded.
    let options = LoadOptions(
        zone: try TargetZone.named("Europe/Berlin", environment: [:]),
        from: try CivilDate(parsing: "2026-12-07"), to: try CivilDate(parsing: "2026-12-12"))
    let calendar = try CalendarLoader.load([.file(path)], options: options)
    for diagnostic in calendar.diagnostics { print("note:", diagnostic) }
    print("\(calendar.events.count) occurrences in \(calendar.zone)")
    for event in calendar.events.prefix(5) {
        print("  \(event.interval.start)  \(event.title)")
    }

    // The pairs that clash, with ten minutes between events asked for.
    let report = ConflictReport(
        events: calendar.events,
        options: ConflictOptions(policy: BusyPolicy(bufferBefore: 600, bufferAfter: 600)))
    print("\(report.conflicts.count) conflicts among \(report.busyEvents) busy events")
    for conflict in report.conflicts.prefix(3) {
        print("  \(conflict.kind.rawValue): \(conflict.first.title) / \(conflict.second.title)")
    }

    // The whole calendar as jCal (RFC 7265), written as it is made.
    var jcal: [UInt8] = []
    let conversion = ConversionOptions(
        to: .jcal, load: options, stamp: try LocalDateTime(parsing: "2026-12-01T00:00:00"))
    let result = Converter.calendar([.file(path)], options: conversion) { jcal += $0 }
    print("jCal: \(jcal.count) bytes, \(result.diagnostics.count) diagnostics")
} catch {
    print("error: \(error)")
    exit(2)
}
