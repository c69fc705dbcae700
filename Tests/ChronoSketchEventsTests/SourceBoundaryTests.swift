import Foundation
import Testing
import TestSupport

/// The split the package promises: C only in ChronoSketchEvents/Native, unsafe code only in
/// a module's `Native` folder, no clock, current zone, file or Foundation in Core and Layout,
/// Layout knowing nothing of files or libical, and each module using only those below it
/// (Core; Syntax; Events; Formats; Layout over Core alone; the CLI over all).
@Suite struct SourceBoundaryTests {
    private static let sources = Fixture.root.appendingPathComponent("Sources")

    private static let modules = [
        "ChronoSketchCore", "ChronoSketchSyntax", "ChronoSketchEvents", "ChronoSketchFormats",
        "ChronoSketchLayout", "ChronoSketchCLI", "ics",
    ]

    private static func files(in module: String) -> [(path: String, text: String)] {
        let folder = sources.appendingPathComponent(module)
        let walk = FileManager.default.enumerator(atPath: folder.path)
        return (walk?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            .compactMap { name in
                let path = folder.appendingPathComponent(name).path
                return (try? String(contentsOfFile: path, encoding: .utf8)).map { (path, $0) }
            }
    }

    @Test func unsafeCodeStaysInNativeFoldersAndCInOne() {
        let markers = ["Unsafe", "OpaquePointer", "String(cString", "unsafeBitCast"]
        var checked = 0
        for module in Self.modules {
            for file in Self.files(in: module) {
                checked += 1
                #expect(
                    !file.text.contains("import CLibical")
                        || file.path.contains("/ChronoSketchEvents/Native/"),
                    "libical in \(file.path)")
                guard !file.path.contains("/Native/") else { continue }
                for marker in markers {
                    #expect(!file.text.contains(marker), "\(marker) in \(file.path)")
                }
            }
        }
        #expect(checked > 50)
        #expect(Self.files(in: "ChronoSketchEvents").contains { $0.text.contains("import CLibical") })
    }

    @Test func eachModuleImportsOnlyTheModulesBelowIt() {
        let allowed: [String: Set<String>] = [
            "ChronoSketchCore": [],
            "ChronoSketchSyntax": ["ChronoSketchCore"],
            "ChronoSketchEvents": ["ChronoSketchCore", "ChronoSketchSyntax"],
            "ChronoSketchFormats": ["ChronoSketchCore", "ChronoSketchSyntax", "ChronoSketchEvents"],
            "ChronoSketchLayout": ["ChronoSketchCore"],
        ]
        for (module, below) in allowed {
            let files = Self.files(in: module)
            #expect(!files.isEmpty)
            for file in files {
                let imported = file.text.split(separator: "\n").compactMap { line -> String? in
                    let words = line.split(separator: " ")
                    guard let last = words.last, words.dropLast().last == "import",
                        last.hasPrefix("ChronoSketch")
                    else { return nil }
                    return String(last)
                }
                for name in imported {
                    #expect(below.contains(name), "\(file.path) imports \(name)")
                }
            }
        }
    }

    @Test func coreAndLayoutReadNoClockAndNoFilesAndImportNoFoundation() {
        for module in ["ChronoSketchCore", "ChronoSketchLayout"] {
            let files = Self.files(in: module)
            #expect(!files.isEmpty)
            for file in files {
                for marker in [
                    "Date()", "TimeZone.current", "FileManager", "FileHandle", "import Foundation",
                    "import Glibc",
                ] {
                    #expect(!file.text.contains(marker), "\(marker) in \(file.path)")
                }
            }
        }
    }
}
