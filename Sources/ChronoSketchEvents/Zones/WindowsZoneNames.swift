import ChronoSketchSyntax

/// Finds the IANA name for a TZID written as a Windows zone ID or an Outlook display name.
///
/// The data comes from ``WindowsZones``, generated from CLDR by
/// `Scripts/generate_windows_zones.py`.
enum WindowsZoneNames {
    /// The IANA name, or nil.
    ///
    /// Tries in order: the Windows ID (exact, then case-insensitive, also with a trailing
    /// " Standard Time"/" Daylight Time" variant normalised), the display name exactly, then a
    /// normalised display name: "GMT" read as "UTC", "." in the offset read as ":", " / " and "/"
    /// read as ", ", surrounding quotes and repeated spaces removed, and finally by the list of
    /// cities alone when it matches exactly one display name's city list (so
    /// "Canberra, Melbourne, Sydney" finds "(UTC+10:00) Canberra, Melbourne, Sydney"). Offsets in
    /// the text are not trusted on their own.
    ///
    /// The variant rule turns "Eastern" and "Eastern Daylight Time" into "Eastern Standard Time";
    /// a bare "GMT" is left alone, since it does not mean Windows' "GMT Standard Time" (London).
    /// Normalising also case-folds and undoes iCalendar text escapes (`\,` `\;` `\\`), which a
    /// TZID copied from a `TZID:` property line may still carry.
    /// - Parameter tzid: A TZID parameter or property value, with or without surrounding quotes.
    static func ianaName(for tzid: String) -> String? {
        if let iana = WindowsZones.ianaByWindowsID[tzid] {
            return iana
        }
        let text = cleaned(tzid)
        guard !text.isEmpty else {
            return nil
        }
        for candidate in windowsIDCandidates(folded: text.lowercased()) {
            if let iana = ianaByFoldedWindowsID[candidate] {
                return iana
            }
        }
        if let windowsID = WindowsZones.windowsIDByDisplayName[tzid]
            ?? WindowsZones.windowsIDByDisplayName[text]
        {
            return WindowsZones.ianaByWindowsID[windowsID]
        }
        let display = NormalisedDisplayName(text)
        if let windowsID = windowsIDByNormalisedDisplayName[display.key] {
            return WindowsZones.ianaByWindowsID[windowsID]
        }
        if !display.cities.isEmpty, let windowsID = windowsIDByCityList[display.cities] {
            return WindowsZones.ianaByWindowsID[windowsID]
        }
        return nil
    }

    // MARK: - Lookup tables, built once

    /// IANA names keyed by the lower-cased Windows ID.
    static let ianaByFoldedWindowsID: [String: String] = {
        var table: [String: String] = [:]
        for windowsID in WindowsZones.ianaByWindowsID.keys.sorted() {
            let key = collapsingSpaces(windowsID).lowercased()
            if table[key] == nil, let iana = WindowsZones.ianaByWindowsID[windowsID] {
                table[key] = iana
            }
        }
        return table
    }()

    /// Windows IDs keyed by ``NormalisedDisplayName/key``; keys shared by two IDs are left out.
    static let windowsIDByNormalisedDisplayName: [String: String] = uniqueIndex { $0.key }

    /// Windows IDs keyed by ``NormalisedDisplayName/cities``; lists shared by two IDs are left out.
    static let windowsIDByCityList: [String: String] = uniqueIndex { $0.cities }

    /// Indexes the display-name table by a normalised form, keeping only unambiguous keys.
    private static func uniqueIndex(
        by keyOf: (NormalisedDisplayName) -> String
    ) -> [String: String] {
        var idsByKey: [String: Set<String>] = [:]
        for (displayName, windowsID) in WindowsZones.windowsIDByDisplayName {
            let key = keyOf(NormalisedDisplayName(cleaned(displayName)))
            if !key.isEmpty {
                idsByKey[key, default: []].insert(windowsID)
            }
        }
        var table: [String: String] = [:]
        for (key, ids) in idsByKey where ids.count == 1 {
            table[key] = ids.first
        }
        return table
    }

