import Foundation

/// Writes a file so that it either appears whole or not at all: the bytes go to a temporary
/// file beside the target, which is then renamed over it. A failed run leaves an existing
/// target untouched and no temporary file behind.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "Cannot write '\(path)': \(reason)" }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let file = try Writer(path)
        do {
            try file.append(bytes)
        } catch {
            file.abandon()
            throw error
        }
        try file.commit()
    }

    /// A file being written: chunks go to the temporary file; ``commit()`` renames it over
    /// the target, ``abandon()`` removes it and leaves the target as it was.
    final class Writer {
        let path: String
        private let temporary: String
        private let handle: FileHandle

        init(_ path: String) throws(Failure) {
            let url = URL(fileURLWithPath: path)
            self.path = path
            temporary =
                url.deletingLastPathComponent().appendingPathComponent(
                    ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
                ).path
            guard FileManager.default.createFile(atPath: temporary, contents: nil),
                let handle = FileHandle(forWritingAtPath: temporary)
            else {
                throw Failure(path: path, reason: "its folder is missing or not writable")
            }
            self.handle = handle
        }

        func append(_ bytes: [UInt8]) throws(Failure) {
            do {
                try handle.write(contentsOf: bytes)
            } catch {
                throw Failure(path: path, reason: error.localizedDescription)
            }
        }

        func commit() throws(Failure) {
            do {
                try handle.synchronize()
                try handle.close()
            } catch {
                abandon()
                throw Failure(path: path, reason: error.localizedDescription)
            }
            if rename(temporary, path) != 0 {
                let reason = NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
                    .localizedDescription
                try? FileManager.default.removeItem(atPath: temporary)
                throw Failure(path: path, reason: reason)
            }
        }

        func abandon() {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
        }
    }

    /// Whether two paths name the same existing file (same device and inode).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
