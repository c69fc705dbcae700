import ChronoSketchCore
import ChronoSketchFormats
import ChronoSketchSyntax

/// `ics diff` as text for people: a line per change, what differs under it, and a summary.
///
/// ```
/// moved       2026-05-03 15:00–17:00  Lions v Tigers
///             was 2026-05-02 15:00–17:00; SEQUENCE not raised
/// changed     2026-05-10 15:00–17:00  Bears v Wolves
///             location: Field 1 → Field 2
/// old.ics → new.ics: 1 moved, 1 changed; 1 without a higher SEQUENCE
/// ```
struct DiffText {
    /// The zone times are shown in, named in the summary when any time is zoned.
    let zone: String

    /// - Parameters:
    ///   - old: the old version as named on the command line.
    ///   - new: the new version as named on the command line.
    ///   - output: where the report goes, a change at a time.
    func report(
        _ diff: CalendarDiff.Comparison, old: String, new: String, to output: any TextOutput
    ) {
        guard !diff.isEmpty else { return }
        diff.forEachChange { change in
            var text = ""
            let version = change.current
            var line = Self.column(Self.label(change.kind)) + Self.when(version.interval)
            line +=
                "  " + TerminalText.oneLine(version.title.isEmpty ? "(no title)" : version.title)
            if let recurrence = change.recurrenceId { line += " (instance \(recurrence))" }
            text += line + "\n"
            var notes: [String] = []
            switch change.kind {
            case .moved, .cancelled:
                if let before = change.old, before.interval != version.interval {
                    notes.append("was " + Self.when(before.interval))
                } else if change.kind == .moved {
                    notes.append("same wall clock, another instant")
                }
            case .uidChanged:
                let (before, after) = (change.old?.uid ?? "", change.new?.uid ?? "")
                // Texts that look alike but differ in bytes (`é` as one character or two).
                let alike =
                    before == after ? " (alike, but not in bytes: Unicode forms differ)" : ""
                notes.append(
                    "UID \(TerminalText.oneLine(before)) → \(TerminalText.oneLine(after))\(alike): subscribers see a deletion and an addition"
                )
            case .added, .removed, .changed:
                break
            }
            if change.sequenceIncreased == false {
                notes.append("SEQUENCE not raised (still \(change.new?.sequence ?? 0))")
            }
            if !notes.isEmpty {
                text += String(repeating: " ", count: 13) + notes.joined(separator: "; ") + "\n"
            }
            for field in change.fields {
                text +=
                    String(repeating: " ", count: 13) + field.field + ": " + Self.values(field.old)
                    + " → " + Self.values(field.new) + "\n"
            }
            output.write(text)
        }
        let counts = diff.counts
        let kinds = CalendarDiff.Kind.allCases.compactMap { kind in
            counts[kind].map { "\($0) \(Self.label(kind))" }
        }
        let silent = diff.withoutHigherSequence
        var summary = "\(old) → \(new): " + kinds.joined(separator: ", ")
        if silent > 0 { summary += "; \(silent) without a higher SEQUENCE" }
        if diff.showsInstants { summary += "; times in \(zone)" }
        output.write(TerminalText.oneLine(summary) + "\n")
    }

    /// The kind's column: 13 wide, the longest label and a blank.
    private static func column(_ label: String) -> String {
        label + String(repeating: " ", count: max(1, 13 - label.count))
    }

    private static func label(_ kind: CalendarDiff.Kind) -> String {
        kind == .uidChanged ? "uid changed" : kind.rawValue
    }

    /// `2026-05-03 15:00–17:00`, `2026-05-03 22:00 – 2026-05-04 01:00`, `2026-05-03` or
    /// `2026-05-03 – 2026-05-05` (the last day, inclusive).
    static func when(_ interval: EventInterval?) -> String {
        switch interval {
        case nil:
            return "(no time)"
        case .allDay(let start, let end)?:
            let last = (try? end.adding(days: -1)) ?? end
            return last > start ? "\(start) – \(last)" : start.description
        case .timed(let start, let end)?:
            let from = "\(start.date) \(start.timeText)"
            if end == start { return from }
            if end.date == start.date { return "\(from)–\(end.timeText)" }
            return "\(from) – \(end.date) \(end.timeText)"
        }
    }

    private static func values(_ values: [String]) -> String {
        guard !values.isEmpty else { return "(none)" }
        return values.map { TerminalText.oneLine($0) }.joined(separator: " | ")
    }
}

/// `ics diff --format json|ndjson`: a change per object.
enum DiffJSON {
    /// Gives the report to `emit` in pieces of about 64 KiB: an array of changes, or with
    /// `lines` one change per line.
    static func write(
        _ diff: CalendarDiff.Comparison, lines: Bool, emit: ([UInt8]) -> Void
    ) {
        let chunk = 1 << 16
        var writer = JSONWriter(capacity: chunk)
        if !lines { writer.beginArray() }
        diff.forEachChange { change in
            write(change, to: &writer)
            if lines { writer.raw("\n") }
            if writer.bytes.count > chunk { emit(writer.takeBytes()) }
        }
        if !lines {
            writer.endArray()
            writer.raw("\n")
        }
        emit(writer.takeBytes())
    }

    private static func write(_ change: CalendarDiff.Change, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("change", change.kind.rawValue)
        writer.field("uid", change.current.uid)
        writer.field("recurrenceId", change.recurrenceId)
        writer.field("title", change.current.title)
        writer.key("sequenceIncreased")
        if let increased = change.sequenceIncreased {
            writer.bool(increased)
        } else {
            writer.null()
        }
        writer.key("old")
        write(change.old, to: &writer)
        writer.key("new")
        write(change.new, to: &writer)
        writer.field("fields", objects: change.fields) { writer, field in
            writer.field("field", field.field)
            writer.field("old", strings: field.old)
            writer.field("new", strings: field.new)
        }
        writer.endObject()
    }

    private static func write(_ version: CalendarDiff.Version?, to writer: inout JSONWriter) {
        guard let version else { return writer.null() }
        writer.beginObject()
        writer.field("uid", version.uid)
        writer.field("title", version.title)
        writer.field("allDay", version.interval?.isAllDay ?? false)
        writer.field("start", version.interval?.startText)
        writer.field("end", version.interval?.endText)
        writer.field("startUTC", version.instants.flatMap { utc($0.start) })
        writer.field("endUTC", version.instants.flatMap { utc($0.end) })
        writer.field("status", version.status)
        writer.field("sequence", version.sequence)
        writer.field("file", version.location.file)
        writer.field("line", version.location.line)
        writer.endObject()
    }

    /// RFC 3339 in UTC: `2026-05-03T13:00:00Z`.
    private static func utc(_ seconds: Int) -> String? {
        (try? LocalDateTime(secondsSinceEpoch: seconds))?.utcText
    }
}
