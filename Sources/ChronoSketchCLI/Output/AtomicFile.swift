import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
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

        /// A failure with the system's words for `code`.
        init(path: String, errno code: Int32) {
            self.init(path: path, reason: SystemError.describe(errno: code))
        }

        init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
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

    /// A file being written.
    ///
    /// A regular file (or a path where nothing is yet) is written to a temporary file in its
    /// own folder, created with mode 0600 so that nobody else can read it while it grows,
    /// which ``commit()`` gives the target's mode (and owner, when running as root; a new file
    /// gets 0666 less the umask, as a shell's `>` makes it) and renames over the target;
    /// ``abandon()`` removes it, leaving the target as it was.
    ///
    /// A symlink is followed only where the kernel would let a shell's `>` follow it
    /// (`fs.protected_symlinks`): not a link owned by another user in a sticky, world-writable
    /// folder such as `/tmp`, unless that user owns the folder. The chain of links is resolved
    /// once, here, and the file it ends at is the one replaced.
    ///
    /// What is not a regular file (a character device such as `/dev/null`, a FIFO, a socket,
    /// `/dev/stdout`) is opened and written directly, never renamed over.
    final class Writer {
        let path: String
        /// The file the path names once its links are followed, which ``commit()`` replaces.
        private let target: String
        private let temporary: String?
        /// Where ``Interruption`` finds the temporary file.
        private let slot: Int?
        private let descriptor: Int32
        /// The mode, and owner when running as root, the written file gets.
        private let mode: mode_t
        private let owner: (uid_t, gid_t)?

        init(_ path: String) throws(Failure) {
            self.path = path
            // `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`: the descriptor this process already
            // has, written as it is open (appending when the shell opened it with `>>`).
            if let descriptor = try Self.ownDescriptor(path) {
                let copy = dup(descriptor)
                guard copy >= 0 else {
                    throw Failure(path: path, reason: "its descriptor \(descriptor) is not open")
                }
                self.descriptor = copy
                target = path
                (temporary, slot, mode, owner) = (nil, nil, 0, nil)
                return
            }
            let target = try Self.followingLinks(path)
            self.target = target
            var status = stat()
            let exists = stat(target, &status) == 0
            if exists, status.st_mode & S_IFMT != S_IFREG {
                guard status.st_mode & S_IFMT != S_IFDIR else {
                    throw Failure(path: path, reason: "it is a directory")
                }
                let descriptor = open(target, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw Failure(path: path, errno: errno) }
                self.descriptor = descriptor
                (temporary, slot, mode, owner) = (nil, nil, 0, nil)
                return
            }
            // A shell's `>` opens the file itself, which its mode may forbid (a read-only
            // file of one's own, a file of another user); renaming over it would not ask.
            if exists, access(target, W_OK) != 0 { throw Failure(path: path, errno: errno) }
            let temporary = Self.temporaryName(beside: target)
            // Registered before it exists, so that a signal never leaves it behind.
            let slot = Interruption.remember(temporary)
            let descriptor = open(
                temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                let code = errno
                Interruption.forget(slot)
                let folder = (target as NSString).deletingLastPathComponent
                let shown = folder.isEmpty ? "." : folder
                var folderStatus = stat()
                let folderExists = stat(shown, &folderStatus) == 0
                throw Failure(
                    path: path,
                    reason: code == ENOENT && !folderExists
                        ? "the folder '\(shown)' does not exist"
                        : "cannot create a file in '\(shown)': \(SystemError.describe(errno: code))"
                )
            }
            self.temporary = temporary
            self.slot = slot
            self.descriptor = descriptor
            if exists {
                mode = status.st_mode & 0o7777
                owner = geteuid() == 0 ? (status.st_uid, status.st_gid) : nil
            } else {
                mode = 0o666 & ~Self.umaskValue
                owner = nil
            }
        }

        /// The process's umask, read once (reading it means setting it).
        private static let umaskValue: mode_t = {
            let mask = umask(0o022)
            umask(mask)
            return mask
        }()

        /// `.NAME.PID-RANDOM.tmp` beside `target`, its name cut to the file system's limit
        /// for names (255 bytes) so that any legal target name has one.
        static func temporaryName(beside target: String) -> String {
            let folder = (target as NSString).deletingLastPathComponent
            let name = (target as NSString).lastPathComponent
            let suffix =
                ".\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
            let room = Int(NAME_MAX) - 1 - suffix.utf8.count
            var kept = ""
            for character in name.unicodeScalars {
                guard kept.utf8.count + String(character).utf8.count <= room else { break }
                kept.unicodeScalars.append(character)
            }
            let file = "." + kept + suffix
            return folder.isEmpty ? file : folder + "/" + file
        }

        /// The descriptor a path names when it, or a link on the way to its file, is one of
        /// this process's own: `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`,
        /// `/proc/self/fd/N`.
        private static func ownDescriptor(_ path: String) throws(Failure) -> Int32? {
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
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count >= 0 else { return nil }
            let destination = String(
                decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard !destination.hasPrefix("/") else { return destination }
            let folder = (path as NSString).deletingLastPathComponent
            return folder.isEmpty ? destination : folder + "/" + destination
        }

        /// The file a path names once its symlinks are followed; a dangling link names the
        /// path it points to.
        /// - Throws: for a loop of links (more than 40, as the kernel counts), and for a link
        ///   the kernel's `protected_symlinks` would not follow.
        static func followingLinks(_ path: String) throws(Failure) -> String {
            var current = path
            for _ in 0...40 {
                var status = stat()
                guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
                    return current
                }
                try checkFollowable(current, link: status, named: path)
                guard let next = link(current) else { return current }
                current = next
            }
            throw Failure(path: path, reason: "it is a loop of symbolic links")
        }

        /// The kernel's rule for following a link in a sticky, world-writable folder
        /// (`fs.protected_symlinks`, on by default): only when the follower or the folder's
        /// owner owns the link.
        private static func checkFollowable(_ link: String, link status: stat, named path: String)
            throws(Failure)
        {
            let folder = (link as NSString).deletingLastPathComponent
            var folderStatus = stat()
            guard stat(folder.isEmpty ? "." : folder, &folderStatus) == 0 else { return }
            let sticky = folderStatus.st_mode & S_ISVTX != 0
            let worldWritable = folderStatus.st_mode & S_IWOTH != 0
            guard sticky, worldWritable, status.st_uid != geteuid(),
                status.st_uid != folderStatus.st_uid
            else { return }
            throw Failure(
                path: path,
                reason:
                    "\(link == path ? "it" : "'\(link)'") is a symbolic link of another user (uid \(status.st_uid)) in the sticky, world-writable folder '\(folder.isEmpty ? "." : folder)', which a shell's > would not follow either; remove it or write elsewhere"
            )
        }

        func append(_ bytes: [UInt8]) throws(Failure) {
            var rest = bytes
            while !rest.isEmpty {
                let written = Glibc.write(descriptor, rest, rest.count)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure(path: path, errno: errno)
                }
                // A short write (a signal, a pipe's room) leaves the rest for the next call.
                rest = written == rest.count ? [] : Array(rest[written...])
            }
        }

        func commit() throws(Failure) {
            guard let temporary else {
                close(descriptor)
                return
            }
            var failure: Int32 = 0
            if fchmod(descriptor, mode) != 0 { failure = errno }
            if failure == 0, let (uid, gid) = owner, fchown(descriptor, uid, gid) != 0 {
                failure = errno
            }
            if failure == 0, fsync(descriptor) != 0, errno != EINVAL { failure = errno }
            if close(descriptor) != 0, failure == 0 { failure = errno }
            if failure == 0, rename(temporary, target) != 0 { failure = errno }
            guard failure == 0 else {
                unlink(temporary)
                Interruption.forget(slot)
                throw Failure(path: path, errno: failure)
            }
            Interruption.forget(slot)
        }

        /// Leaves the target as it was; what was written directly to a device or FIFO stays
        /// written.
        func abandon() {
            close(descriptor)
            if let temporary { unlink(temporary) }
            Interruption.forget(slot)
        }
    }
}
