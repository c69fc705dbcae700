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

    /// A directory's calendars, each a folder and its calendar files in name order, and the
    /// entries left unread.
    struct Listing {
        var calendars: [(folder: String, files: [String])] = []
        var skipped: [Skipped] = []

        /// Every calendar file, calendar by calendar.
        var files: [String] { calendars.flatMap(\.files) }
    }

    /// The inputs `path` names: standard input for `-`, a directory's calendar files, or the
    /// file. A directory holding no calendar file is read as a file, so that reading it says
    /// why it cannot be used.
    static func inputs(_ path: String) -> [InputSource] {
        if path == "-" { return [.standardInput] }
        guard let files = directory(path)?.files, !files.isEmpty else { return [.file(path)] }
        return files.map(InputSource.file)
    }

    /// The calendars of the directory `path` names; nil when `path` is no directory. The
    /// directory is a calendar when it holds `.ics` files (a vdir), and so is each folder in
    /// it that holds some (a folder of vdirs, as khal's `~/.calendars` and vdirsyncer keep
    /// them), one level down. Hidden entries are left alone.
    ///
    /// Each entry is looked at through its links, as opening it would: a link to a regular
    /// file is a calendar file, a link to a FIFO is skipped. A dangling link stays a file, so
    /// that reading it says it is missing.
    static func directory(_ path: String) -> Listing? {
        guard isDirectory(path) else { return nil }
        var listing = Listing()
        let (files, folders) = entries(of: path, into: &listing.skipped)
        if !files.isEmpty { listing.calendars.append((folder(path), files)) }
        for subfolder in folders {
            let (inner, _) = entries(of: subfolder, into: &listing.skipped)
            if !inner.isEmpty { listing.calendars.append((subfolder, inner)) }
        }
        return listing
    }

    /// The `.ics` files and the folders of `path`, each in name order; the special files
    /// named `.ics` are set apart in `skipped`.
    private static func entries(of path: String, into skipped: inout [Skipped]) -> (
        files: [String], folders: [String]
    ) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return ([], [])
        }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        var files: [String] = []
        var folders: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let entry = prefix + name
            if name.lowercased().hasSuffix(".ics") {
                if let kind = specialKind(entry) {
                    skipped.append(Skipped(path: entry, kind: kind))
                } else if !isDirectory(entry) {
                    files.append(entry)
                }
            } else if isDirectory(entry) {
                folders.append(entry)
            }
        }
        return (files, folders)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// `path` without a trailing slash.
    private static func folder(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The name of a calendar folder: the text of its `displayname` file (vdirsyncer's), else
    /// the folder's own name.
    static func calendarName(of folder: String) -> String {
        let shown = (try? String(contentsOfFile: folder + "/displayname", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return shown.flatMap { $0.isEmpty ? nil : $0 }
            ?? (folder.split(separator: "/").last.map(String.init) ?? folder)
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
