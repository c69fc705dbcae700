import ChronoSketchCore

/// One unfolded content line (RFC 5545 §3.1) and the physical lines it came from.
package struct ContentLine: Sendable {
    /// The line's bytes without line endings or folding; may hold invalid UTF-8 or NUL bytes,
    /// which ``problem`` then reports.
    package var bytes: [UInt8]
    /// The physical line it starts on, 1-based.
    var line: Int
    /// Set when the line cannot be used as text.
    package var problem: Problem?
    /// Set when the line was not UTF-8 and was read as Windows-1252 (``bytes`` then hold its
    /// UTF-8 form).
    var decodedAsWindows1252 = false

    package enum Problem: Sendable, Hashable {
        case nulByte
        /// Longer than `limit` bytes. A physical line that long `endsInput`: it is cut at the
        /// limit and nothing after it is read (an input without line breaks would otherwise
        /// be read to its end, however long). A line folded past the limit is cut and its
        /// further continuations dropped; the lines after them are read.
        case tooLong(limit: Int, endsInput: Bool)
    }
}

/// Splits a byte stream into unfolded content lines, counting physical lines.
///
/// Accepts CRLF, LF and lone CR line endings in any mix, skips a UTF-8 byte order mark and
/// decodes UTF-16 with a byte order mark. A physical line starting with a space or a tab
/// continues the previous one (RFC 5545 §3.1); blank lines (empty, or spaces and tabs only)
/// are skipped before unfolding, so a fold continues across them, and counted
/// (``blankLines``). Unfolding happens before
/// UTF-8 is checked, so a sequence split by a careless folder is whole again; a line that is
/// still not UTF-8 is read as Windows-1252 (a superset of Latin-1, what such files are
/// written in).
package struct ContentLineReader {
    private var chunks: ChunkReader
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var startedFile = false
    private var physicalLine = 0
    private var pending: ContentLine?
    /// A line cut at the limit, handed on by the next call.
    private var overlong: ContentLine?
    /// Whether lines folded onto a cut line are being dropped.
    private var droppingContinuations = false
    /// Whether a physical line longer than the limit has ended the input.
    private var stopped = false
    private let maximumLineLength: Int
    /// Set when the input is UTF-16.
    private var utf16: UTF16Decoder?

    /// How the input's text is encoded, once its first bytes have been read.
    enum Encoding: Sendable, Equatable {
        case utf8
        case utf16(UTF16Decoder.ByteOrder, byteOrderMark: Bool)
    }

    /// How the input's text is encoded (UTF-8 until the first bytes say otherwise).
    private(set) var encoding = Encoding.utf8

    /// Bytes read so far.
    private(set) var byteCount = 0

    /// How many blank lines were skipped so far, and the physical line of the first.
    private(set) var blankLines: (count: Int, first: Int) = (0, 0)

    /// How the physical lines read so far end and run, counted when ``measuresShape``.
    private(set) var shape = LineShape()
    var measuresShape = false

    /// Whether each line's text is checked (``checked(_:checksText:)``); a pass that only looks at
    /// names and compares values as written (``SeriesPlan``) checks for NUL bytes alone.
    private let checksText: Bool

    package init(chunks: ChunkReader, maximumLineLength: Int, checksText: Bool = true) {
        self.chunks = chunks
        self.maximumLineLength = maximumLineLength
        self.checksText = checksText
    }

    /// The next content line, or nil at the end of the input.
    ///
    /// A physical line longer than the limit is cut where the limit falls and handed on at
    /// once, reported as too long, and ends the input: nothing after it is read, so an input
    /// without line breaks costs no more than the limit in time and memory. A line folded past
    /// the limit is cut too; the lines folded onto it after that are dropped unheld.
    /// - Throws: ``InputError`` when the input cannot be read.
    package mutating func next() throws(InputError) -> ContentLine? {
        if let line = overlong.take() { return Self.checked(line, checksText: checksText) }
        while true {
            guard let (lineStart, end, cut) = try nextPhysicalLine() else {
                return pending.take().map { Self.checked($0, checksText: checksText) }
            }
            if measuresShape {
                // The line ends at `end`: in LF alone when that is the byte there.
                shape.take(
                    line: physicalLine, length: end - lineStart,
                    bareLineFeed: !cut && end < buffer.count && buffer[end] == 0x0A)
            }
            var blank = lineStart
            while blank < end, buffer[blank] == 0x20 || buffer[blank] == 0x09 { blank += 1 }
            if blank == end, !cut {
                if blankLines.count == 0 { blankLines.first = physicalLine }
                blankLines.count += 1
                continue
            }
            let first = buffer[lineStart]
            if first == 0x20 || first == 0x09 {
                if droppingContinuations { continue }
                if pending != nil {
                    appendContinuation(lineStart + 1, end, cut: cut)
                    if let line = overlong.take() {
                        return Self.checked(line, checksText: checksText)
                    }
                    continue
                }
            }
            droppingContinuations = false
            // Indentation with nothing to continue (a calendar pasted with its indentation)
            // is dropped.
            let start = blank
            var line = ContentLine(bytes: [], line: physicalLine, problem: nil)
            line.bytes.reserveCapacity(end - start)
            line.bytes.append(contentsOf: buffer[start..<min(end, start + maximumLineLength)])
            if cut || end - start > maximumLineLength {
                line.problem = .tooLong(limit: maximumLineLength, endsInput: cut)
                droppingContinuations = true
                guard let previous = pending.take() else {
                    return Self.checked(line, checksText: checksText)
                }
                overlong = line
                return Self.checked(previous, checksText: checksText)
            }
            if let previous = pending {
                pending = line
                return Self.checked(previous, checksText: checksText)
            }
            pending = line
        }
    }

    /// Adds a continuation to the pending line; past the limit, the line is cut, handed on
    /// next, and what folds onto it is dropped.
    @inline(__always)
    private mutating func appendContinuation(_ start: Int, _ end: Int, cut: Bool) {
        guard var line = pending, start < end || cut else { return }
        pending = nil
        let room = maximumLineLength - line.bytes.count
        if cut || end - start > room {
            line.problem = .tooLong(limit: maximumLineLength, endsInput: cut)
            if room > 0 { line.bytes.append(contentsOf: buffer[start..<min(end, start + room)]) }
            droppingContinuations = true
            overlong = line
            return
        }
        line.bytes.append(contentsOf: buffer[start..<end])
        pending = line
    }

    /// Reports NUL bytes and reads a line that is not UTF-8 as Windows-1252 (when
    /// ``checksText``); a line already too long keeps that problem.
    private static func checked(_ line: ContentLine, checksText: Bool) -> ContentLine {
        guard line.problem == nil else { return line }
        var line = line
        guard checksText else {
            if ByteScan.firstIndex(of: 0, in: line.bytes, 0..<line.bytes.count) != nil {
                line.problem = .nulByte
            }
            return line
        }
        switch UTF8Scan.problem(line.bytes) {
        case .nulByte: line.problem = .nulByte
        case .invalidUTF8:
            line.bytes = Windows1252.utf8(line.bytes)
            line.decodedAsWindows1252 = true
            if line.bytes.contains(0) { line.problem = .nulByte }
        case .none: break
        }
        return line
    }

    /// The first line feed and carriage return in `buffer` at or after where the scan last
    /// looked (`buffer.count` for none), or -1 when not looked for since the buffer changed:
    /// each is searched for once per occurrence, not once per line.
    private var nextLineFeed = -1
    private var nextReturn = -1

    /// The index of the first line ending byte (LF or CR) at or after `scan`, or
    /// `buffer.count` when there is none in the buffer.
    private mutating func lineEnd(from scan: Int) -> Int {
        if nextLineFeed < scan {
            nextLineFeed =
                ByteScan.firstIndex(of: 0x0A, in: buffer, scan..<buffer.count) ?? buffer.count
        }
        if nextReturn < scan {
            nextReturn =
                ByteScan.firstIndex(of: 0x0D, in: buffer, scan..<buffer.count) ?? buffer.count
        }
        return min(nextLineFeed, nextReturn)
    }

    /// The bounds of the next physical line in `buffer`, without its line ending, and whether
    /// it was cut at the limit (the input then ends there: nothing after it is read).
    private mutating func nextPhysicalLine() throws(InputError) -> (Int, Int, cut: Bool)? {
        guard !stopped else {
            buffer = []
            position = 0
            return nil
        }
        var scan = position
        while true {
            scan = lineEnd(from: scan)
            if scan - position > maximumLineLength {
                let start = position
                position += maximumLineLength
                physicalLine += 1
                stopped = true
                return (start, position, true)
            }
            if scan < buffer.count {
                let start = position
                var next = scan + 1
                if buffer[scan] == 0x0D {
                    if next == buffer.count, !atEnd {
                        let offset = scan - position
                        try refill()
                        scan = position + offset
                        continue
                    }
                    if next < buffer.count, buffer[next] == 0x0A { next += 1 }
                }
                position = next
                physicalLine += 1
                return (start, scan, false)
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                let start = position
                position = buffer.count
                physicalLine += 1
                return (start, buffer.count, false)
            }
            let offset = scan - position
            try refill()
            scan = position + offset
        }
    }

    /// Drops consumed bytes and appends the next chunk (as UTF-8 when the input is UTF-16).
    /// The first call reads at least four bytes, enough to tell a byte order mark.
    private mutating func refill() throws(InputError) {
        var chunk: [UInt8] = []
        var ended = false
        // A UTF-16 chunk may decode to nothing (half a unit, half a surrogate pair).
        while chunk.isEmpty, !ended {
            var read: [UInt8] = []
            repeat {
                guard let next = try chunks.next() else {
                    ended = true
                    break
                }
                byteCount += next.count
                read += next
            } while !startedFile && read.count < 4
            if !startedFile {
                startedFile = true
                if read.starts(with: [0xEF, 0xBB, 0xBF]) {
                    read.removeFirst(3)
                } else if let order = UTF16Decoder.ByteOrder(bom: read) {
                    utf16 = UTF16Decoder(order)
                    encoding = .utf16(order, byteOrderMark: true)
                    read.removeFirst(2)
                } else if let order = UTF16Decoder.ByteOrder(nulPattern: read) {
                    utf16 = UTF16Decoder(order)
                    encoding = .utf16(order, byteOrderMark: false)
                }
            }
            if var decoder = utf16 {
                chunk = decoder.decode(read) + (ended ? decoder.finish() : [])
                utf16 = decoder
            } else {
                chunk = read
            }
        }
        guard !chunk.isEmpty else {
            atEnd = true
            return
        }
        nextLineFeed = -1
        nextReturn = -1
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        if buffer.isEmpty {
            buffer = chunk
        } else {
            buffer.append(contentsOf: chunk)
        }
    }
}

