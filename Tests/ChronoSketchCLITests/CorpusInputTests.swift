import Foundation
import TestCorpus
import Testing

/// The shared corpus is an explicit input (``Corpus``): this says in one line where it is and
/// how many calendars the suites that read it run over, or, as its reason for not running,
/// that it is absent and their corpus cases are not run.
@Suite struct CorpusInputTests {
    @Test(.enabled(if: Corpus.isPresent, "\(Corpus.said)"))
    func theCorpusIsSaidAndEveryCalendarOfItCanBeRead() {
        print(Corpus.said)
        #expect(Corpus.calendars.count > 100)
        for calendar in Corpus.calendars {
            let path = Corpus.path(calendar)
            #expect(FileManager.default.isReadableFile(atPath: path), "\(calendar)")
        }
    }
}
