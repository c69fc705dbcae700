import ChronoSketchCore
import Foundation
import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// `ics diff` over calendars kept as bytes (`DiffSide`, in memory or in a temporary file): a
/// component comes back from its bytes reading and comparing as it was read, and a diff whose
/// events all went to disk is the diff held in memory, on every fixture and corpus calendar.
@Suite struct StoredDiffTests {
    static let files = RoundTripTests.files

    /// Every property of `component` and the components inside: what a diff compares of it.
    private static func shape(_ component: ICalComponent) -> [String] {
        [component.name + " \(component.line)"]
            + component.properties.map { property in
                let values = property.values.map { "\($0)" }.joined(separator: "|")
                return
                    "\(property.name) \(property.parameters) \(property.contentLine) \(values) \(property.isUnderstood) \(property.rawValue) \(property.line)"
            } + component.components.flatMap(shape)
    }

    @Test(arguments: files)
    func componentsComeBackFromTheirBytes(name: String) throws {
        guard let (document, _) = try? DocumentReader.read(.file(RoundTripTests.path(name)))
        else { return }
        for calendar in document.components {
            for component in calendar.components {
                var writer = ByteWriter()
                component.encode(into: &writer)
                // Bytes of another record after it are not read.
                writer.bytes += [0xFF, 0x00]
                var reader = ByteReader(bytes: writer.bytes[...])
                let decoded = ICalComponent(decoding: &reader)
                #expect(Self.shape(decoded) == Self.shape(component), "\(name):\(component.line)")
                #expect(reader.position == writer.bytes.count - 2)
            }
        }
    }

    /// The next file of the list, so that each calendar is compared with another one (mostly
    /// additions and removals) and with itself.
    private static func neighbour(of name: String) -> String {
        let index = files.firstIndex(of: name) ?? 0
        return files[(index + 1) % files.count]
    }

    @Test(arguments: files)
    func aDiffOnDiskIsTheDiffInMemory(name: String) throws {
        let zone = (try? TargetZone.named("Europe/Berlin", environment: [:])) ?? TargetZone.utc
        let options = LoadOptions(zone: zone)
        let path = RoundTripTests.path(name)
        let other = RoundTripTests.path(Self.neighbour(of: name))
        for (old, new) in [(path, path), (path, other), (other, path)] {
            func changes(memory: Int) throws -> [CalendarDiff.Change]? {
                guard
                    let comparison = try? CalendarDiff.Comparison(
                        [.file(old)], [.file(new)], options: options, memory: memory)
                else { return nil }
                var changes: [CalendarDiff.Change] = []
                comparison.forEachChange { changes.append($0) }
                #expect(comparison.readFailure == nil)
                #expect(comparison.counts.values.reduce(0, +) == changes.count)
                return changes
            }
            let inMemory = try changes(memory: .max)
            let onDisk = try changes(memory: 0)
            #expect(inMemory == onDisk, "\(old) → \(new)")
            if old == new { #expect(inMemory?.isEmpty ?? true, "\(name) against itself") }
        }
    }
}
