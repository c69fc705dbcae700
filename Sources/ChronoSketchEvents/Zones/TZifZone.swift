import ChronoSketchSyntax
import Foundation

/// A zone read from TZif data (RFC 8536), the binary format of the tz database's compiled files.
///
/// Versions 1 to 4 are read; later digit versions are read with the version 4 layout, since
/// the format only ever appends data. For version 2 and later the version-1 block is skipped
/// and the 64-bit block and the footer TZ string are used; bytes after the footer are ignored.
/// Leap-second records and the standard/wall and UT/local indicators are skipped. Instants
/// before the first transition use local time type 0 (RFC 8536 §3.2); instants on or after the
/// last transition follow the footer when it is present and non-empty, else the last
/// transition's type.
public final class TZifZone: ZoneRules {
    /// The zone's name (`Europe/Berlin`).
    public let identifier: String
    /// The format version from the header: 1, 2, 3, 4 or a later digit.
    public let version: Int
    /// The footer's TZ string, which governs instants from the last transition on.
    public let footer: POSIXTimeZoneRule?

    /// Transition instants, strictly ascending.
    private let transitionTimes: [Int]
    /// The UTC offset after each transition, parallel to `transitionTimes`.
    private let transitionOffsets: [Int]
    /// The index into `periods` of each transition, parallel to `transitionTimes`.
    private let transitionTypes: [Int]
    /// The local time types.
    private let periods: [ZoneOffsetPeriod]
    /// Local time type 0, in effect before the first transition.
    private let initialPeriod: ZoneOffsetPeriod

    /// Reads TZif data.
    /// - Parameters:
    ///   - identifier: The zone's name, such as `Europe/Berlin`; also used in error messages.
    ///   - bytes: The complete contents of a TZif file.
    /// - Throws: ``ZoneError/invalidTZif(source:reason:)`` when the data is not TZif, is
    ///   truncated, or has counts, indices, offsets or a footer that are out of range.
    /// - Complexity: O(n) in the size of the data.
    public init(identifier: String, bytes: [UInt8]) throws(ZoneError) {
        var reader = TZifReader(bytes: bytes, source: identifier)
        let contents = try reader.read()
        self.identifier = identifier
        self.version = contents.version
        self.footer = contents.footer
        self.transitionTimes = contents.times
        self.transitionTypes = contents.typeIndices
        self.periods = contents.periods
        self.transitionOffsets = contents.typeIndices.map { contents.periods[$0].offset }
        self.initialPeriod = contents.periods[0]
    }

