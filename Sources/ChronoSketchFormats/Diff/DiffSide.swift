import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// One VEVENT of a side of a diff as read back from its bytes: what a report shows of it and
/// what matching and comparing it need; the VEVENT itself is decoded only when asked for.
struct StoredVersion {
    var uid: String?
    var title: String
    var interval: EventInterval?
    var instants: InstantInterval?
    var recurrence: TimeIdentity?
    /// RECURRENCE-ID as written.
    var recurrenceText: String?
    var start: TimeIdentity?
    var startZone: String?
    /// STATUS as written, in upper case.
    var status: String?
    var sequence: Int
    var rank: VersionRank
    var file: Int
    var line: Int
    var isRecurring: Bool
    /// The bytes of the VEVENT (``ICalComponent/encode(into:)``), if it was kept.
    var componentBytes: ArraySlice<UInt8>?

    /// The VEVENT as read.
    var component: ICalComponent? {
        guard let componentBytes else { return nil }
        var reader = ByteReader(bytes: componentBytes)
        return ICalComponent(decoding: &reader)
    }

    /// What identifies the event across versions: its UID and recurrence id, or without a UID
    /// its title and start.
    var key: DiffKey {
        if let uid { return .uid(ExactText(uid), recurrence: recurrence) }
        return .unnamed(title: title, start: start)
    }

    /// What a UID change keeps: title, start and recurrence id.
    var look: DiffLook { DiffLook(title: title, start: start, recurrence: recurrence) }
}

enum DiffKey: Hashable {
    /// A UID by its bytes: one whose bytes changed is another UID.
    case uid(ExactText, recurrence: TimeIdentity?)
    case unnamed(title: String, start: TimeIdentity?)
}

struct DiffLook: Hashable {
    var title: String
    var start: TimeIdentity?
    var recurrence: TimeIdentity?
}

/// The VEVENTs of one side of a diff, kept as bytes (``ByteRecords``: in memory up to a
/// budget, the rest in a temporary file), with an index from a hash of each event's key to
/// its place (``HashChains``), so that a side of millions of events holds tens of bytes of
/// each and a key given by many events finds each of them once.
///
/// Of one UID and recurrence id given twice, the newest version (``VersionRank``) is kept in
/// the place of the first, as a listing keeps it.
final class DiffSide {
    private var records: ByteRecords
    /// The record of each event, in the order read.
    private var slots: [Int32] = []
    /// The events by a hash of their key, each in the order read, those matched taken.
    private var chains = HashChains()
    private var files: [Int: String] = [:]
    /// Why a record could not be read back, if one could not.
    private(set) var readFailure: SpillFailure?

    init(budget: Int) {
        records = ByteRecords(budget: budget)
    }

    /// How many events the side has.
    var count: Int { slots.count }

    /// Why records stayed in memory past the budget, if they did.
    var spillFailure: SpillFailure? { records.spillFailure }

    /// The name of the file of an event's ``StoredVersion/file``.
    func file(_ index: Int) -> String { files[index] ?? "" }

    /// Adds an event read from the input at `fileIndex` (naming the inputs' files in order).
    func add(_ event: WrittenEvent, rank: VersionRank, fileIndex: Int) {
        if files[fileIndex] == nil { files[fileIndex] = event.source.file }
        let bytes = Self.encode(event, rank: rank, fileIndex: fileIndex)
        let key: DiffKey =
            event.source.uid.map { .uid(ExactText($0), recurrence: event.recurrence) }
            ?? .unnamed(title: event.source.summary, start: event.start)
        if case .uid = key, let earlier = firstEvent(matching: key) {
            if rank.reason(toReplace: earlier.version.rank) != nil {
                slots[earlier.index] = Int32(records.append(bytes))
            }
            return
        }
        chains.append(hash: key.hashValue)
        slots.append(Int32(records.append(bytes)))
    }

    /// The first event (in the order read) whose key is `key` and that was not taken, with
    /// the version read back to compare its key.
    func firstEvent(matching key: DiffKey) -> (index: Int, version: StoredVersion)? {
        var found: StoredVersion?
        let index = chains.first(hash: key.hashValue) { index in
            let version = version(at: index)
            guard version.key == key else { return false }
            found = version
            return true
        }
        guard let index, let found else { return nil }
        return (index, found)
    }

    /// ``firstEvent(matching:)``, taken: of events without a UID alike in title and start,
    /// the first is given to the first that asks, the second to the second.
    func takeFirstEvent(matching key: DiffKey) -> (index: Int, version: StoredVersion)? {
        guard let first = firstEvent(matching: key) else { return nil }
        chains.take(first.index)
        return first
    }

    /// The event at `index`. When the temporary file cannot be read, an empty version takes
    /// its place and ``readFailure`` says so.
    func version(at index: Int) -> StoredVersion {
        do throws(SpillFailure) {
            return Self.decode(try records.record(at: Int(slots[index])))
        } catch {
            readFailure = readFailure ?? error
            return StoredVersion(
                title: "", sequence: 0, rank: VersionRank(sequence: 0, stamp: nil, order: 0),
                file: 0, line: 0, isRecurring: false)
        }
    }

