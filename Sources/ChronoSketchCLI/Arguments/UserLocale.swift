import ChronoSketchCore

/// The language and territory of the user's locale, for the defaults of `--lang` and
/// `--week-start`: the first of `LC_ALL`, `LC_TIME` and `LANG` that is set and not empty, as
/// POSIX orders them for dates (`de_DE.UTF-8`, `en_US`, `pt_BR.UTF-8@euro`). `C` and
/// `POSIX` name no language.
struct UserLocale: Equatable {
    /// The language code, lower-cased (`de`); nil for `C`, `POSIX` or nothing set.
    var language: String?
    /// The territory code, upper-cased (`DE`); nil when none is given.
    var territory: String?

    init(language: String? = nil, territory: String? = nil) {
        self.language = language
        self.territory = territory
    }

    init(_ environment: [String: String]) {
        guard
            let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap({ environment[$0] })
                .first(where: { !$0.isEmpty })
        else { return }
        // language[_territory][.codeset][@modifier]
        let base = name.split(separator: "@").first.map(String.init) ?? name
        let locale = base.split(separator: ".").first.map(String.init) ?? base
        let parts = locale.split(separator: "_", maxSplits: 1).map(String.init)
        guard let first = parts.first, first != "C", first != "POSIX",
            (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return }
        language = first.lowercased()
        if parts.count == 2, (2...3).contains(parts[1].count),
            parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        {
            territory = parts[1].uppercased()
        }
    }

    /// The language of views the locale asks for: German for `de`, else English.
    var viewLanguage: Language { language == "de" ? .de : .en }

    /// The first day of the week in the locale's territory: Sunday where the Unicode CLDR
    /// (supplemental weekData, firstDay "sun") says so, Monday elsewhere (Monday is also the
    /// nearer of the two for the territories whose weeks start on Saturday or Friday). nil
    /// without a territory.
    var territoryWeekStart: Weekday? {
        guard let territory else { return nil }
        return Self.sundayTerritories.contains(territory) ? .sunday : .monday
    }

    /// Territories whose weeks start on Sunday, from CLDR's supplementalData.xml weekData.
    static let sundayTerritories: Set<String> = [
        "AG", "AS", "BD", "BR", "BS", "BT", "BW", "BZ", "CA", "CN", "CO", "DM", "DO", "ET", "GT",
        "GU", "HK", "HN", "ID", "IL", "IN", "JM", "JP", "KE", "KH", "KR", "LA", "MH", "MM", "MO",
        "MT", "MX", "MZ", "NI", "NP", "PA", "PE", "PH", "PK", "PR", "PT", "PY", "SA", "SG", "SV",
        "TH", "TT", "TW", "UM", "US", "VE", "VI", "WS", "YE", "ZA", "ZW",
    ]

    /// The week start when `--week-start` is not given: the language `--lang` names when it
    /// is given, else the locale's territory, else the locale's language (Monday for German,
    /// Sunday for English and no locale).
    func weekStart(lang: Language?) -> Weekday {
        if let lang { return lang.weekStart }
        return territoryWeekStart ?? viewLanguage.weekStart
    }
}
