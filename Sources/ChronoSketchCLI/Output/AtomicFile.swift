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
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max)).tmp"
        ).path
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw Failure(path: path, reason: "its folder is missing or not writable")
        }
        do {
            try handle.write(contentsOf: bytes)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure(path: path, reason: error.localizedDescription)
        }
        if rename(temporary, path) != 0 {
            let reason = NSError(domain: NSPOSIXErrorDomain, code: Int(errno)).localizedDescription
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure(path: path, reason: reason)
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
