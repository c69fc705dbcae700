import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchSyntax
import Foundation

/// A line on the terminal that says how far reading has come (`ics: 45.2 of 98.0 MB (46 %),
/// 41,000 events, 3.2 s`), for runs that take more than a second: drawn over itself about
/// four times a second from a thread of its own, and erased for good as soon as anything
/// else is written to the terminal, or when the run ends.
///
/// Only made when standard error is a terminal and `--quiet` is not given, so a pipe, a
/// file or a script never sees it.
final class ProgressLine: @unchecked Sendable {
    let progress = ReadProgress()
    /// The bytes of the inputs, when every one is a regular file.
    private let total: Int?
    private let width: Int
    private let started = DispatchTime.now()
    private let lock = NSLock()
    private var stopped = false
    private var shown = false
    /// Seconds before the line first shows.
    static let delay = 1.0

    /// - Parameter width: the line's room; by default the columns of the terminal standard
    ///   error is, else 80.
    init(
        total: Int?,
        width: Int = CommandIO.terminalColumns(FileHandle.standardError.fileDescriptor) ?? 80
    ) {
        self.total = total
        self.width = width
    }

    /// The sum of the inputs' sizes, nil when one is standard input, a pipe or a device.
    static func totalBytes(_ inputs: [String]) -> Int? {
        var sum = 0
        for path in inputs {
            guard path != "-",
                let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let size = attributes[.size] as? Int
            else { return nil }
            sum += size
        }
        return sum
    }

    /// Starts drawing, from a thread of its own.
    func start() {
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                guard draw() else { return }
            }
        }
        thread.stackSize = 1 << 16
        thread.start()
    }

    /// Draws the line when it is due; false once stopped.
    private func draw() -> Bool {
        lock.withLock {
            guard !stopped else { return false }
            let seconds =
                Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            guard seconds >= Self.delay else { return true }
            var line = Self.text(
                bytes: progress.bytesRead, total: total, events: progress.eventsMapped,
                seconds: seconds, readingDone: progress.isReadingDone)
            if line.count > width - 1 { line = String(line.prefix(max(0, width - 1))) }
            Self.writeToTerminal("\r" + line + "\u{1B}[K")
            shown = true
            return true
        }
    }

    /// Erases the line, for good: before anything else reaches the terminal and at the end.
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            if shown { Self.writeToTerminal("\r\u{1B}[K") }
        }
    }

    /// `ics: reading 45.2 of 98.0 MB (46 %), 41,000 events, 3.2 s`; without a total
    /// (standard input, or text converted from JSON or CSV that outgrew it), the bytes alone;
    /// once everything is read, `ics: 163,805 events read (106.5 MB); working, 3.7 s`.
    static func text(
        bytes: Int, total: Int?, events: Int, seconds: Double, readingDone: Bool = false
    ) -> String {
        let time = "\(Int(seconds)).\(Int(seconds * 10) % 10) s"
        if readingDone {
            return
                "ics: \(ASCIIDigits.grouped(events)) event\(events == 1 ? "" : "s") read (\(megabytes(bytes)) MB); working, \(time)"
        }
        var text = "ics: reading "
        if let total, total > 0, bytes <= total {
            let percent = bytes * 100 / total
            text += "\(megabytes(bytes)) of \(megabytes(total)) MB (\(percent) %)"
        } else {
            text += "\(megabytes(bytes)) MB"
        }
        text += ", \(ASCIIDigits.grouped(events)) event\(events == 1 ? "" : "s")"
        text += ", \(time)"
        return text
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// Written at once, past the buffer standard error's output keeps.
    private static func writeToTerminal(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}

/// An output that erases the progress line before its first write reaches the terminal.
final class ProgressErasingOutput: TextOutput {
    private let inner: any TextOutput
    private let line: ProgressLine

    init(_ inner: any TextOutput, erasing line: ProgressLine) {
        self.inner = inner
        self.line = line
    }

    func write(_ text: String) {
        line.stop()
        inner.write(text)
    }

    func write(bytes: [UInt8]) {
        line.stop()
        inner.write(bytes: bytes)
    }

    func flush() { inner.flush() }
}