    // MARK: - Bytes

    private struct Flags: OptionSet {
        let rawValue: UInt64
        static let uid = Flags(rawValue: 1 << 0)
        static let interval = Flags(rawValue: 1 << 1)
        static let allDay = Flags(rawValue: 1 << 2)
        static let instants = Flags(rawValue: 1 << 3)
        static let recurrence = Flags(rawValue: 1 << 4)
        static let recurrenceText = Flags(rawValue: 1 << 5)
        static let start = Flags(rawValue: 1 << 6)
        static let startZone = Flags(rawValue: 1 << 7)
        static let status = Flags(rawValue: 1 << 8)
        static let stamp = Flags(rawValue: 1 << 9)
        static let recurring = Flags(rawValue: 1 << 10)
        static let component = Flags(rawValue: 1 << 11)
    }

    private static func encode(_ event: WrittenEvent, rank: VersionRank, fileIndex: Int)
        -> [UInt8]
    {
        let source = event.source
        let recurrenceText = source.recurrenceID?.original.text
        var flags: Flags = []
        if source.uid != nil { flags.insert(.uid) }
        if let interval = event.interval {
            flags.insert(.interval)
            if interval.isAllDay { flags.insert(.allDay) }
        }
        if event.instants != nil { flags.insert(.instants) }
        if event.recurrence != nil { flags.insert(.recurrence) }
        if recurrenceText != nil { flags.insert(.recurrenceText) }
        if event.start != nil { flags.insert(.start) }
        if event.startZone != nil { flags.insert(.startZone) }
        if source.status != nil { flags.insert(.status) }
        if rank.stamp != nil { flags.insert(.stamp) }
        if source.isRecurring { flags.insert(.recurring) }
        if source.component != nil { flags.insert(.component) }
        var writer = ByteWriter()
        writer.unsigned(flags.rawValue)
        if let uid = source.uid { writer.text(uid) }
        writer.text(source.summary)
        if let interval = event.interval { writer.interval(interval) }
        if let instants = event.instants { writer.instants(instants) }
        if let recurrence = event.recurrence { writer.identity(recurrence) }
        if let recurrenceText { writer.text(recurrenceText) }
        if let start = event.start { writer.identity(start) }
        if let zone = event.startZone { writer.text(zone) }
        if let status = source.status { writer.text(status.value) }
        writer.signed(source.sequence)
        if let stamp = rank.stamp { writer.dateTime(stamp) }
        writer.signed(rank.order)
        writer.unsigned(UInt64(fileIndex))
        writer.signed(source.line)
        if let component = source.component {
            var inner = ByteWriter()
            component.encode(into: &inner)
            writer.data(inner.bytes)
        }
        return writer.bytes
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> StoredVersion {
        var reader = ByteReader(bytes: bytes)
        let flags = Flags(rawValue: reader.unsigned())
        let uid = flags.contains(.uid) ? reader.text() : nil
        let title = reader.text()
        let interval =
            flags.contains(.interval) ? reader.interval(allDay: flags.contains(.allDay)) : nil
        let instants = flags.contains(.instants) ? reader.instants() : nil
        let recurrence = flags.contains(.recurrence) ? reader.identity() : nil
        let recurrenceText = flags.contains(.recurrenceText) ? reader.text() : nil
        let start = flags.contains(.start) ? reader.identity() : nil
        let startZone = flags.contains(.startZone) ? reader.text() : nil
        let status = flags.contains(.status) ? reader.text() : nil
        let sequence = reader.signed()
        let stamp = flags.contains(.stamp) ? reader.dateTime() : nil
        let order = reader.signed()
        let file = Int(reader.unsigned())
        let line = reader.signed()
        let component = flags.contains(.component) ? reader.data() : nil
        return StoredVersion(
            uid: uid, title: title, interval: interval, instants: instants,
            recurrence: recurrence, recurrenceText: recurrenceText, start: start,
            startZone: startZone, status: status, sequence: sequence,
            rank: VersionRank(sequence: sequence, stamp: stamp, order: order), file: file,
            line: line, isRecurring: flags.contains(.recurring), componentBytes: component)
    }
}

extension ByteWriter {
    /// A tag (0 date, 1 floating, 2 instant) and the time.
    fileprivate mutating func identity(_ time: TimeIdentity) {
        switch time {
        case .date(let date):
            unsigned(0)
            self.date(date)
        case .floating(let wallClock):
            unsigned(1)
            dateTime(wallClock)
        case .instant(let seconds):
            unsigned(2)
            signed(seconds)
        }
    }
}

extension ByteReader {
    fileprivate mutating func identity() -> TimeIdentity {
        switch unsigned() {
        case 0: return .date(date())
        case 1: return .floating(dateTime())
        default: return .instant(signed())
        }
    }
}
