import Foundation
import Testing

/// The split the package promises: C and unsafe code only in ChronoSketchICal/Native, no clock
/// or current zone in Core and Layout, Layout knowing nothing of files or libical.
@Suite struct SourceBoundaryTests {
    private static let sources = Fixture.root.appendingPathComponent("Sources")

    private static func files(in module: String) -> [(path: String, text: String)] {
        let folder = sources.appendingPathComponent(module)
        let walk = FileManager.default.enumerator(atPath: folder.path)
        return (walk?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            .compactMap { name in
                let path = folder.appendingPathComponent(name).path
                return (try? String(contentsOfFile: path, encoding: .utf8)).map { (path, $0) }
            }
    }

    @Test func unsafeCodeStaysInTheNativeFolder() {
        let markers = ["import CLibical", "Unsafe", "OpaquePointer", "String(cString"]
        let modules = [
            "ChronoSketchCore", "ChronoSketchICal", "ChronoSketchLayout", "ChronoSketchCLI", "ics",
        ]
        var checked = 0
        for module in modules {
            for file in Self.files(in: module)
            where !file.path.contains("/ChronoSketchICal/Native/") {
                checked += 1
                for marker in markers {
                    #expect(!file.text.contains(marker), "\(marker) in \(file.path)")
                }
            }
        }
        #expect(checked > 50)
        #expect(Self.files(in: "ChronoSketchICal").contains { $0.text.contains("import CLibical") })
    }

    @Test func coreAndLayoutReadNoClockAndNoFiles() {
        for module in ["ChronoSketchCore", "ChronoSketchLayout"] {
            let files = Self.files(in: module)
            #expect(!files.isEmpty)
            for file in files {
                for marker in [
                    "Date()", "TimeZone.current", "FileManager", "FileHandle",
                    "import ChronoSketchICal",
                ] {
                    #expect(!file.text.contains(marker), "\(marker) in \(file.path)")
                }
            }
        }
    }
}
