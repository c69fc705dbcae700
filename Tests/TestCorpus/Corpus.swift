import Foundation

/// The shared corpus of real calendars, an explicit input of the suites that read it: the
/// folder `ICS_CORPUS` names (`make test` names `../shared/corpus` when it sits beside this
/// checkout). When none is named the suites' corpus cases are not run, and `CorpusInputTests`
/// says so in one line (its skip reason); when one is, how many calendars it holds.
public enum Corpus {
    /// The package root, found from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder named, nil when none is.
    public static let folder: URL? = {
        guard let path = ProcessInfo.processInfo.environment["ICS_CORPUS"], !path.isEmpty else {
            return nil
        }
        return URL(fileURLWithPath: path)
    }()

    /// Its `.ics` files, as paths relative to ``folder``, sorted; none when it is absent.
    public static let calendars: [String] = {
        guard let folder, let walk = FileManager.default.enumerator(atPath: folder.path) else {
            return []
        }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") }.sorted()
    }()

    /// Whether the corpus is there.
    public static var isPresent: Bool { !calendars.isEmpty }

    /// The file at `relative` in the corpus; nil when no corpus is named.
    public static func url(_ relative: String) -> URL? {
        folder?.appendingPathComponent(relative)
    }

    /// The path of the calendar `relative` (one of ``calendars``).
    public static func path(_ relative: String) -> String {
        url(relative)?.path ?? relative
    }

    /// The line that says where the corpus is and what it holds, or that it is absent.
    public static var said: String {
        guard let folder else {
            return
                "corpus: none named (ICS_CORPUS names a folder of calendars; `make test` names ../shared/corpus when it is there): its cases are not run"
        }
        return isPresent
            ? "corpus: \(calendars.count) calendars at \(folder.path)"
            : "corpus: no calendar at \(folder.path), which ICS_CORPUS names: its cases are not run"
    }
}
