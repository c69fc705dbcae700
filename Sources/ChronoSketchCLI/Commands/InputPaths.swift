import ChronoSketchCore
import ChronoSketchSyntax
import Foundation

/// What a path given as an input reads: standard input for `-`, the calendar files of a
/// directory (a vdir, as vdirsyncer and khal keep calendars: one event a file), or the file.
///
/// Every command lists a directory here, and so does the check that no output is an input
/// (``OutputOverlap``): what one reads, the other protects.
enum InputPaths {
    /// An entry of a directory that is named like a calendar but is no regular file: a FIFO,
    /// which would block the run until something writes to it, a socket or a device. It is
    /// left unread, with a warning (``skippedFile(_:)``).
    struct Skipped: Equatable {
        let path: String
        /// `a FIFO`, `a socket`, `a character device`, `a block device`.
        let kind: String
    }

    /// A directory's calendar files, in name order, and the entries left unread.
    struct Listing {
        var files: [String] = []
        var skipped: [Skipped] = []
    }

    /// The inputs `path` names: standard input for `-`, a directory's calendar files, or the
    /// file. A directory holding no calendar file is read as a file, so that reading it says
    /// why it cannot be used.
    static func inputs(_ path: String) -> [InputSource] {
        if path == "-" { return [.standardInput] }
        guard let files = directory(path)?.files, !files.isEmpty else { return [.file(path)] }
        return files.map(InputSource.file)
    }

    /// The `.ics` files of the directory `path` names (not hidden ones), in name order, with
    /// the special files among them set apart; nil when `path` is no directory.
    ///
    /// Each entry is looked at through its links, as opening it would: a link to a regular
    /// file is a calendar file, a link to a FIFO is skipped. A dangling link stays a file, so
    /// that reading it says it is missing.
    static func directory(_ path: String) -> Listing? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return nil }
        let folder = path.hasSuffix("/") ? path : path + "/"
        var listing = Listing()
        for name in names.sorted()
        where name.lowercased().hasSuffix(".ics") && !name.hasPrefix(".") {
            let file = folder + name
            if let kind = specialKind(file) {
                listing.skipped.append(Skipped(path: file, kind: kind))
            } else {
                listing.files.append(file)
            }
        }
        return listing
    }

    /// What kind of special file `path` is once its links are followed; nil for a regular
    /// file, a directory or nothing at all.
    private static func specialKind(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return nil
        }
    }

    /// The warning for an entry left unread.
    static func skippedFile(_ skipped: Skipped) -> Diagnostic {
        Diagnostic(
            .warning, .skippedFile, file: skipped.path, line: nil,
            message: "Not read: it is \(skipped.kind), not a calendar file",
            assumption: "the directory's other calendars are read")
    }
}
