import ChronoSketchCore
import Foundation
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// `ics diff` over calendars kept as bytes (`DiffSide`, in memory or in a temporary file): a
/// component comes back from its bytes reading and comparing as it was read, and a diff whose
/// events all went to disk is the diff held in memory, on every fixture and corpus calendar.
@Suite struct StoredDiffTests {
    static let files = Fixture.calendars

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
        let document: ICalDocument
        do {
            document = try DocumentReader.read(.file(Fixture.calendarPath(name))).document
        } catch {
            // An input that cannot be read at all has no components: it is refused naming
            // itself.
            #expect(error.file == Fixture.calendarPath(name), "\(error)")
            return
        }
        for calendar in document.components {
            for component in calendar.components {
                var writer = ByteWriter()
                component.encode(into: &writer)
                // Bytes of another record after it are not read.
                writer.bytes += [0xFF, 0x00]
                var reader = ByteReader(bytes: writer.bytes[...])
                let decoded = ICalComponent(decoding: &reader)
                #expect(Self.shape(decoded) == Self.shape(component), "\(name):\(component.line)")
                #expect(decoded == component, "\(name):\(component.line)")
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
        let path = Fixture.calendarPath(name)
        let other = Fixture.calendarPath(Self.neighbour(of: name))
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

/// Events without a UID alike in title and start (twins), told apart only by their order:
/// the first of one version is matched with the first of the other, the second with the
/// second, however many there are.
@Suite struct TwinMatchingTests {
    /// A calendar of `count` twins, each with its number in its DESCRIPTION, those for which
    /// `edited` holds marked as edited; each VEVENT is seven lines from line 4 on.
    private static func twins(_ count: Int, edited: (Int) -> Bool = { _ in false }) -> InputSource {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n"
        for number in 0..<count {
            text +=
                "BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260908T090000Z\r\n"
                + "DTEND:20260908T100000Z\r\nSUMMARY:Stand-up\r\n"
                + "DESCRIPTION:copy \(number)\(edited(number) ? " (edited)" : "")\r\nEND:VEVENT\r\n"
        }
        return .memory(name: "twins.ics", bytes: Array((text + "END:VCALENDAR\r\n").utf8))
    }

    private static func line(of number: Int) -> Int { 4 + 7 * number }

    @Test func manyTwinsAreMatchedFirstWithFirst() throws {
        let count = 3_000
        let edited = { (number: Int) in number % 7 == 3 }
        let diff = try CalendarDiff.compare(
            [Self.twins(count)], [Self.twins(count + 3, edited: edited)],
            options: LoadOptions(zone: .utc))
        let changed = diff.changes.filter { $0.kind == .changed }
        let expected = (0..<count).filter(edited)
        #expect(changed.count == expected.count)
        #expect(
            Set(changed.map { [$0.old?.location.line ?? 0, $0.new?.location.line ?? 0] })
                == Set(expected.map { [Self.line(of: $0), Self.line(of: $0)] }))
        #expect(
            Set(changed.flatMap(\.fields).map { "\($0.field) \($0.old) \($0.new)" })
                == Set(
                    expected.map { "description [\"copy \($0)\"] [\"copy \($0) (edited)\"]" }))
        // The three twins more in the new version are its last three.
        #expect(
            diff.changes.filter { $0.kind == .added }.map { $0.new?.location.line ?? 0 }.sorted()
                == (count..<(count + 3)).map(Self.line(of:)))
        #expect(diff.changes.count == expected.count + 3)
        // The other way round, they are removed.
        let back = try CalendarDiff.compare(
            [Self.twins(count + 3)], [Self.twins(count)], options: LoadOptions(zone: .utc))
        #expect(back.changes.map(\.kind) == [.removed, .removed, .removed])
        #expect(
            back.changes.map { $0.old?.location.line ?? 0 }.sorted()
                == (count..<(count + 3)).map(Self.line(of:)))
    }
}
