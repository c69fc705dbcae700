/// Appends values as bytes in the compact form ``EventCodec`` and other stores of one run use:
/// integers as LEB128 varints (signed ones zigzagged), texts as their UTF-8 length and bytes.
/// ``ByteReader`` reads them back in the order written.
package struct ByteWriter {
    package var bytes: [UInt8]

    package init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    package mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func signed(_ value: Int) {
        let value = Int64(value)
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    package mutating func text(_ text: String) {
        unsigned(UInt64(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    /// A length, then the bytes.
    package mutating func data(_ data: some Collection<UInt8>) {
        unsigned(UInt64(data.count))
        bytes.append(contentsOf: data)
    }

    package mutating func texts(_ texts: [String]) {
        unsigned(UInt64(texts.count))
        for text in texts { self.text(text) }
    }

    package mutating func date(_ date: CivilDate) {
        signed(Int(date.packed))
    }

    package mutating func dateTime(_ time: LocalDateTime) {
        date(time.date)
        unsigned(UInt64(time.seconds))
    }

    /// Its two ends; whether it is all-day is the writer's to record.
    package mutating func interval(_ interval: EventInterval) {
        switch interval {
        case .allDay(let start, let end):
            date(start)
            date(end)
        case .timed(let start, let end):
            dateTime(start)
            dateTime(end)
        }
    }

    /// The start, then the length.
    package mutating func instants(_ instants: InstantInterval) {
        signed(instants.start)
        signed(instants.end - instants.start)
    }

    /// A tag (0 date, 1 floating, 2 UTC, 3 zoned), the time, and a zoned time's TZID.
    package mutating func time(_ time: OriginalTime) {
        switch time {
        case .date(let date):
            unsigned(0)
            self.date(date)
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
    package mutating func participant(_ participant: Participant) {
        text(participant.address)
        let present = [participant.name, participant.role, participant.status]
        var bits: UInt64 = 0
        for (bit, value) in present.enumerated() where value != nil { bits |= 1 << bit }
        unsigned(bits)
        for value in present { if let value { text(value) } }
    }
}

/// Reads what a ``ByteWriter`` wrote, in the same order.
/// - Precondition: the bytes are what the writer wrote; nothing is checked.
package struct ByteReader {
    package let bytes: ArraySlice<UInt8>
    package var position: Int

    package init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    package mutating func unsigned() -> UInt64 {
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

    package mutating func signed() -> Int {
        let value = unsigned()
        return Int(Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
    }

    package mutating func text() -> String {
        String(decoding: data(), as: UTF8.self)
    }

    /// What ``ByteWriter/data(_:)`` wrote.
    package mutating func data() -> ArraySlice<UInt8> {
        let count = Int(unsigned())
        defer { position += count }
        return bytes[position..<position + count]
    }

    /// Where the bytes of the text whose length is written at `start` begin.
    package func position(ofTextAt start: Int) -> Int {
        var position = start
        while bytes[position] >= 0x80 { position += 1 }
        return position + 1
    }

    package mutating func texts() -> [String] {
        (0..<Int(unsigned())).map { _ in text() }
    }

    package mutating func date() -> CivilDate {
        CivilDate(packed: Int32(truncatingIfNeeded: signed()))
    }

    package mutating func dateTime() -> LocalDateTime {
        let date = date()
        return LocalDateTime(date: date, seconds: Int32(truncatingIfNeeded: unsigned()))
    }

    /// What ``ByteWriter/interval(_:)`` wrote of an interval that is all-day or not.
    package mutating func interval(allDay: Bool) -> EventInterval {
        if allDay {
            let start = date()
            return .allDay(start: start, end: date())
        }
        let start = dateTime()
        return .timed(start: start, end: dateTime())
    }

    package mutating func instants() -> InstantInterval {
        let start = signed()
        return InstantInterval(checkedStart: start, end: start + signed())
    }

    package mutating func time() -> OriginalTime {
        switch unsigned() {
        case 0: return .date(date())
        case 1: return .floating(dateTime())
        case 2: return .utc(dateTime())
        default:
            let time = dateTime()
            return .zoned(time, tzid: text())
        }
    }

    package mutating func participant() -> Participant {
        let address = text()
        let bits = unsigned()
        let name = bits & 1 != 0 ? text() : nil
        let role = bits & 2 != 0 ? text() : nil
        let status = bits & 4 != 0 ? text() : nil
        return Participant(address: address, name: name, role: role, status: status)
    }
}

extension CivilDate {
    /// The date whose packed form (``packed``) is `packed`, as ``ByteWriter`` wrote it.
    init(packed: Int32) {
        self.packed = packed
    }
}

extension LocalDateTime {
    /// The time `seconds` into `date`, as ``ByteWriter`` wrote it.
    init(date: CivilDate, seconds: Int32) {
        self.date = date
        self.seconds = seconds
    }
}

extension InstantInterval {
    /// An interval that was checked when it was made, as ``ByteWriter`` wrote it.
    init(checkedStart start: Int, end: Int) {
        self.start = start
        self.end = end
    }
}
