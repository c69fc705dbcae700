import ChronoSketchICal
import Foundation

/// Writes a file so that it either appears whole or not at all: the bytes go to a temporary
/// file beside the target, which is then renamed over it. A failed run leaves an existing
/// target untouched and no temporary file behind. Devices, FIFOs and sockets are written
/// directly (``Writer``).
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

    /// A file being written. A regular file (or a path where nothing is yet) is written to a
    /// temporary file in its own folder, which ``commit()`` renames over it, keeping an
    /// existing file's mode (and owner, when running as root), and ``abandon()`` removes,
    /// leaving the target as it was. A symlink is followed and its target written so. What is
    /// not a regular file (a character device such as `/dev/null`, a FIFO, a socket,
    /// `/dev/stdout`) is opened and written directly, never renamed over.
    final class Writer {
        let path: String
        private let temporary: String?
        /// Where ``Interruption`` finds the temporary file.
        private let slot: Int?
        private let handle: FileHandle
        /// The existing file's mode and owner, given to the temporary file before it replaces it.
        private let attributes: [FileAttributeKey: Any]

        init(_ path: String) throws(Failure) {
            self.path = path
            // `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`: the descriptor this process already
            // has, written as it is open (appending when the shell opened it with `>>`).
            if let descriptor = Self.ownDescriptor(path) {
                let copy = dup(descriptor)
                guard copy >= 0 else {
                    throw Failure(path: path, reason: "its descriptor \(descriptor) is not open")
                }
                handle = FileHandle(fileDescriptor: copy, closeOnDealloc: true)
                temporary = nil
                slot = nil
                attributes = [:]
                return
            }
            let target = Self.resolvingLinks(path)
            var status = stat()
            let exists = stat(target, &status) == 0
            if exists, status.st_mode & S_IFMT != S_IFREG {
                guard status.st_mode & S_IFMT != S_IFDIR else {
                    throw Failure(path: path, reason: "it is a directory")
                }
                guard let handle = FileHandle(forWritingAtPath: target) else {
                    throw Failure(path: path, reason: "it cannot be opened for writing")
                }
                self.handle = handle
                temporary = nil
                slot = nil
                attributes = [:]
                return
            }
            let url = URL(fileURLWithPath: target)
            let temporary =
                url.deletingLastPathComponent().appendingPathComponent(
                    ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
                ).path
            // Registered before it exists, so that a signal never leaves it behind.
            let slot = Interruption.remember(temporary)
            guard FileManager.default.createFile(atPath: temporary, contents: nil),
                let handle = FileHandle(forWritingAtPath: temporary)
            else {
                Interruption.forget(slot)
                throw Failure(path: path, reason: "its folder is missing or not writable")
            }
            self.temporary = temporary
            self.slot = slot
            self.handle = handle
            var kept: [FileAttributeKey: Any] = [:]
            if exists {
                kept[.posixPermissions] = Int(status.st_mode & 0o7777)
                if geteuid() == 0 {
                    kept[.ownerAccountID] = Int(status.st_uid)
                    kept[.groupOwnerAccountID] = Int(status.st_gid)
                }
            }
            attributes = kept
        }

        /// The descriptor a path names when it, or a link on the way to its file, is one of
        /// this process's own: `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
        /// `/proc/self/fd/N`.
        private static func ownDescriptor(_ path: String) -> Int32? {
            var current = path
            for _ in 0..<40 {
                switch current {
                case "/dev/stdin": return 0
                case "/dev/stdout": return 1
                case "/dev/stderr": return 2
                default: break
                }
                for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"]
                where current.hasPrefix(prefix) {
                    if let number = Int32(current.dropFirst(prefix.count)) { return number }
                }
                guard let next = link(current) else { return nil }
                current = next
            }
            return nil
        }

        /// Where a symlink points, made absolute; nil when the path is no symlink.
        private static func link(_ path: String) -> String? {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            else { return nil }
            return destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: path).deletingLastPathComponent()
                    .appendingPathComponent(destination).path
        }

        /// The file a path names once its symlinks are followed (at most 40 of them); a
        /// dangling link names the path it points to.
        private static func resolvingLinks(_ path: String) -> String {
            var current = path
            for _ in 0..<40 {
                guard let next = link(current) else { return current }
                current = next
            }
            return current
        }

        func append(_ bytes: [UInt8]) throws(Failure) {
            do {
                try handle.write(contentsOf: bytes)
            } catch {
                throw Failure(path: path, reason: error.localizedDescription)
            }
        }

        func commit() throws(Failure) {
            guard let temporary else {
                try? handle.close()
                return
            }
            do {
                try handle.synchronize()
                try handle.close()
                if !attributes.isEmpty {
                    try FileManager.default.setAttributes(attributes, ofItemAtPath: temporary)
                }
            } catch {
                abandon()
                throw Failure(path: path, reason: error.localizedDescription)
            }
            let target = Self.resolvingLinks(path)
            if rename(temporary, target) != 0 {
                let reason = NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
                    .localizedDescription
                try? FileManager.default.removeItem(atPath: temporary)
                Interruption.forget(slot)
                throw Failure(path: path, reason: reason)
            }
            Interruption.forget(slot)
        }

        /// Leaves the target as it was; what was written directly to a device or FIFO stays
        /// written.
        func abandon() {
            try? handle.close()
            if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
            Interruption.forget(slot)
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
