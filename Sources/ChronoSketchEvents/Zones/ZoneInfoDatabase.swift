import ChronoSketchSyntax
import Foundation

/// The zones of a tz database directory (by default `TZDIR` or `/usr/share/zoneinfo`), loaded
/// by IANA name and cached.
///
/// ```swift
/// let berlin = ZoneInfoDatabase.system.zone(named: "Europe/Berlin")
/// let local = ZoneInfoDatabase.system.localZone()
/// ```
public final class ZoneInfoDatabase: @unchecked Sendable {
    /// The database at `TZDIR` (or `/usr/share/zoneinfo`) with the system's `/etc/localtime`.
    public static let system = ZoneInfoDatabase()

    /// The directory holding the compiled zone files.
    public let directory: String
    /// The file (usually a symbolic link into the database) that sets the system's zone.
    public let localtimePath: String
    /// The file naming the system's zone when `localtimePath` is not a symbolic link.
    public let timezonePath: String

    /// Names that still mean UTC when the database has no file for them (compared in upper case).
    package static let utcAliases: Set<String> = [
        "UTC", "ETC/UTC", "UCT", "ETC/UCT", "Z", "ZULU", "ETC/ZULU", "UNIVERSAL", "ETC/UNIVERSAL",
        "GMT", "ETC/GMT", "GMT0", "ETC/GMT0",
    ]

    private let lock = NSLock()
    /// Loaded zones by the name they were asked for; guarded by `lock`.
    private var cache: [String: any ZoneRules] = [:]
    /// Lower-cased zone name to its canonical spelling, read once on demand; guarded by `lock`.
    private var namesByLowercase: [String: String]?

    /// Creates a database.
    /// - Parameters:
    ///   - directory: The zone directory; `nil` means `TZDIR` from `environment` when set and
    ///     non-empty, else `/usr/share/zoneinfo`.
    ///   - localtimePath: The file that sets the system zone when `TZ` is unset.
    ///   - timezonePath: The file whose content names the system zone when `localtimePath` is
    ///     a regular file.
    ///   - environment: Where `TZDIR` is looked up.
    public init(
        directory: String? = nil,
        localtimePath: String = "/etc/localtime",
        timezonePath: String = "/etc/timezone",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        if let directory {
            self.directory = directory
        } else if let tzdir = environment["TZDIR"], !tzdir.isEmpty {
            self.directory = tzdir
        } else {
            self.directory = "/usr/share/zoneinfo"
        }
        self.localtimePath = localtimePath
        self.timezonePath = timezonePath
    }

    /// The zone with an IANA name such as `Europe/Berlin`, or `nil` when the name is unsafe or
    /// unknown or its file is not valid TZif.
    ///
    /// Exact names are tried first; otherwise a case-insensitive match against the database's
    /// zone list is used, and the zone then carries the canonical spelling (`europe/berlin`
    /// gives `Europe/Berlin`). `UTC`, `Etc/UTC` and `Z` give ``FixedOffsetZone/utc`` even
    /// without files.
    public func zone(named name: String) -> (any ZoneRules)? {
        try? loadZone(named: name)
    }

    /// The zone with an IANA name, as ``zone(named:)``, reporting why it failed.
    /// - Throws: ``ZoneError/invalidZoneName(name:reason:)`` for names that are not safe relative
    ///   paths, ``ZoneError/unknownZone(_:)`` for names without a TZif file, and
    ///   ``ZoneError/invalidTZif(source:reason:)`` for a damaged file.
    /// - Complexity: A cached zone costs one dictionary lookup; the first case-insensitive lookup
    ///   reads the database's zone list.
    public func loadZone(named name: String) throws(ZoneError) -> any ZoneRules {
        if let reason = Self.nameProblem(name) {
            throw .invalidZoneName(name: name, reason: reason)
        }
        if let zone = cachedZone(named: name) {
            return zone
        }
        if let zone = try readZoneFile(named: name) {
            return store(zone, as: name)
        }
        if let canonical = canonicalName(for: name), canonical != name {
            return store(try loadZone(named: canonical), as: name)
        }
        if Self.utcAliases.contains(name.uppercased()) {
            return store(FixedOffsetZone.utc, as: name)
        }
        throw .unknownZone(name)
    }

