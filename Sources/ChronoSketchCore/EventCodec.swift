/// Events as bytes and back: a compact form for holding millions of events out of the heap
/// (in a buffer or a temporary file), with every field kept, so that decoding gives an event
/// equal to the one encoded.
///
/// Fields are written by ``ByteWriter``; optional ones are present when their bit of a leading
/// flags word is set. The form belongs to
/// one run of one build; it is never a file format.
package enum EventCodec {
    private struct Flags: OptionSet {
        let rawValue: UInt32
        static let hasUID = Flags(rawValue: 1 << 0)
        static let recurrenceId = Flags(rawValue: 1 << 1)
        static let instants = Flags(rawValue: 1 << 2)
        static let zone = Flags(rawValue: 1 << 3)
        static let sourceZone = Flags(rawValue: 1 << 4)
        static let location = Flags(rawValue: 1 << 5)
        static let calendar = Flags(rawValue: 1 << 6)
        static let separateCalendar = Flags(rawValue: 1 << 7)
        static let transparent = Flags(rawValue: 1 << 8)
        static let description = Flags(rawValue: 1 << 9)
        static let organizer = Flags(rawValue: 1 << 10)
        static let url = Flags(rawValue: 1 << 11)
        static let color = Flags(rawValue: 1 << 12)
        static let allDay = Flags(rawValue: 1 << 13)
        static let task = Flags(rawValue: 1 << 14)
        // Bits 16–18: the status (0 none, 1 + its position); 19–21: how it is shown (0 none,
        // 1 + its raw value); 22–23: the component (its position in ComponentKind.allCases).
    }

    private static let statuses: [EventStatus] = [.tentative, .confirmed, .cancelled]

    /// Appends `event`'s bytes to `bytes`.
    package static func encode(_ event: CalendarEvent, into bytes: inout [UInt8]) {
        var flags: Flags = []
        if event.hasUID { flags.insert(.hasUID) }
        if event.recurrenceId != nil { flags.insert(.recurrenceId) }
        if event.instants != nil { flags.insert(.instants) }
        if event.zone != nil { flags.insert(.zone) }
        if event.sourceZone != nil { flags.insert(.sourceZone) }
        if event.location != nil { flags.insert(.location) }
        if event.calendar != nil { flags.insert(.calendar) }
        if event.separateCalendar != nil { flags.insert(.separateCalendar) }
        if event.transparency == .transparent { flags.insert(.transparent) }
        if event.description != nil { flags.insert(.description) }
        if event.organizer != nil { flags.insert(.organizer) }
        if event.url != nil { flags.insert(.url) }
        if event.color != nil { flags.insert(.color) }
        if event.interval.isAllDay { flags.insert(.allDay) }
        if event.task != nil { flags.insert(.task) }
        var word = flags.rawValue
        word |= UInt32(ComponentKind.allCases.firstIndex(of: event.component) ?? 0) << 22
        if let status = event.status, let position = statuses.firstIndex(of: status) {
            word |= UInt32(position + 1) << 16
        }
        if let shown = event.shownAs { word |= UInt32(shown.rawValue + 1) << 19 }
        var writer = ByteWriter(bytes: bytes)
        defer { bytes = writer.bytes }
        writer.unsigned(UInt64(word))
        // The UID is written once, as the part of the id it is.
        let uidStart = event.separateCalendar.map { $0.utf8.count + 1 } ?? 0
        writer.text(event.id)
        writer.unsigned(UInt64(uidStart))
        writer.unsigned(UInt64(event.uid.utf8.count))
        if let recurrenceId = event.recurrenceId { writer.time(recurrenceId) }
        writer.text(event.title)
        writer.interval(event.interval)
        if let instants = event.instants { writer.instants(instants) }
        if let zone = event.zone { writer.text(zone) }
        if let zone = event.sourceZone { writer.text(zone) }
        if let location = event.location { writer.text(location) }
        writer.text(event.source.file)
        writer.signed(event.source.line)
        writer.time(event.originalStart)
        writer.signed(event.sequence)
        if let calendar = event.calendar { writer.text(calendar) }
        if let calendar = event.separateCalendar { writer.text(calendar) }
        if let description = event.description { writer.text(description) }
        writer.texts(event.categories)
        if let organizer = event.organizer { writer.participant(organizer) }
        writer.unsigned(UInt64(event.attendees.count))
        for attendee in event.attendees { writer.participant(attendee) }
        writer.texts(event.resources)
        if let url = event.url { writer.text(url) }
        if let color = event.color { writer.text(color) }
        if let task = event.task { writer.task(task) }
    }

    /// The event encoded at the start of `bytes`.
    /// - Precondition: `bytes` begin with what ``encode(_:into:)`` wrote.
    package static func decode(_ bytes: ArraySlice<UInt8>) -> CalendarEvent {
        var reader = ByteReader(bytes: bytes)
        let word = UInt32(truncatingIfNeeded: reader.unsigned())
        let flags = Flags(rawValue: word & 0xFFFF)
        let statusCode = Int(word >> 16 & 0x7)
        let shownCode = Int(word >> 19 & 0x7)
        let componentCode = Int(word >> 22 & 0x3)
        let idStart = reader.position
        let id = reader.text()
        let uidStart = Int(reader.unsigned())
        let uidCount = Int(reader.unsigned())
        let uidBytes = reader.position(ofTextAt: idStart) + uidStart
        let uid = String(decoding: bytes[uidBytes..<uidBytes + uidCount], as: UTF8.self)
        let recurrenceId = flags.contains(.recurrenceId) ? reader.time() : nil
        let title = reader.text()
        let interval = reader.interval(allDay: flags.contains(.allDay))
        let instants = flags.contains(.instants) ? reader.instants() : nil
        let zone = flags.contains(.zone) ? reader.text() : nil
        let sourceZone = flags.contains(.sourceZone) ? reader.text() : nil
        let location = flags.contains(.location) ? reader.text() : nil
        let file = reader.text()
        let line = reader.signed()
        let originalStart = reader.time()
        let sequence = reader.signed()
        let calendar = flags.contains(.calendar) ? reader.text() : nil
        let separateCalendar = flags.contains(.separateCalendar) ? reader.text() : nil
        let description = flags.contains(.description) ? reader.text() : nil
        let categories = reader.texts()
        let organizer = flags.contains(.organizer) ? reader.participant() : nil
        let attendees = (0..<Int(reader.unsigned())).map { _ in reader.participant() }
        let resources = reader.texts()
        let url = flags.contains(.url) ? reader.text() : nil
        let color = flags.contains(.color) ? reader.text() : nil
        let task = flags.contains(.task) ? reader.task() : nil
        return CalendarEvent(
            checkedID: id, uid: uid, recurrenceId: recurrenceId, title: title, interval: interval,
            instants: instants, zone: zone, location: location, description: description,
            status: statusCode == 0 ? nil : statuses[statusCode - 1],
            transparency: flags.contains(.transparent) ? .transparent : .opaque,
            shownAs: shownCode == 0 ? nil : BusyKind(rawValue: shownCode - 1),
            categories: categories, organizer: organizer, attendees: attendees,
            resources: resources, url: url, color: color,
            source: SourceLocation(file: file, line: line), originalStart: originalStart,
            sequence: sequence, hasUID: flags.contains(.hasUID), calendar: calendar,
            separateCalendar: separateCalendar, sourceZone: sourceZone,
            component: ComponentKind.allCases[componentCode], task: task)
    }

    /// What stands for an event that could not be read back: an empty, timeless event whose
    /// id names its position.
    package static func unreadable(position: Int) -> CalendarEvent {
        let start = LocalDateTime(startOf: .epoch)
        let id = "<unreadable event \(position)>"
        return CalendarEvent(
            checkedID: id, uid: id, recurrenceId: nil, title: "",
            interval: .timed(start: start, end: start),
            instants: nil, zone: nil, location: nil, description: nil, status: nil,
            transparency: .opaque, shownAs: nil, categories: [], organizer: nil, attendees: [],
            resources: [], url: nil, color: nil, source: SourceLocation(file: "", line: 0),
            originalStart: .floating(start), sequence: 0, hasUID: false, calendar: nil,
            separateCalendar: nil, sourceZone: nil)
    }
}

extension ByteWriter {
    /// A task's details: where its DUE lies, then each optional field behind a flags byte.
    fileprivate mutating func task(_ task: TaskDetails) {
        var present: UInt64 = 0
        if task.completed != nil { present |= 1 }
        if task.percentComplete != nil { present |= 2 }
        if task.priority != nil { present |= 4 }
        if task.status != nil { present |= 8 }
        unsigned(UInt64(task.due.rawValue) | present << 2)
        if let completed = task.completed { signed(completed) }
        if let percent = task.percentComplete { signed(percent) }
        if let priority = task.priority { signed(priority) }
        if let status = task.status { text(status) }
    }
}

extension ByteReader {
    /// A task's details as ``ByteWriter/task(_:)`` wrote them.
    fileprivate mutating func task() -> TaskDetails {
        let word = unsigned()
        var task = TaskDetails(due: TaskDetails.Due(rawValue: UInt8(word & 0x3)) ?? .none)
        let present = word >> 2
        if present & 1 != 0 { task.completed = signed() }
        if present & 2 != 0 { task.percentComplete = signed() }
        if present & 4 != 0 { task.priority = signed() }
        if present & 8 != 0 { task.status = text() }
        return task
    }
}