/// Decodes UTF-16 to UTF-8 chunk by chunk, carrying a byte or a surrogate that a chunk cuts.
struct UTF16Decoder {
    enum ByteOrder {
        case littleEndian, bigEndian

        /// The order a UTF-16 byte order mark at the start of `bytes` names.
        init?(bom bytes: [UInt8]) {
            guard bytes.count >= 2 else { return nil }
            switch (bytes[0], bytes[1]) {
            case (0xFF, 0xFE): self = .littleEndian
            case (0xFE, 0xFF): self = .bigEndian
            default: return nil
            }
        }

        /// The order ASCII text written in UTF-16 without a byte order mark shows: a NUL
        /// after (little-endian) or before (big-endian) each of its first two characters.
        init?(nulPattern bytes: [UInt8]) {
            guard bytes.count >= 4 else { return nil }
            if bytes[0] != 0, bytes[1] == 0, bytes[2] != 0, bytes[3] == 0 {
                self = .littleEndian
            } else if bytes[0] == 0, bytes[1] != 0, bytes[2] == 0, bytes[3] != 0 {
                self = .bigEndian
            } else {
                return nil
            }
        }

        var name: String { self == .littleEndian ? "little-endian" : "big-endian" }
    }

    private let order: ByteOrder
    private var carry: [UInt8] = []
    private var highSurrogate: UInt16?

