import ChronoSketchCore
import Testing

/// Identifiers are their bytes: texts Swift's `String` takes as one (canonically equivalent)
/// are two identifiers when their bytes differ.
@Suite struct ExactTextTests {
    private let composed = "caf\u{E9}"
    private let decomposed = "cafe\u{301}"

    @Test func canonicallyEquivalentTextsAreDifferentIdentifiers() {
        #expect(composed == decomposed, "Swift's String takes them as one")
        #expect(!ExactText.same(composed, decomposed))
        #expect(ExactText(composed) != ExactText(decomposed))
        #expect(Set([ExactText(composed), ExactText(decomposed)]).count == 2)
        #expect(ExactText.same(composed, "caf\u{E9}"))
    }

    @Test func hashesAgreeWithEquality() {
        var seen: [ExactText: Int] = [:]
        for (index, text) in [composed, decomposed, "", "a", "abcdefgh", "abcdefghi", "\u{0}a"]
            .enumerated()
        {
            seen[ExactText(text)] = index
        }
        #expect(seen.count == 7)
        #expect(seen[ExactText("abcdefgh")] == 4)
        #expect(seen[ExactText(decomposed)] == 1)
    }

    @Test func orderIsByBytesWhichIsCodePointOrder() {
        // Neither precedes the other as strings; by bytes, `e` (0x65) comes before `é` (0xC3…).
        #expect(!(composed < decomposed) && !(decomposed < composed))
        #expect(ExactText.precedes(decomposed, composed))
        #expect(!ExactText.precedes(composed, decomposed))
        let sorted = ["b", "a\u{10000}", "a\u{FFFD}", "A", "a"].map(ExactText.init).sorted()
        #expect(sorted.map(\.text) == ["A", "a", "a\u{FFFD}", "a\u{10000}", "b"])
    }
}
