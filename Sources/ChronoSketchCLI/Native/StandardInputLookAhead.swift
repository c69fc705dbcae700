import Foundation
import ChronoSketchSyntax

/// The first bytes of standard input, read before any reader opens it so that its format can be
/// told (``Converter/sniff(_:)``): one a run, held by its ``CommandIO``, and handed to the
/// first input that is standard input (``InputSource/standardInputReadAhead(bytes:ended:)``),
/// whose reader gives them out first.
final class StandardInputLookAhead: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    /// The look ahead met the end of standard input.
    private var ended = false
    /// Reading failed; the reader proper reads again and reports why.
    private var failed = false
    /// The bytes were handed to an input: standard input is read on from where they end.
    private var taken = false

    /// Most bytes looked at: input that shows nothing but blanks (or NULs) for this long is
    /// told apart by what it has.
    static let limit = 1 << 20

    /// Standard input with at least `significant` bytes that are not blanks read ahead (or all
    /// there is, or the first ``limit`` bytes) the first time it is asked for; plain standard
    /// input, read on from there, after.
    func input(significant count: Int = 256) -> InputSource {
        lock.withLock {
            guard !taken else { return .standardInput }
            taken = true
            func isSignificant(_ byte: UInt8) -> Bool {
                byte > 0x20 && byte != 0xEF && byte != 0xBB && byte != 0xBF
            }
            var significant = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while !ended, !failed, significant < count, bytes.count < Self.limit {
                let read = Glibc.read(STDIN_FILENO, &buffer, buffer.count)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else {
                    if read == 0 { ended = true } else { failed = true }
                    break
                }
                significant += buffer[0..<read].count(where: isSignificant)
                bytes += buffer[0..<read]
            }
            defer { bytes = [] }
            return .standardInputReadAhead(bytes: bytes, ended: ended)
        }
    }
}