    init(_ order: ByteOrder) { self.order = order }

    mutating func decode(_ chunk: [UInt8]) -> [UInt8] {
        let bytes = carry + chunk
        let usable = bytes.count & ~1
        carry = Array(bytes[usable...])
        var output: [UInt8] = []
        output.reserveCapacity(usable)
        var index = 0
        while index < usable {
            let unit =
                order == .littleEndian
                ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            index += 2
            append(unit, to: &output)
        }
        return output
    }

    /// What is left at the end of the input: a lone surrogate or byte becomes U+FFFD.
    mutating func finish() -> [UInt8] {
        var output: [UInt8] = []
        if highSurrogate != nil || !carry.isEmpty { output += [0xEF, 0xBF, 0xBD] }
        highSurrogate = nil
        carry = []
        return output
    }

    private mutating func append(_ unit: UInt16, to output: inout [UInt8]) {
        var scalar: Unicode.Scalar?
        if let high = highSurrogate {
            highSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                scalar = Unicode.Scalar(
                    0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00))
            } else {
                output += [0xEF, 0xBF, 0xBD]
            }
        }
        if scalar == nil {
            if (0xD800...0xDBFF).contains(unit) {
                highSurrogate = unit
                return
            }
            scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
        }
        if let scalar { UTF8.encode(scalar) { output.append($0) } }
    }
}
