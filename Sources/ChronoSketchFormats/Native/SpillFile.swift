import ChronoSketchSyntax
import Glibc

/// A scratch file for records that do not fit in memory, which no name leads to: it is opened
/// with `O_TMPFILE` (or created with `mkstemp` and unlinked at once where the file system lacks
/// it), mode 0600, so the system frees it when the process ends, however it ends — Ctrl-C, a
/// crash or `kill -9` leave nothing behind.
///
/// One ``OccurrenceRecords`` owns it and uses it from one thread at a time.
final class SpillFile: @unchecked Sendable {
    typealias Failure = SpillFailure

    private let descriptor: Int32
    /// The bytes appended so far.
    private(set) var size = 0

    /// Opens a new scratch file in `directory`, by default `$TMPDIR`, else `/tmp`.
    init(directory: String? = nil) throws(Failure) {
        let directory = directory ?? Self.temporaryDirectory
        #if arch(x86_64) || arch(arm64)
            // O_TMPFILE is __O_TMPFILE | O_DIRECTORY, a macro Swift does not import.
            let temporary: Int32 = 0o20000000 | O_DIRECTORY
            let anonymous = open(directory, O_RDWR | temporary | O_CLOEXEC, 0o600)
            if anonymous >= 0 {
                descriptor = anonymous
                return
            }
        #endif
        var template = Array((directory + "/ics-spill-XXXXXX").utf8CString)
        let named = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard named >= 0 else {
            throw Failure(
                description:
                    "cannot make a temporary file in \(directory): \(SystemError.describe(errno: errno))"
            )
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(named, F_SETFD, FD_CLOEXEC)
        descriptor = named
    }

    deinit { close(descriptor) }

    /// `$TMPDIR` when it is set and not empty, else `/tmp`.
    static var temporaryDirectory: String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        return String(cString: value)
    }

    /// Writes `bytes` at the end.
    func append(_ bytes: [UInt8]) throws(Failure) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBufferPointer {
                pwrite(
                    descriptor, $0.baseAddress! + written, $0.count - written, off_t(size + written)
                )
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw Failure(
                    description:
                        "cannot write a temporary file: \(SystemError.describe(errno: errno))")
            }
            written += result
        }
        size += written
    }

    /// The `count` bytes at `offset` (fewer only past the end).
    func read(at offset: Int, count: Int) throws(Failure) -> [UInt8] {
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            while initialized < count {
                let result = pread(
                    descriptor, buffer.baseAddress! + initialized, count - initialized,
                    off_t(offset + initialized))
                if result < 0, errno == EINTR { continue }
                if result < 0 { failure = errno }
                if result <= 0 { break }
                initialized += result
            }
        }
        if let failure {
            throw Failure(
                description: "cannot read a temporary file: \(SystemError.describe(errno: failure))"
            )
        }
        return bytes
    }
}
