import ChronoSketchCore
import ChronoSketchLayout

/// The JSON, NDJSON and CSV of `ics conflicts`, `check`, `slots` and `freebusy`.
enum ConflictJSON {
    private static let chunk = 1 << 16

    /// `{"zone", "window", "conflicts", "clusters", "counts"}`, handed to `emit` in pieces of
    /// about 64 KB, so a million conflicts are never held as text.
    static func report(_ report: ConflictReport, window: OutputWindow, emit: ([UInt8]) -> Void) {
        var json = JSONWriter(capacity: chunk)
        json.beginObject()
        json.field("zone", window.zone)
        window.write(into: &json)
        json.key("conflicts")
        json.beginArray()
        for conflict in report.conflicts {
            self.conflict(conflict, into: &json)
            if json.bytes.count > chunk { emit(json.takeBytes()) }
        }
        json.endArray()
        json.key("clusters")
        json.beginArray()
        for cluster in report.clusters {
            json.beginObject()
            json.field("ids", strings: cluster.ids)
            json.field("start", cluster.start.description)
            json.field("end", cluster.end.description)
            json.endObject()
            if json.bytes.count > chunk { emit(json.takeBytes()) }
        }
        json.endArray()
        json.field("counts") { json in
            json.field("conflicts", report.conflicts.count)
            for kind in ConflictKind.allCases {
                json.field(kind.rawValue, report.conflicts.filter { $0.kind == kind }.count)
            }
            json.field("clusters", report.clusters.count)
            json.field("busyEvents", report.busyEvents)
            json.field("freeEvents", report.freeEvents)
            json.field("truncated", report.isTruncated)
        }
        json.endObject()
        json.raw("\n")
        emit(json.takeBytes())
    }

    /// One conflict object a line, in pieces.
    static func ndjson(_ report: ConflictReport, emit: ([UInt8]) -> Void) {
        var json = JSONWriter(capacity: chunk)
        for conflict in report.conflicts {
            self.conflict(conflict, into: &json)
            json.raw("\n")
            if json.bytes.count > chunk { emit(json.takeBytes()) }
        }
        emit(json.takeBytes())
    }

    static let csvHeader =
        ["kind"]
        + ["a", "b"].flatMap { side in
            partyFields.map { "\(side)_\($0)" }
        } + ["overlapStart", "overlapEnd", "minutes", "resource"]

    /// A header row, then one row per conflict, in pieces; cells a spreadsheet would run are
    /// guarded unless `guardsFormulas` is false.
    static func csv(
        _ report: ConflictReport, guardsFormulas: Bool = true, emit: ([UInt8]) -> Void
    ) {
        var csv = CSVWriter(guardsFormulas: guardsFormulas)
        csv.record(csvHeader)
        for conflict in report.conflicts {
            csv.record(
                [conflict.kind.rawValue] + fields(.event(conflict.first)) + fields(conflict.second)
                    + [
                        conflict.overlapStart.description, conflict.overlapEnd.description,
                        String(conflict.minutes), conflict.resource ?? "",
                    ])
            if csv.bytes.count > chunk {
                emit(csv.bytes)
                csv.reset()
            }
        }
        emit(csv.bytes)
    }

    /// `{"kind", "a", "b", "overlapStart", "overlapEnd", "minutes", "resource"}`.
    static func conflict(_ conflict: Conflict, into json: inout JSONWriter) {
        json.beginObject()
        json.field("kind", conflict.kind.rawValue)
        json.key("a")
        party(.event(conflict.first), into: &json)
        json.key("b")
        party(conflict.second, into: &json)
        json.field("overlapStart", conflict.overlapStart.description)
        json.field("overlapEnd", conflict.overlapEnd.description)
        json.field("minutes", conflict.minutes)
        json.field("resource", conflict.resource)
        json.endObject()
    }

    /// `{"id", "uid", "title", "start", "end", "file", "line"}`; a window has a null uid, and
    /// one given on the command line a null file and line.
    static func party(_ party: ConflictParty, into json: inout JSONWriter) {
        json.beginObject()
        for (name, value) in zip(partyFields, fields(party)) {
            switch name {
            case "line":
                json.key(name)
                json.number(Int(value))
            case "title": json.field(name, value)
            default: json.field(name, value.isEmpty ? nil : value)
            }
        }
        json.endObject()
    }

    private static let partyFields = ["id", "uid", "title", "start", "end", "file", "line"]

    private static func fields(_ party: ConflictParty) -> [String] {
        switch party {
        case .event(let event):
            [
                event.id, event.writtenUID ?? "", event.title, event.interval.startText,
                event.interval.endText,
                event.source.file, String(event.source.line),
            ]
        case .window(let window):
            [
                window.id, "", window.title, window.start.description, window.end.description,
                window.source?.file ?? "", window.source.map { String($0.line) } ?? "",
            ]
        }
    }
}
