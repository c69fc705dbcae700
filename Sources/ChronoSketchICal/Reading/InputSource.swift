import Foundation

/// Where a calendar is read from.
public enum InputSource: Sendable, Hashable {
    /// A file path as the user wrote it.
    case file(String)
    /// Standard input (`-` on the command line, or no file at all).
    case standardInput
    /// Bytes already in memory, under a name used in messages.
    case memory(name: String, bytes: [UInt8])
    /// A tree already read or built (jCal, records, a merge), under a name used in messages:
    /// the loader takes its components as they are, with no text in between.
    case document(name: String, ICalDocument)

    /// The name diagnostics use: the path as given, `<stdin>`, or the memory name.
    public var name: String {
        switch self {
        case .file(let path): path
        case .standardInput: "<stdin>"
        case .memory(let name, _), .document(let name, _): name
        }
    }
}

extension InputSource {
    /// Whether reading it again gives the same content: a regular file or what is in
    /// memory, not standard input, a pipe or a device.
    var canBeReadTwice: Bool {
        switch self {
        case .memory, .document: return true
        case .standardInput: return false
        case .file(let path):
            let type = try? FileManager.default.attributesOfItem(atPath: path)[.type]
            return (type as? FileAttributeType) == .typeRegular
        }
    }

    var isDocument: Bool {
        if case .document = self { return true }
        return false
    }

    /// The whole input, for formats that are read in one piece (JSON, CSV).
    /// - Throws: ``InputError`` when it cannot be read or is empty.
    func readAll() throws(InputError) -> [UInt8] {
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
struct ChunkReader {
    private let name: String
    private let chunkSize: Int
    private var handle: FileHandle?
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
    init(_ source: InputSource, chunkSize: Int = 1 << 20, progress: ReadProgress? = nil)
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
        case .standardInput:
            handle = FileHandle.standardInput
            let ahead = StandardInputAhead.shared.take()
            if !ahead.isEmpty { pending = ahead }
        case .file(let path):
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(file: path, message: "No such file")
            }
            guard !isDirectory.boolValue else {
                throw InputError(file: path, message: "Is a directory, not a calendar file")
            }
            guard FileManager.default.isReadableFile(atPath: path),
                let opened = FileHandle(forReadingAtPath: path)
            else {
                throw InputError(file: path, message: "Permission denied: cannot read the file")
            }
            handle = opened
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
        guard let handle else { return nil }
        do {
            guard let data = try handle.read(upToCount: chunkSize), !data.isEmpty
            else {
                close()
                return nil
            }
            progress?.read(data.count)
            return [UInt8](data)
        } catch {
            close()
            throw InputError(file: name, message: "Read failed: \(error.localizedDescription)")
        }
    }

    private mutating func close() {
        if let handle, handle !== FileHandle.standardInput {
            try? handle.close()
        }
        handle = nil
    }
}

/// The first bytes of standard input, read before its reader opens it so that its format can
/// be told (``Converter/sniff(_:)``); the reader then gives them out first.
final class StandardInputAhead: @unchecked Sendable {
    static let shared = StandardInputAhead()
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var ended = false

    /// At least `count` bytes that are not blanks (or all there is), without consuming them.
    func peek(significant count: Int) -> [UInt8] {
        lock.withLock {
            while !ended,
                bytes.lazy.filter({ $0 > 0x20 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }).count
                    < count
            {
                guard let data = try? FileHandle.standardInput.read(upToCount: 1 << 16),
                    !data.isEmpty
                else {
                    ended = true
                    break
                }
                bytes += data
            }
            return bytes
        }
    }

    /// What was read ahead, once.
    func take() -> [UInt8] {
        lock.withLock {
            defer { bytes = [] }
            return bytes
        }
    }
}
