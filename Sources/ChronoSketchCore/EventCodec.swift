/// Events as bytes and back: a compact form for holding millions of events out of the heap
/// (in a buffer or a temporary file), with every field kept, so that decoding gives an event
/// equal to the one encoded.
///
/// Integers are LEB128 varints (signed ones zigzagged), texts their UTF-8 length and bytes,
/// optional fields present when their bit of a leading flags word is set. The form belongs to
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
        // Bits 16–18: the status (0 none, 1 + its position); 19–21: how it is shown (0 none,
        // 1 + its raw value).
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
        var word = flags.rawValue
        if let status = event.status, let position = statuses.firstIndex(of: status) {
            word |= UInt32(position + 1) << 16
        }
        if let shown = event.shownAs { word |= UInt32(shown.rawValue + 1) << 19 }
        var writer = Writer(bytes: bytes)
        defer { bytes = writer.bytes }
        writer.unsigned(UInt64(word))
        // The UID is written once, as the part of the id it is.
        let uidStart = event.separateCalendar.map { $0.utf8.count + 1 } ?? 0
        writer.text(event.id)
        writer.unsigned(UInt64(uidStart))
        writer.unsigned(UInt64(event.uid.utf8.count))
        if let recurrenceId = event.recurrenceId { writer.time(recurrenceId) }
        writer.text(event.title)
        switch event.interval {
        case .allDay(let start, let end):
            writer.signed(Int(start.packed))
            writer.signed(Int(end.packed))
        case .timed(let start, let end):
            writer.dateTime(start)
            writer.dateTime(end)
        }
        if let instants = event.instants {
            writer.signed(instants.start)
            writer.signed(instants.end - instants.start)
        }
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
    }

    /// The event encoded at the start of `bytes`.
    /// - Precondition: `bytes` begin with what ``encode(_:into:)`` wrote.
    package static func decode(_ bytes: ArraySlice<UInt8>) -> CalendarEvent {
        var reader = Reader(bytes: bytes)
        let word = UInt32(truncatingIfNeeded: reader.unsigned())
        let flags = Flags(rawValue: word & 0xFFFF)
        let statusCode = Int(word >> 16 & 0x7)
        let shownCode = Int(word >> 19 & 0x7)
        let idStart = reader.position
        let id = reader.text()
        let uidStart = Int(reader.unsigned())
        let uidCount = Int(reader.unsigned())
        let uidBytes = reader.position(ofTextAt: idStart) + uidStart
        let uid = String(decoding: bytes[uidBytes..<uidBytes + uidCount], as: UTF8.self)
        let recurrenceId = flags.contains(.recurrenceId) ? reader.time() : nil
        let title = reader.text()
        let interval: EventInterval
        if flags.contains(.allDay) {
            let start = CivilDate(packed: Int32(truncatingIfNeeded: reader.signed()))
            let end = CivilDate(packed: Int32(truncatingIfNeeded: reader.signed()))
            interval = .allDay(start: start, end: end)
        } else {
            let start = reader.dateTime()
            interval = .timed(start: start, end: reader.dateTime())
        }
        var instants: InstantInterval?
        if flags.contains(.instants) {
            let start = reader.signed()
            instants = InstantInterval(checkedStart: start, end: start + reader.signed())
        }
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
            separateCalendar: separateCalendar, sourceZone: sourceZone)
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

    private struct Writer {
        var bytes: [UInt8]

        mutating func unsigned(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func signed(_ value: Int) {
            let value = Int64(value)
            unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        mutating func text(_ text: String) {
            unsigned(UInt64(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }

        mutating func texts(_ texts: [String]) {
            unsigned(UInt64(texts.count))
            for text in texts { self.text(text) }
        }

        mutating func dateTime(_ time: LocalDateTime) {
            signed(Int(time.date.packed))
            unsigned(UInt64(time.seconds))
        }

        /// A tag (0 date, 1 floating, 2 UTC, 3 zoned), the time, and a zoned time's TZID.
        mutating func time(_ time: OriginalTime) {
            switch time {
            case .date(let date):
                unsigned(0)
                signed(Int(date.packed))
            case .floating(let time):
                unsigned(1)
                dateTime(time)
            case .utc(let time):
                unsigned(2)
                dateTime(time)
            case .zoned(let time, let tzid):
                unsigned(3)
                dateTime(time)
                text(tzid)
            }
        }

        /// The address, then a bit for each parameter present and the parameters.
        mutating func participant(_ participant: Participant) {
            text(participant.address)
            let present = [participant.name, participant.role, participant.status]
            var bits: UInt64 = 0
            for (bit, value) in present.enumerated() where value != nil { bits |= 1 << bit }
            unsigned(bits)
            for value in present { if let value { text(value) } }
        }
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var position: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        mutating func unsigned() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        mutating func signed() -> Int {
            let value = unsigned()
            return Int(Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
        }

        mutating func text() -> String {
            let count = Int(unsigned())
            defer { position += count }
            return String(decoding: bytes[position..<position + count], as: UTF8.self)
        }

        /// Where the bytes of the text whose length is written at `start` begin.
        func position(ofTextAt start: Int) -> Int {
            var position = start
            while bytes[position] >= 0x80 { position += 1 }
            return position + 1
        }

        mutating func texts() -> [String] {
            (0..<Int(unsigned())).map { _ in text() }
        }

        mutating func dateTime() -> LocalDateTime {
            let date = CivilDate(packed: Int32(truncatingIfNeeded: signed()))
            return LocalDateTime(date: date, seconds: Int32(truncatingIfNeeded: unsigned()))
        }

        mutating func time() -> OriginalTime {
            switch unsigned() {
            case 0: return .date(CivilDate(packed: Int32(truncatingIfNeeded: signed())))
            case 1: return .floating(dateTime())
            case 2: return .utc(dateTime())
            default:
                let time = dateTime()
                return .zoned(time, tzid: text())
            }
        }

        mutating func participant() -> Participant {
            let address = text()
            let bits = unsigned()
            let name = bits & 1 != 0 ? text() : nil
            let role = bits & 2 != 0 ? text() : nil
            let status = bits & 4 != 0 ? text() : nil
            return Participant(address: address, name: name, role: role, status: status)
        }
    }
}

extension CivilDate {
    /// The date whose packed form (``packed``) is `packed`, as ``EventCodec`` wrote it.
    init(packed: Int32) {
        self.packed = packed
    }
}

extension LocalDateTime {
    /// The time `seconds` into `date`, as ``EventCodec`` wrote it.
    init(date: CivilDate, seconds: Int32) {
        self.date = date
        self.seconds = seconds
    }
}

extension InstantInterval {
    /// An interval that was checked when it was made, as ``EventCodec`` wrote it.
    init(checkedStart start: Int, end: Int) {
        self.start = start
        self.end = end
    }
}