    /// Every zone and link name the database lists, sorted.
    ///
    /// Read from `tzdata.zi`, `zone1970.tab` and `zone.tab`; when none exists, from a walk of
    /// the directory.
    public func zoneNames() -> [String] {
        Array(lowercaseIndex().values).sorted()
    }

    /// The zone the process should use, with the identifier that should be printed.
    ///
    /// When `TZ` is set: empty means UTC; `name` or `:name` is the database zone when there is
    /// one, else the POSIX TZ string itself (identifier = the string), else UTC; an absolute
    /// path is read as a TZif file. When `TZ` is unset: the zone of `localtimePath`, named after
    /// its symbolic link's target below `zoneinfo/` (e.g. `Europe/Berlin`), else by the
    /// content of `timezonePath`, else `localtime`; UTC when that file is missing or invalid.
    public func localZone(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> any ZoneRules {
        guard let value = environment["TZ"] else {
            return zone(
                atPath: localtimePath, fallbackName: { self.timezoneFileName() ?? "localtime" })
                ?? FixedOffsetZone.utc
        }
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if name.isEmpty {
            return FixedOffsetZone.utc
        }
        if name.hasPrefix("/") {
            return zone(atPath: name, fallbackName: { name }) ?? FixedOffsetZone.utc
        }
        if let zone = zone(named: name) {
            return zone
        }
        if let rule = try? POSIXTimeZoneRule(parsing: name) {
            return POSIXTimeZone(rule: rule, identifier: name)
        }
        return FixedOffsetZone.utc
    }

    /// Whether `TZ`, when it is set and not empty, names a zone ``localZone(environment:)``
    /// can use (a database name, a POSIX TZ string or a TZif file), rather than falling back
    /// to UTC; true when it is unset or empty.
    public func understandsTZ(_ environment: [String: String]) -> Bool {
        guard let value = environment["TZ"] else { return true }
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if name.isEmpty { return true }
        if name.hasPrefix("/") { return zone(atPath: name, fallbackName: { name }) != nil }
        return zone(named: name) != nil || (try? POSIXTimeZoneRule(parsing: name)) != nil
    }

    /// Why a name cannot be a zone name, or `nil` when it can.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if name.utf8.count > 255 { return "the name is longer than 255 bytes" }
        if name.hasPrefix("/") { return "absolute paths are not zone names" }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0 == ".." || $0 == "." }) {
            return "'.' and '..' components are not allowed"
        }
        if components.contains(where: \.isEmpty) { return "empty path components are not allowed" }
        for scalar in name.unicodeScalars {
            let allowed =
                ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
                || ("0"..."9").contains(scalar)
                || scalar == "/" || scalar == "_" || scalar == "-" || scalar == "+"
            if !allowed { return "the character '\(scalar)' is not allowed" }
        }
        return nil
    }

    // MARK: - Files

    /// The TZif zone stored under `name`, or `nil` when there is no such file or it is not TZif.
    private func readZoneFile(named name: String) throws(ZoneError) -> TZifZone? {
        guard let bytes = Self.readBytes(atPath: directory + "/" + name),
            bytes.starts(with: TZifReader.magic)
        else {
            return nil
        }
        return try TZifZone(identifier: name, bytes: bytes)
    }

    /// The zone in a TZif file outside the name lookup (the localtime file or `TZ=/path`).
    ///
    /// The name comes from the path's symbolic-link target (or the path itself) below the
    /// database directory or `zoneinfo/`; a database zone of that name is preferred so it is
    /// shared with ``zone(named:)``.
    private func zone(atPath path: String, fallbackName: () -> String) -> (any ZoneRules)? {
        let name: String?
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            let base = target.hasPrefix("/") ? "" : Self.parentDirectory(of: path) + "/"
            name = zoneName(inPath: base + target)
        } else {
            name = zoneName(inPath: path)
        }
        if let name, let zone = zone(named: name) {
            return zone
        }
        guard let bytes = Self.readBytes(atPath: path) else { return nil }
        return try? TZifZone(identifier: name ?? fallbackName(), bytes: bytes)
    }

    /// The zone name a file path denotes: the part below the database directory or below the
    /// last `zoneinfo/`, without a leading `posix/`.
    private func zoneName(inPath path: String) -> String? {
        let normalized = Self.normalize(path)
        let root = Self.normalize(directory) + "/"
        var name: Substring
        if normalized.hasPrefix(root) {
            name = normalized.dropFirst(root.count)
        } else if let range = normalized.range(of: "zoneinfo/", options: .backwards) {
            name = normalized[range.upperBound...]
        } else {
            return nil
        }
        if name.hasPrefix("posix/") {
            name = name.dropFirst("posix/".count)
        }
        return Self.nameProblem(String(name)) == nil ? String(name) : nil
    }

    /// The first line of `timezonePath` when it is a valid zone name.
    private func timezoneFileName() -> String? {
        guard let bytes = Self.readBytes(atPath: timezonePath) else { return nil }
        let line = String(decoding: bytes, as: UTF8.self)
            .split(whereSeparator: \.isNewline).first
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let line, Self.nameProblem(line) == nil else { return nil }
        return line
    }

    private static func readBytes(atPath path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "" : String(path[..<slash])
    }

    /// Resolves `.`, `..` and repeated slashes without touching the file system.
    private static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    // MARK: - Cache and zone list

    private func cachedZone(named name: String) -> (any ZoneRules)? {
        lock.lock()
        defer { lock.unlock() }
        return cache[name]
    }

    /// Caches a zone unless another thread got there first, and returns the cached one.
    private func store(_ zone: any ZoneRules, as name: String) -> any ZoneRules {
        lock.lock()
        defer { lock.unlock() }
        if let existing = cache[name] {
            return existing
        }
        cache[name] = zone
        return zone
    }

    private func canonicalName(for name: String) -> String? {
        lowercaseIndex()[name.lowercased()]
    }

    private func lowercaseIndex() -> [String: String] {
        lock.lock()
        defer { lock.unlock() }
        if let namesByLowercase {
            return namesByLowercase
        }
        var index: [String: String] = [:]
        for name in listedZoneNames() where Self.nameProblem(name) == nil {
            index[name.lowercased()] = index[name.lowercased()] ?? name
        }
        namesByLowercase = index
        return index
    }

    /// Zone and link names from `tzdata.zi` (`Z name …`, `L target name`) and the `.tab` files,
    /// or from a directory walk when none of them exists.
    private func listedZoneNames() -> [String] {
        var names: [String] = []
        if let bytes = Self.readBytes(atPath: directory + "/tzdata.zi") {
            for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
                let fields = line.split(whereSeparator: \.isWhitespace)
                if fields.count >= 2, fields[0] == "Z" {
                    names.append(String(fields[1]))
                } else if fields.count >= 3, fields[0] == "L" {
                    names.append(String(fields[2]))
                }
            }
        }
        for table in ["zone1970.tab", "zone.tab"] {
            guard let bytes = Self.readBytes(atPath: directory + "/" + table) else { continue }
            for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
            where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                if fields.count >= 3 {
                    names.append(String(fields[2]))
                }
            }
        }
        if names.isEmpty {
            let fileManager = FileManager.default
            for path in (try? fileManager.subpathsOfDirectory(atPath: directory)) ?? [] {
                var isDirectory: ObjCBool = false
                if Self.nameProblem(path) == nil,
                    fileManager.fileExists(
                        atPath: directory + "/" + path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    names.append(path)
                }
            }
        }
        return names
    }
}
