import ChronoSketchCore
import Foundation
import Testing
import TestSupport

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

/// jCal as other projects expect it: ical.js's parser tests and RFC 7265's examples
/// (`Fixtures/jcal/`, origins in its README), each an `.ics` beside the jCal it converts to.
/// Compared as JSON data: a single-valued parameter or rule part may be a string or a
/// one-element array (RFC 7265 §3.5.2, §3.6.10).
@Suite struct JCalConformanceTests {
    static let folder = Fixture.root.appendingPathComponent("Fixtures/jcal")

    static let pairs: [String] = {
        ["icaljs", "rfc7265"].flatMap { group in
            let directory = folder.appendingPathComponent(group)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".ics") }.sorted().map {
                group + "/" + $0.dropLast(4)
            }
        }
    }()

    /// Where the expectation reads the input otherwise than `ics` does, and why both readings
    /// are defensible.
    static let exceptions: [String: String] = [
        "icaljs/boolean":
            "X-MAYBE;VALUE=BOOLEAN:MAYBE is no boolean (RFC 5545 §3.3.2); ical.js writes false and loses the text, ics keeps it as type unknown with its VALUE, so it reads back",
        "icaljs/float":
            "'my foo!' is no float (§3.3.7); ical.js writes 0.0, ics keeps the text as type unknown with its VALUE",
        "icaljs/integer":
            "'foobar' is no integer (§3.3.8); ical.js writes 0, ics keeps the text as type unknown with its VALUE",
        "icaljs/grouped":
            "GROUP1.X-TEST is a vCard group name, which RFC 5545 §3.1 and RFC 7265 Appendix A do not allow in a name; ics keeps the line in .ics and says jCal has no form for it",
        "rfc7265/3.6.1-binary":
            "the example leaves out ENCODING=BASE64, which the property has in iCalendar; ics keeps every parameter (as ical.js does in its base64 test)",
    ]

    private static func json(_ relative: String) throws -> JSONValue {
        let url = folder.appendingPathComponent(relative)
        return normalized(try JSONParser.parse(Array(try Data(contentsOf: url))))
    }

    /// A one-element array as its element, an object's members by name, a whole float as an
    /// integer: the forms RFC 7265 lets stand for one another.
    private static func normalized(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items):
            let normal = items.map(normalized)
            if normal.count == 1, normal[0].array == nil { return normal[0] }
            return .array(normal)
        case .object(let members):
            return .object(
                members.map { JSONMember($0.key, normalized($0.value)) }.sorted { $0.key < $1.key })
        case .double(let number) where number == number.rounded() && abs(number) < 1e15:
            return .integer(Int(number))
        default:
            return value
        }
    }

    private static func encoded(_ document: ICalDocument) -> JSONValue {
        normalized(JCal.encode(JCal.holdable(document)))
    }

    @Test func everyPairIsHere() {
        #expect(Self.pairs.count >= 48)
    }

    /// iCalendar to jCal gives what ical.js and RFC 7265 expect.
    @Test(arguments: pairs)
    func iCalendarBecomesTheExpectedJCal(pair: String) throws {
        let (document, _) = try DocumentReader.read(
            .file(Self.folder.appendingPathComponent(pair + ".ics").path))
        let same = Self.encoded(document) == (try Self.json(pair + ".json"))
        #expect(same == (Self.exceptions[pair] == nil), "\(pair)")
    }

    /// The expected jCal read back and written again is the same jCal: nothing of it is lost
    /// on the way through the tree. (Not the vCard group name, which no iCalendar property
    /// can have.)
    @Test(arguments: pairs.filter { $0 != "icaljs/grouped" })
    func theExpectedJCalReadsBack(pair: String) throws {
        let url = Self.folder.appendingPathComponent(pair + ".json")
        let json = try JSONParser.parse(Array(try Data(contentsOf: url)))
        let (document, diagnostics) = try JCal.decode(json, name: pair)
        #expect(diagnostics.isEmpty, "\(pair): \(diagnostics)")
        #expect(Self.encoded(document) == (try Self.json(pair + ".json")), "\(pair)")
    }
}
