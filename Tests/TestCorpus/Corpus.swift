import Foundation

/// The shared corpus of real calendars, an explicit input of the suites that read it: the
/// folder `ICS_CORPUS` names, else `../shared/corpus` beside this checkout. When it is absent
/// the suites' corpus cases are not run, and `CorpusInputTests` says so in one line (its skip
/// reason); when it is there, how many calendars it holds.
public enum Corpus {
    /// The package root, found from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the corpus is looked for.
    public static let folder: URL = {
        if let path = ProcessInfo.processInfo.environment["ICS_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    /// Its `.ics` files, as paths relative to ``folder``, sorted; none when it is absent.
    public static let calendars: [String] = {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".ics") }.sorted()
    }()

    /// Whether the corpus is there.
    public static var isPresent: Bool { !calendars.isEmpty }

    /// The line that says where the corpus is and what it holds, or that it is absent.
    public static var said: String {
        isPresent
            ? "corpus: \(calendars.count) calendars at \(folder.path)"
            : "corpus: absent at \(folder.path) (ICS_CORPUS names another folder): its cases are not run"
    }
}
