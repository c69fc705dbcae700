/// Windows-1252 (WHATWG's mapping: the five undefined bytes are the C1 controls of Latin-1).
package enum Windows1252 {
    /// The characters of 0x80…0x9F; the rest of the bytes are Latin-1.
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039, 0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013,
        0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The UTF-8 form of Windows-1252 bytes.
    package static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 4)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
                continue
            }
            let value = byte < 0xA0 ? high[Int(byte - 0x80)] : UInt32(byte)
            if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { output.append($0) } }
        }
        return output
    }
}

extension Windows1252 {
    /// Text that is not UTF-8 and is read as Windows-1252: from `line` on, of `.ics` text,
    /// each such line; of a records file (no line), the whole file.
    package static func readInstead(file: String, line: Int?) -> Diagnostic {
        Diagnostic(
            .warning, .notUTF8, file: file, line: line,
            message: line == nil ? "The file is not valid UTF-8" : "Line is not valid UTF-8",
            assumption: line == nil
                ? "it is read as Windows-1252, the code page Outlook's CSV export is in"
                : "this and every such line of the file are read as Windows-1252")
    }
}