    /// Reads a TZif file.
    /// - Throws: ``ZoneError/unreadableFile(path:)`` when the file cannot be read, else as
    ///   ``init(identifier:bytes:)``.
    public convenience init(identifier: String, contentsOfFile path: String) throws(ZoneError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path)
        }
        try self.init(identifier: identifier, bytes: [UInt8](data))
    }

    /// - Complexity: O(log n) in the number of transitions, without allocation.
    public func offset(atUTC seconds: Int) -> Int {
        guard let first = transitionTimes.first, let last = transitionTimes.last else {
            return footer?.offset(atUTC: seconds) ?? initialPeriod.offset
        }
        if seconds < first { return initialPeriod.offset }
        if seconds >= last, let footer { return footer.offset(atUTC: seconds) }
        return transitionOffsets[lastIndex(atOrBefore: seconds)]
    }

    /// - Complexity: O(log n + k) for k explicit changes in the range, plus O(years) after the
    ///   last explicit transition when a footer rule applies.
    public func transitions(fromUTC from: Int, toUTC to: Int) -> [ZoneTransition] {
        guard from < to else { return [] }
        var result: [ZoneTransition] = []
        var index = firstIndex(atOrAfter: from)
        while index < transitionTimes.count, transitionTimes[index] < to {
            let before = index == 0 ? initialPeriod : period(afterTransition: index - 1)
            let after = period(afterTransition: index)
            if before != after {
                result.append(
                    ZoneTransition(
                        utc: transitionTimes[index], offsetBefore: before.offset,
                        offsetAfter: after.offset,
                        abbreviation: after.abbreviation, isDaylightSaving: after.isDaylightSaving))
            }
            index += 1
        }
        if let footer {
            var footerFrom = from
            if let last = transitionTimes.last {
                let (next, overflow) = last.addingReportingOverflow(1)
                footerFrom = overflow ? to : max(from, next)
            }
            if footerFrom < to {
                result += footer.transitions(fromUTC: footerFrom, toUTC: to)
            }
        }
        return result
    }

    /// The period that begins at a transition; at the last one the footer, when present, decides.
    private func period(afterTransition index: Int) -> ZoneOffsetPeriod {
        if index == transitionTimes.count - 1, let footer {
            return footer.period(atUTC: transitionTimes[index])
        }
        return periods[transitionTypes[index]]
    }

    /// The index of the last transition at or before `seconds`.
    ///
    /// Requires `transitionTimes[0] <= seconds`.
    private func lastIndex(atOrBefore seconds: Int) -> Int {
        var low = 0
        var high = transitionTimes.count
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if transitionTimes[middle] <= seconds {
                low = middle
            } else {
                high = middle
            }
        }
        return low
    }

    /// The index of the first transition at or after `seconds`, or the count if there is none.
    private func firstIndex(atOrAfter seconds: Int) -> Int {
        var low = 0
        var high = transitionTimes.count
        while low < high {
            let middle = low + (high - low) / 2
            if transitionTimes[middle] < seconds {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}

/// The parts of TZif data that ``TZifZone`` keeps.
struct TZifContents: Sendable, Hashable {
    var version: Int
    var times: [Int]
    var typeIndices: [Int]
    var periods: [ZoneOffsetPeriod]
    var footer: POSIXTimeZoneRule?
}

/// A bounds-checked reader of TZif bytes.
struct TZifReader {
    /// The counts of one TZif header, in file order.
    struct Header {
        var version: Int
        var utIndicatorCount: Int
        var standardIndicatorCount: Int
        var leapCount: Int
        var transitionCount: Int
        var typeCount: Int
        var characterCount: Int

        /// The byte length of the data block that follows, with 4- or 8-byte times.
        func dataBlockLength(timeSize: Int) -> Int {
            transitionCount * (timeSize + 1) + typeCount * 6 + characterCount
                + leapCount * (timeSize + 4) + standardIndicatorCount + utIndicatorCount
        }
    }

    static let headerLength = 44
    static let magic: [UInt8] = Array("TZif".utf8)

    let bytes: [UInt8]
    let source: String
    private(set) var position = 0

    init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    private var remaining: Int { bytes.count - position }

    private func failure(_ reason: String) -> ZoneError {
        .invalidTZif(source: source, reason: reason)
    }

    /// Reads the whole file: header, the block that matters, and the footer.
    mutating func read() throws(ZoneError) -> TZifContents {
        let first = try header()
        guard first.version >= 2 else {
            return try dataBlock(first, timeSize: 4)
        }
        let skipped = first.dataBlockLength(timeSize: 4)
        guard skipped <= remaining else {
            throw failure(
                "truncated: the version 1 block needs \(skipped) bytes but \(remaining) remain")
        }
        position += skipped
        let second = try header()
        guard second.version >= 2 else {
            throw failure(
                "the second header has version 1 but the first has version \(first.version)")
        }
        var contents = try dataBlock(second, timeSize: 8)
        contents.version = first.version
        contents.footer = try footer()
        return contents
    }

    /// Reads a 44-byte header.
    private mutating func header() throws(ZoneError) -> Header {
        guard remaining >= Self.headerLength else {
            throw failure(
                position == 0 && bytes.count < 4
                    ? "too short to be TZif (\(bytes.count) bytes)"
                    : "truncated header at byte \(position)")
        }
        guard Array(bytes[position..<position + 4]) == Self.magic else {
            throw failure("missing the 'TZif' magic at byte \(position)")
        }
        let versionByte = bytes[position + 4]
        let version: Int
        switch versionByte {
        case 0: version = 1
        case UInt8(ascii: "2")...UInt8(ascii: "9"): version = Int(versionByte - UInt8(ascii: "0"))
        default: throw failure("unsupported version byte 0x\(String(versionByte, radix: 16))")
        }
        position += 20
        let counts = (0..<6).map { _ in readUInt32() }
        return Header(
            version: version, utIndicatorCount: counts[0], standardIndicatorCount: counts[1],
            leapCount: counts[2], transitionCount: counts[3], typeCount: counts[4],
            characterCount: counts[5])
    }

    /// Reads and validates one data block.
    private mutating func dataBlock(_ header: Header, timeSize: Int) throws(ZoneError)
        -> TZifContents
    {
        guard header.typeCount > 0 else { throw failure("typecnt is zero") }
        guard header.characterCount > 0 else { throw failure("charcnt is zero") }
        guard header.utIndicatorCount == 0 || header.utIndicatorCount == header.typeCount else {
            throw failure(
                "isutcnt \(header.utIndicatorCount) is neither 0 nor typecnt \(header.typeCount)")
        }
        guard
            header.standardIndicatorCount == 0 || header.standardIndicatorCount == header.typeCount
        else {
            throw failure(
                "isstdcnt \(header.standardIndicatorCount) is neither 0 nor typecnt "
                    + "\(header.typeCount)"
            )
        }
        let length = header.dataBlockLength(timeSize: timeSize)
        guard length <= remaining else {
            throw failure("truncated: the data block needs \(length) bytes but \(remaining) remain")
        }

        var times: [Int] = []
        times.reserveCapacity(header.transitionCount)
        for _ in 0..<header.transitionCount {
            let time = timeSize == 4 ? readInt32() : readInt64()
            if let previous = times.last, time <= previous {
                throw failure("transition times are not strictly ascending at \(time)")
            }
            times.append(time)
        }

        var typeIndices: [Int] = []
        typeIndices.reserveCapacity(header.transitionCount)
        for _ in 0..<header.transitionCount {
            let index = Int(bytes[position])
            position += 1
            guard index < header.typeCount else {
                throw failure("transition type \(index) is not below typecnt \(header.typeCount)")
            }
            typeIndices.append(index)
        }

        var rawTypes: [(offset: Int, isDaylightSaving: Bool, abbreviationIndex: Int)] = []
        rawTypes.reserveCapacity(header.typeCount)
        for _ in 0..<header.typeCount {
            let offset = readInt32()
            let dst = bytes[position]
            let abbreviationIndex = Int(bytes[position + 1])
            position += 2
            guard (-89_999...93_599).contains(offset) else {
                throw failure("UT offset \(offset) is out of range")
            }
            guard dst <= 1 else { throw failure("isdst value \(dst) is neither 0 nor 1") }
            guard abbreviationIndex < header.characterCount else {
                throw failure(
                    "abbreviation index \(abbreviationIndex) is not below charcnt "
                        + "\(header.characterCount)"
                )
            }
            rawTypes.append((offset, dst == 1, abbreviationIndex))
        }

        let characters = bytes[position..<position + header.characterCount]
        position += header.characterCount
        var periods: [ZoneOffsetPeriod] = []
        periods.reserveCapacity(header.typeCount)
        for type in rawTypes {
            let start = characters.startIndex + type.abbreviationIndex
            guard let end = characters[start...].firstIndex(of: 0) else {
                throw failure(
                    "abbreviation at index \(type.abbreviationIndex) is not NUL-terminated")
            }
            periods.append(
                ZoneOffsetPeriod(
                    offset: type.offset,
                    abbreviation: String(decoding: characters[start..<end], as: UTF8.self),
                    isDaylightSaving: type.isDaylightSaving))
        }

        position +=
            header.leapCount * (timeSize + 4) + header.standardIndicatorCount
            + header.utIndicatorCount
        return TZifContents(
            version: header.version, times: times, typeIndices: typeIndices, periods: periods,
            footer: nil)
    }

    /// Reads the footer `\n<TZ string>\n`; an empty TZ string gives `nil`.
    private mutating func footer() throws(ZoneError) -> POSIXTimeZoneRule? {
        let newline = UInt8(ascii: "\n")
        guard remaining > 0 else { throw failure("truncated: the footer is missing") }
        guard bytes[position] == newline else {
            throw failure("the footer does not start with a newline")
        }
        let start = position + 1
        guard let end = bytes[start...].firstIndex(of: newline) else {
            throw failure("truncated: the footer does not end with a newline")
        }
        position = end + 1
        guard start < end else { return nil }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        do {
            return try POSIXTimeZoneRule(parsing: text)
        } catch {
            throw failure("bad footer: \(error)")
        }
    }

    /// Reads a big-endian unsigned 32-bit count; the caller has checked the length.
    private mutating func readUInt32() -> Int {
        var value = 0
        for byte in bytes[position..<position + 4] {
            value = value << 8 | Int(byte)
        }
        position += 4
        return value
    }

    /// Reads a big-endian two's-complement 32-bit value; the caller has checked the length.
    private mutating func readInt32() -> Int {
        Int(Int32(truncatingIfNeeded: readUInt32()))
    }

    /// Reads a big-endian two's-complement 64-bit value; the caller has checked the length.
    private mutating func readInt64() -> Int {
        var value: UInt64 = 0
        for byte in bytes[position..<position + 8] {
            value = value << 8 | UInt64(byte)
        }
        position += 8
        return Int(Int64(bitPattern: value))
    }
}