    // MARK: - Windows IDs

    private static let standardSuffix = " standard time"
    private static let daylightSuffix = " daylight time"

    /// Lower-cased Windows IDs to try for a lower-cased TZID, most literal first.
    static func windowsIDCandidates(folded text: String) -> [String] {
        var candidates = [text]
        if text.hasSuffix(daylightSuffix) {
            candidates.append(String(text.dropLast(daylightSuffix.count)) + standardSuffix)
        } else if !text.hasSuffix(standardSuffix), text != "gmt" {
            candidates.append(text + standardSuffix)
        }
        return candidates
    }

    // MARK: - Text clean-up

    /// The text without surrounding whitespace or quotes, with runs of whitespace made one space.
    static func cleaned(_ text: String) -> String {
        var result = collapsingSpaces(text)
        if result.first == "'", result.last == "'", result.count >= 2 {
            result = String(result.dropFirst().dropLast())
        }
        // Double quotes are dropped even when unbalanced, as in `"W. Europe Standard Time`.
        result = String(result.drop { $0 == "\"" }.reversed().drop { $0 == "\"" }.reversed())
        return collapsingSpaces(result)
    }

    /// The text trimmed, with every run of whitespace replaced by a single space.
    static func collapsingSpaces(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension WindowsZoneNames {
    /// A display name reduced to a canonical, lower-cased form: `(utc+01:00) amsterdam, berlin`.
    struct NormalisedDisplayName: Equatable {
        /// The offset as `(utc+hh:mm)` or `(utc)`, if the text starts with a readable one.
        var offset: String?
        /// The city list, entries separated by ", "; empty when the text is only an offset.
        var cities: String

        /// The whole name: the offset, a space and the cities, or just the cities.
        var key: String {
            guard let offset else {
                return cities
            }
            return cities.isEmpty ? offset : offset + " " + cities
        }

        /// Normalises a display name that has already been trimmed, unquoted and space-collapsed.
        init(_ text: String) {
            var rest = Substring(TextValue.unescape(text).lowercased())
            offset = nil
            if rest.first == "(", let close = rest.firstIndex(of: ")"),
                let parsed = Self.offset(in: rest[rest.index(after: rest.startIndex)..<close])
            {
                offset = parsed
                rest = rest[rest.index(after: close)...]
            }
            cities = Self.cityList(rest)
        }

        /// Reads `utc+01:00`, `gmt+01.00`, `gmt +1`, `utc` or `gmt` as `(utc+01:00)` or `(utc)`.
        static func offset(in text: Substring) -> String? {
            let compact = text.filter { !$0.isWhitespace }
            guard compact.hasPrefix("utc") || compact.hasPrefix("gmt") else {
                return nil
            }
            let signed = compact.dropFirst(3)
            guard let sign = signed.first else {
                return "(utc)"
            }
            guard sign == "+" || sign == "-" else {
                return nil
            }
            let parts = signed.dropFirst().split(
                maxSplits: 1, omittingEmptySubsequences: false,
                whereSeparator: { $0 == ":" || $0 == "." })
            let hours = parts[0]
            let minutes = parts.count > 1 ? parts[1] : "00"
            guard (1...2).contains(hours.count), minutes.count == 2,
                hours.allSatisfy(isDigit), minutes.allSatisfy(isDigit)
            else {
                return nil
            }
            let paddedHours = hours.count == 1 ? "0" + hours : String(hours)
            return "(utc\(sign)\(paddedHours):\(minutes))"
        }

        /// Whether the character is one of the ASCII digits 0–9.
        private static func isDigit(_ character: Character) -> Bool {
            ("0"..."9").contains(character)
        }

        /// Splits on ",", " / " and "/", trims each city and joins them with ", ".
        static func cityList(_ text: Substring) -> String {
            text.split(whereSeparator: { $0 == "," || $0 == "/" })
                .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                .filter { !$0.isEmpty }
                .joined(separator: ", ")
        }
    }
}
