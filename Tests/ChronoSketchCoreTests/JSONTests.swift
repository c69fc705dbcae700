import Testing

@testable import ChronoSketchCore

@Suite struct JSONTests {
    private func parse(_ text: String) throws(JSONError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func objectsKeepTheirMemberOrder() throws {
        let value = try parse(
            #"{"freq":"WEEKLY","until":"2026-01-01","byday":["MO","WE"],"count":3}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["freq", "until", "byday", "count"])
        #expect(value["count"] == .integer(3))
        #expect(value["byday"] == .array([.string("MO"), .string("WE")]))
    }

    @Test func valuesOfEveryKindAreRead() throws {
        #expect(
            try parse(#" [1, -2.5, 1e3, true, false, null, "a\"b\\c\nd\u00e9\ud83d\ude00"] "#)
                == .array([
                    .integer(1), .double(-2.5), .double(1000), .bool(true), .bool(false), .null,
                    .string("a\"b\\c\ndé😀"),
                ]))
    }

    @Test(arguments: [
        ("[1,", "line 1, column 4: unexpected end of input"),
        ("{\"a\" 1}", "line 1, column 6: expected ':' after a member name"),
        ("[1]\n x", "line 2, column 2: unexpected text after the value"),
        ("\"abc", "line 1, column 5: a string is not closed"),
        ("[\"a\tb\"]", "line 1, column 5: a control character inside a string"),
        ("nul", "line 1, column 1: expected a value"),
    ])
    func errorsNameLineAndColumn(text: String, message: String) {
        do {
            _ = try parse(text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Strings are UTF-8 whether or not they hold an escape; U+0000 from an escape is text,
    /// and bytes that are not UTF-8 after it are refused all the same.
    @Test func stringsAreTextOnlyWhenTheyAreUTF8() throws {
        #expect(
            try parse("[\"caf\u{E9} 😀\", \"a\\u00e9\"]")
                == .array([.string("café 😀"), .string("aé")]))
        #expect(try parse(#"["a\u0000b"]"#) == .array([.string("a\u{0}b")]))
        let quote = UInt8(ascii: "\"")
        for bytes: [UInt8] in [
            [quote, 0x61, 0xC3, quote],  // cut short
            [quote, 0xED, 0xA0, 0x80, quote],  // a surrogate
            [quote, 0x5C, 0x6E, 0xFF, quote],  // after an escape
            [quote] + Array(#"\u0000"#.utf8) + [0xC0, 0x80, quote],  // after an escaped NUL
        ] {
            #expect(throws: JSONError.self) { try JSONParser.parse(bytes) }
        }
    }

    /// An array read one element at a time gives what reading it whole gives, each element
    /// with the line it begins on, and the same error where the text goes wrong.
    @Test func arrayElementsAreReadOneAtATime() throws {
        let text = "[\n  {\"a\": [1,\n 2]},\n  \"x\", 3,\n\n  null\n]\n"
        var elements = try #require(JSONParser.ArrayElements(Array(text.utf8)))
        var read: [JSONValue] = []
        var lines: [Int] = []
        while let (value, line) = try elements.next() {
            read.append(value)
            lines.append(line)
        }
        #expect(.array(read) == (try parse(text)))
        #expect(lines == [2, 4, 4, 6])
        #expect(JSONParser.ArrayElements(Array(" {\"a\": 1}".utf8)) == nil)
        for (broken, message) in [
            ("[1,", "line 1, column 4: unexpected end of input"),
            ("[1]\n x", "line 2, column 2: unexpected text after the value"),
            ("[1 2]", "line 1, column 4: expected ',' or ']' in an array"),
        ] {
            var items = try #require(JSONParser.ArrayElements(Array(broken.utf8)))
            #expect(throws: JSONError.self) { while try items.next() != nil {} }
            var again = try #require(JSONParser.ArrayElements(Array(broken.utf8)))
            do {
                while try again.next() != nil {}
            } catch {
                #expect(error.description == message)
            }
            // Nothing is read after the error.
            #expect(try again.next() == nil)
        }
    }

    @Test func deepNestingIsRefused() {
        #expect(throws: JSONError.self) { try parse(String(repeating: "[", count: 600)) }
    }

    @Test func writerAndParserAgree() throws {
        let value = JSONValue.object([
            JSONMember("text", .string("quote \" backslash \\ newline \n tab \t bell \u{07} ü")),
            JSONMember("list", .array([.integer(-3), .double(2.5), .null, .bool(true)])),
        ])
        var writer = JSONWriter()
        writer.value(value)
        #expect(try JSONParser.parse(writer.bytes) == value)
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains("\\u0007"))
    }

    /// Every character that JSON escapes, and characters of two to four bytes, at every place
    /// in an eight-byte word and in the bytes after the last whole word, alone and in pairs:
    /// the writer escapes exactly what RFC 8259 §7 says, as one character at a time would.
    @Test func everyEscapeIsFoundWhereverItFalls() {
        func escaped(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    out += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let specials =
            (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
                "\"", "\\", "\u{7F}", "é", "€", "😀", " ", "~",
            ]
        for special in specials {
            for other in ["a", "\"", "\u{1F}", "ü"] {
                for offset in 0..<19 {
                    let text =
                        String(repeating: "x", count: offset) + special
                        + String(repeating: "y", count: offset % 7) + other + "z"
                    var writer = JSONWriter()
                    writer.string(text)
                    #expect(String(decoding: writer.bytes, as: UTF8.self) == escaped(text))
                }
            }
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

@Suite struct CSVTests {
    /// Rows read one at a time are the records read at once, and a broken row ends them with
    /// the same failure.
    @Test func rowsAreReadOneAtATime() throws {
        let text = "\u{FEFF}a;b\r\n\"1; one\";'=2\n\n\"two\nlines\";x\rlast;"
        var rows = CSVReader.Rows(text, separator: ";")
        var read: [CSVReader.Record] = []
        while let record = try rows.next() { read.append(record) }
        #expect(read == (try CSVReader.records(text, separator: ";")))
        #expect(read.map(\.line) == [1, 2, 4, 6])
        var broken = CSVReader.Rows("a,b\nc,d\"e\nf,g\n")
        #expect(try broken.next()?.fields == ["a", "b"])
        #expect(throws: CSVReader.Failure.self) { try broken.next() }
        #expect(try broken.next() == nil)
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "a,b,c\r\n\"1, one\",\"say \"\"hi\"\"\",\"two\nlines\"\n\nlast,,\n"
        let records = try CSVReader.records(text)
        #expect(
            records.map(\.fields) == [
                ["a", "b", "c"], ["1, one", "say \"hi\"", "two\nlines"], ["last", "", ""],
            ])
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test func writerQuotesOnlyWhereNeededAndReadsBack() throws {
        var writer = CSVWriter(lineEnding: "\r\n")
        let rows = [["plain", "with, comma", "with \"quote\"", "multi\nline", ""]]
        for row in rows { writer.record(row) }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == "plain,\"with, comma\",\"with \"\"quote\"\"\",\"multi\nline\",\r\n")
        #expect(try CSVReader.records(text).map(\.fields) == rows)
    }

    /// Cells beginning with `=`, `+`, `-`, `@`, a tab or a carriage return get a `'`, after
    /// any they already have; others are left alone; read back, each is what was written.
    @Test func formulaStartsAreMarkedAndReadBack() throws {
        var writer = CSVWriter()
        let guarded = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "'=x", "''+x"]
        let plain = ["x=1", " =1", "'x", "\nx", "", "1-2"]
        writer.record(guarded)
        writer.record(plain)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(
            text.split(separator: "\n", omittingEmptySubsequences: false).first
                == "'=1+1,'+1,'-1,'@SUM(A1),'\tx,\"'\rx\",''=x,'''+x")
        #expect(text.hasSuffix("x=1, =1,'x,\"\nx\",,1-2\n"))
        #expect(try CSVReader.records(text).map(\.fields) == [guarded, plain])
        var raw = CSVWriter(guardsFormulas: false)
        raw.record(guarded)
        #expect(!String(decoding: raw.bytes, as: UTF8.self).hasPrefix("'"))
    }

    @Test func malformedCSVIsReported() {
        #expect(throws: CSVReader.Failure.self) { try CSVReader.records("a,\"b\n") }
        #expect(throws: CSVReader.Failure.self) { try CSVReader.records("a,b\"c\n") }
    }
}
