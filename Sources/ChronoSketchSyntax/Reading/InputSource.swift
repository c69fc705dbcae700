import Foundation

/// Where a calendar is read from.
public enum InputSource: Sendable, Hashable {
    /// A file path as the user wrote it.
    case file(String)
    /// Standard input (`-` on the command line, or no file at all).
    case standardInput
    /// Standard input of which `bytes` were read already, to tell its format (the command
    /// line looks ahead once a run); they are given out first, and when the look ahead met
    /// its end (`ended`) standard input is not read again.
    case standardInputReadAhead(bytes: [UInt8], ended: Bool)
    /// Bytes already in memory, under a name used in messages.
    case memory(name: String, bytes: [UInt8])
    /// A tree already read or built (jCal, records, a merge), under a name used in messages:
    /// the loader takes its components as they are, with no text in between.
    case document(name: String, ICalDocument)
    /// A calendar made as it is read (records built into events one at a time), under a name
    /// used in messages: the loader takes its components as they are made.
    case generated(name: String, GeneratedCalendar)

    /// The name diagnostics use: the path as given, `<stdin>`, or the memory name.
    public var name: String {
        switch self {
        case .file(let path): path
        case .standardInput, .standardInputReadAhead: "<stdin>"
        case .memory(let name, _), .document(let name, _), .generated(let name, _): name
        }
    }
}

extension InputSource {
    /// Whether reading it again gives the same content: a regular file or what is in
    /// memory, not standard input, a pipe or a device.
    package var canBeReadTwice: Bool {
        switch self {
        case .memory, .document, .generated: return true
        case .standardInput, .standardInputReadAhead: return false
        case .file(let path):
            // stat(2) follows symbolic links, as opening the path does: a link to a regular
            // file is a regular file.
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }

    /// Whether it is a tree in memory or made as it is read, with no text of its own.
    package var isDocument: Bool {
        switch self {
        case .document, .generated: true
        case .file, .standardInput, .standardInputReadAhead, .memory: false
        }
    }

    /// The whole input, for formats that are read in one piece (JSON, CSV).
    /// - Throws: ``InputError`` when it cannot be read or is empty.
    package func readAll() throws(InputError) -> [UInt8] {
        var reader = try ChunkReader(self)
        var bytes: [UInt8] = []
        while let chunk = try reader.next() { bytes += chunk }
        guard !bytes.isEmpty else {
            throw InputError(file: name, message: "Empty file: no calendar data")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }
}

/// Reads an input in chunks, so a large file is never held whole.
package struct ChunkReader {
    private let name: String
    private let chunkSize: Int
    /// The descriptor read from; nil once the input has ended.
    private var descriptor: Int32?
    /// Whether ``descriptor`` is this reader's own, to close at the end.
    private var ownsDescriptor = false
    private var memory: [UInt8]?
    private var memoryOffset = 0
    /// Bytes of standard input read ahead to tell its format, given out first.
    private var pending: [UInt8]?
    /// Told every chunk read.
    private let progress: ReadProgress?

    /// Opens the input.
    /// - Throws: ``InputError`` for a missing file, a directory or an unreadable file.
    /// - Parameter chunkSize: bytes per read (small sizes exercise chunk boundaries in tests).
    /// - Parameter progress: told the size of every chunk read.
    package init(_ source: InputSource, chunkSize: Int = 1 << 20, progress: ReadProgress? = nil)
        throws(InputError)
    {
        name = source.name
        self.chunkSize = chunkSize
        self.progress = progress
        switch source {
        case .memory(_, let bytes):
            memory = bytes
        case .document(_, let document):
            // Only what needs the text asks for it; the loader reads the tree itself.
            memory = ICalWriter.write(document)
        case .generated(_, let calendar):
            memory = calendar.text
        case .standardInput:
            descriptor = STDIN_FILENO
        case .standardInputReadAhead(let ahead, let ended):
            if !ahead.isEmpty { pending = ahead }
            // Once the look ahead met the end, standard input is not read again: on a
            // terminal that would wait for a second Ctrl-D.
            descriptor = ended ? nil : STDIN_FILENO
        case .file(let path):
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else {
                throw InputError(file: path, message: Self.openFailure(errno))
            }
            var status = stat()
            if fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                Glibc.close(opened)
                throw InputError(file: path, message: "Is a directory, not a calendar file")
            }
            descriptor = opened
            ownsDescriptor = true
        }
    }

    /// Why a file could not be opened, in words.
    private static func openFailure(_ code: Int32) -> String {
        switch code {
        case ENOENT: "No such file"
        case ELOOP: "It is a loop of symbolic links"
        case EACCES, EPERM: "Permission denied: cannot read the file"
        case ENOTDIR: "No such file (a folder on its path is a file)"
        default: "Cannot open the file: \(SystemError.describe(errno: code))"
        }
    }

    /// The next chunk, or nil at the end of the input.
    /// - Throws: ``InputError`` when reading fails.
    mutating func next() throws(InputError) -> [UInt8]? {
        if let bytes = memory {
            guard memoryOffset < bytes.count else {
                memory = nil
                return nil
            }
            let end = min(bytes.count, memoryOffset + chunkSize)
            defer { memoryOffset = end }
            progress?.read(end - memoryOffset)
            return Array(bytes[memoryOffset..<end])
        }
        if let ahead = pending {
            pending = nil
            progress?.read(ahead.count)
            return ahead
        }
        guard let descriptor else { return nil }
        while true {
            // What is there: a terminal's line, a pipe's buffer, a file's next chunk. A read
            // that returns nothing is the end (one Ctrl-D on a terminal).
            let (buffer, failure) = DescriptorRead.chunk(descriptor, count: chunkSize)
            if !buffer.isEmpty {
                progress?.read(buffer.count)
                return buffer
            }
            guard let code = failure else {
                close()
                return nil
            }
            if code == EINTR { continue }
            close()
            throw InputError(file: name, message: Self.readFailure(code, descriptor: descriptor))
        }
    }

    /// Why reading failed, in words.
    private static func readFailure(_ code: Int32, descriptor: Int32) -> String {
        if code == EBADF, descriptor == STDIN_FILENO { return "Standard input is closed" }
        if code == EISDIR { return "Is a directory, not a calendar file" }
        return "Cannot read: \(SystemError.describe(errno: code))"
    }

    private mutating func close() {
        if let descriptor, ownsDescriptor { Glibc.close(descriptor) }
        descriptor = nil
    }
}
