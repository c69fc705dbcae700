/// One unfolded content line (RFC 5545 §3.1) and the physical lines it came from.
struct ContentLine: Sendable {
    /// The line's bytes without line endings or folding; may hold invalid UTF-8 or NUL bytes,
    /// which ``problem`` then reports.
    var bytes: [UInt8]
    /// The physical line it starts on, 1-based.
    var line: Int
    /// Set when the line cannot be used as text.
    var problem: Problem?

    enum Problem: Sendable, Hashable {
        case nulByte
        case invalidUTF8
        case tooLong(limit: Int)
    }
}

/// Splits a byte stream into unfolded content lines, counting physical lines.
///
/// Accepts CRLF, LF and lone CR line endings in any mix and skips a UTF-8 byte order mark.
/// A physical line starting with a space or a tab continues the previous one (RFC 5545 §3.1);
/// unfolding happens before UTF-8 is checked, so a sequence split by a careless folder is
/// whole again. Blank lines are skipped.
struct ContentLineReader {
    private var chunks: ChunkReader
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var startedFile = false
    private var physicalLine = 0
    private var pending: ContentLine?
    private let maximumLineLength: Int

    /// Bytes read so far.
    private(set) var byteCount = 0

    init(chunks: ChunkReader, maximumLineLength: Int) {
        self.chunks = chunks
        self.maximumLineLength = maximumLineLength
    }

    /// The next content line, or nil at the end of the input.
    /// - Throws: ``InputError`` when the input cannot be read.
    mutating func next() throws(InputError) -> ContentLine? {
        while true {
            guard let (lineStart, end) = try nextPhysicalLine() else {
                return pending.take().map(Self.checked)
            }
            let first = lineStart < end ? buffer[lineStart] : 0
            if lineStart == end {
                if let line = pending.take() { return Self.checked(line) }
                continue
            }
            if first == 0x20 || first == 0x09, pending != nil {
                appendContinuation(lineStart + 1, end)
                continue
            }
            // Indentation with nothing to continue (a calendar pasted with its indentation)
            // is dropped.
            var start = lineStart
            while start < end, buffer[start] == 0x20 || buffer[start] == 0x09 { start += 1 }
            var line = ContentLine(bytes: [], line: physicalLine, problem: nil)
            line.bytes.reserveCapacity(end - start)
            line.bytes.append(contentsOf: buffer[start..<min(end, start + maximumLineLength)])
            if end - start > maximumLineLength { line.problem = .tooLong(limit: maximumLineLength) }
            if let previous = pending {
                pending = line
                return Self.checked(previous)
            }
            pending = line
        }
    }

    private mutating func appendContinuation(_ start: Int, _ end: Int) {
        guard var line = pending, start < end else { return }
        pending = nil
        let room = maximumLineLength - line.bytes.count
        if end - start > room {
            line.problem = .tooLong(limit: maximumLineLength)
            if room > 0 { line.bytes.append(contentsOf: buffer[start..<(start + room)]) }
        } else {
            line.bytes.append(contentsOf: buffer[start..<end])
        }
        pending = line
    }

    /// Reports NUL bytes and invalid UTF-8; a line already too long keeps that problem.
    private static func checked(_ line: ContentLine) -> ContentLine {
        guard line.problem == nil else { return line }
        var line = line
        line.problem = UTF8Check.problem(line.bytes)
        return line
    }

    /// The bounds of the next physical line in `buffer`, without its line ending.
    private mutating func nextPhysicalLine() throws(InputError) -> (Int, Int)? {
        var scan = position
        while true {
            while scan < buffer.count {
                let byte = buffer[scan]
                if byte == 0x0A || byte == 0x0D { break }
                scan += 1
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
                return (start, scan)
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                let start = position
                position = buffer.count
                physicalLine += 1
                return (start, buffer.count)
            }
            let offset = scan - position
            try refill()
            scan = position + offset
        }
    }

    /// Drops consumed bytes and appends the next chunk.
    private mutating func refill() throws(InputError) {
        guard let chunk = try chunks.next() else {
            atEnd = true
            return
        }
        byteCount += chunk.count
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        if buffer.isEmpty {
            buffer = chunk
        } else {
            buffer.append(contentsOf: chunk)
        }
        if !startedFile {
            startedFile = true
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }
    }
}

/// UTF-8 validation that also rejects NUL, which C strings cannot carry.
enum UTF8Check {
    /// The first problem in `bytes`, or nil when they are NUL-free UTF-8.
    static func problem(_ bytes: [UInt8]) -> ContentLine.Problem? {
        let count = bytes.count
        var index = 0
        while index < count {
            // Sixteen bytes of ASCII without NUL at once, as most of any calendar is; a block
            // with anything else is decoded byte by byte.
            if index + 16 <= count {
                var any: UInt8 = 0
                var least: UInt8 = 0xFF
                for offset in index..<(index + 16) {
                    any |= bytes[offset]
                    least = min(least, bytes[offset])
                }
                if any < 0x80, least > 0 {
                    index += 16
                    continue
                }
            }
            let blockEnd = min(count, index + 16)
            while index < blockEnd {
                let byte = bytes[index]
                if byte < 0x80 {
                    if byte == 0 { return .nulByte }
                    index += 1
                    continue
                }
                let length: Int
                let minimum: UInt32
                var scalar: UInt32
                switch byte {
                case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(byte & 0x1F)
                case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(byte & 0x0F)
                case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(byte & 0x07)
                default: return .invalidUTF8
                }
                guard index + length <= count else { return .invalidUTF8 }
                for offset in 1..<length {
                    let continuation = bytes[index + offset]
                    guard continuation & 0xC0 == 0x80 else { return .invalidUTF8 }
                    scalar = scalar << 6 | UInt32(continuation & 0x3F)
                }
                if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                    return .invalidUTF8
                }
                index += length
            }
        }
        return nil
    }
}
