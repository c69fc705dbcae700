import Testing

@testable import ChronoSketchEvents
@testable import ChronoSketchFormats
@testable import ChronoSketchSyntax

@Suite("Windows zone IDs and Outlook display names")
struct WindowsZoneNamesTests {
    /// A TZID and the IANA name it should resolve to.
    struct Case: Sendable, CustomStringConvertible {
        var tzid: String
        var iana: String
        var description: String { "\(tzid) → \(iana)" }

        init(_ tzid: String, _ iana: String) {
            self.tzid = tzid
            self.iana = iana
        }
    }

    /// The forms named in the design notes.
    static let examples: [Case] = [
        Case("W. Europe Standard Time", "Europe/Berlin"),
        Case("Pacific Standard Time", "America/Los_Angeles"),
        Case("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Berlin"),
        Case("(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna", "Europe/Berlin"),
        Case("(UTC+07:00) Bangkok, Hanoi, Jakarta", "Asia/Bangkok"),
        Case("Central Standard Time", "America/Chicago"),
        Case("Eastern", "America/New_York"),
        Case("Canberra, Melbourne, Sydney", "Australia/Sydney"),
        Case("Kuala Lumpur, Singapore", "Asia/Singapore"),
        Case("Arabian Standard Time", "Asia/Dubai"),
    ]

    /// TZIDs as written in /work/shared/corpus, parameter quotes and TEXT escapes included.
    static let corpus: [Case] = [
        // node-ical/test/fixtures/ms_timezones.ics
        Case("Eastern Standard Time", "America/New_York"),
        Case("GMT Standard Time", "Europe/London"),
        Case("Jordan Standard Time", "Asia/Amman"),
        Case("US Mountain Standard Time", "America/Phoenix"),
        Case("\"W. Europe Standard Time", "Europe/Berlin"),
        // node-ical/test/fixtures/vtimezone-year-0001-dtstart.ics
        Case("\"W. Europe Standard Time\"", "Europe/Berlin"),
        // node-ical/test/fixtures/Office-2012-owa.ics
        Case("(GMT+10:00) Canberra, Melbourne, Sydney", "Australia/Sydney"),
        Case("(UTC-05:00) Eastern Time (US & Canada)", "America/New_York"),
        // node-ical/test/fixtures/exchange-custom-tz.ics (parameter, then TZID property)
        Case("\"(UTC+07:00) Bangkok, Hanoi, Jakarta\"", "Asia/Bangkok"),
        Case("(UTC+07:00) Bangkok\\, Hanoi\\, Jakarta", "Asia/Bangkok"),
        // ical4j samples/valid/2207678.ics (TZID property)
        Case("Kuala Lumpur\\, Singapore", "Asia/Singapore"),
        // ical4j samples/valid/Standup.ics (parameter)
        Case("\"Canberra, Melbourne, Sydney\"", "Australia/Sydney"),
        // ical4j samples/valid/calconnect*.ics
        Case("Eastern", "America/New_York"),
        // ical4j samples/valid/evolution2.ics
        Case("Arabian Standard Time", "Asia/Dubai"),
        // ical4j transform/outlook1.txt and transform/timezones/outlook*.txt
        Case("Pacific Standard Time", "America/Los_Angeles"),
    ]

    /// Further real Windows IDs and display names, in the spellings Windows and Outlook use.
    static let more: [Case] = [
        Case("pacific standard time", "America/Los_Angeles"),
        Case("Eastern Daylight Time", "America/New_York"),
        Case("GMT Daylight Time", "Europe/London"),
        Case("Tokyo Standard Time", "Asia/Tokyo"),
        Case("AUS Eastern Standard Time", "Australia/Sydney"),
        Case("Romance Standard Time", "Europe/Paris"),
        Case("India Standard Time", "Asia/Calcutta"),
        Case("Pacific Standard Time (Mexico)", "America/Tijuana"),
        Case("UTC", "Etc/UTC"),
        Case("UTC-11", "Etc/GMT+11"),
        Case("(UTC) Coordinated Universal Time", "Etc/UTC"),
        Case("(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi", "Asia/Calcutta"),
        Case("(UTC+13:00) Nuku'alofa", "Pacific/Tongatapu"),
        Case("(UTC-08:00) Pacific Time (US & Canada)", "America/Los_Angeles"),
        Case("Pacific Time (US & Canada)", "America/Los_Angeles"),
        // Windows 7 wrote the London zone without an offset; the city list still finds it.
        Case("(UTC) Dublin, Edinburgh, Lisbon, London", "Europe/London"),
        // Windows XP spelling: GMT, dotted offset and a single-digit hour.
        Case("(GMT+9.30) Adelaide", "Australia/Adelaide"),
        Case("  (GMT+01:00)   Brussels,Copenhagen,  Madrid, Paris ", "Europe/Paris"),
        Case("'Kuala Lumpur, Singapore'", "Asia/Singapore"),
    ]

    /// TZIDs that name no Windows zone, or only an offset, and so must stay unresolved.
    static let unresolved: [String] = [
        "Customized Time Zone",
        "Customized Time Zone 1",
        "1",
        " 1",
        "UTC+01",
        "Mars/Olympus",
        "",
        "   ",
        "\"\"",
        "GMT",
        "Berlin",
        "(GMT +01:00)",
        "(GMT-03:00)",
        "(UTC+01:00)",
        "(no TZ description)",
        "US--Fictitious-Eastern",
        "Europe/Berlin",
    ]

    /// Real TZIDs from the corpus that CLDR 41's display names cannot settle.
    static let corpusUnresolved: [String] = [
        // ical4j transform/outlook2.txt: an older GTB display name; CLDR 41 lists
        // "(UTC+02:00) Athens, Bucharest" and "(UTC+03:00) Istanbul" apart.
        "(UTC+02:00) Athens, Bucharest, Istanbul",
        // node-ical test_with_tz_list.ics: cities of three Windows zones at once.
        "Amsterdam, Belgrade, Berlin, Brussels, Budapest, Madrid, Paris, Prague, Stockholm",
        // ical4j samples/invalid/tmeher.ics: "Tijuana" is no longer in the Pacific list.
        "Pacific Time (US & Canada), Tijuana",
        // node-ical windows-quoted-tz-rrule.ics: "and" where Windows writes "&".
        "(UTC-05:00) Eastern Time (US and Canada)",
    ]

    /// Offset parentheses (contents, lower-cased) and how they read; nil when they do not.
    static let offsets: [(String, String?)] = [
        ("utc+01:00", "(utc+01:00)"),
        ("gmt+01.00", "(utc+01:00)"),
        ("gmt +1", "(utc+01:00)"),
        ("utc-03:30", "(utc-03:30)"),
        ("utc", "(utc)"),
        ("gmt", "(utc)"),
        ("utc+1:5", nil),
        ("utc+123:00", nil),
        ("utc~01:00", nil),
        ("no tz description", nil),
    ]

    @Test(arguments: examples)
    func resolvesExample(_ example: Case) {
        #expect(WindowsZoneNames.ianaName(for: example.tzid) == example.iana)
    }

    @Test(arguments: corpus)
    func resolvesCorpusTZID(_ example: Case) {
        #expect(WindowsZoneNames.ianaName(for: example.tzid) == example.iana)
    }

    @Test(arguments: more)
    func resolvesOtherWindowsName(_ example: Case) {
        #expect(WindowsZoneNames.ianaName(for: example.tzid) == example.iana)
    }

    @Test(arguments: unresolved)
    func leavesUnresolved(_ tzid: String) {
        #expect(WindowsZoneNames.ianaName(for: tzid) == nil)
    }

    @Test(arguments: corpusUnresolved)
    func leavesAmbiguousCorpusNameUnresolved(_ tzid: String) {
        #expect(WindowsZoneNames.ianaName(for: tzid) == nil)
    }

    @Test func everyWindowsIDHasOneDisplayName() {
        let ids = Set(WindowsZones.ianaByWindowsID.keys)
        #expect(ids.count > 100)  // 139 in CLDR 41
        #expect(WindowsZones.windowsIDByDisplayName.count == ids.count)
        #expect(Set(WindowsZones.windowsIDByDisplayName.values) == ids)
    }

    @Test func everyWindowsIDAndDisplayNameResolvesToItsZone() {
        for (windowsID, iana) in WindowsZones.ianaByWindowsID {
            #expect(WindowsZoneNames.ianaName(for: windowsID) == iana, "\(windowsID)")
            #expect(WindowsZoneNames.ianaName(for: windowsID.uppercased()) == iana, "\(windowsID)")
        }
        for (displayName, windowsID) in WindowsZones.windowsIDByDisplayName {
            let iana = WindowsZones.ianaByWindowsID[windowsID]
            #expect(iana != nil, "\(displayName)")
            #expect(WindowsZoneNames.ianaName(for: displayName) == iana, "\(displayName)")
            let gmt = displayName.replacing("(UTC", with: "(GMT").replacing(", ", with: " / ")
            #expect(WindowsZoneNames.ianaName(for: gmt) == iana, "\(gmt)")
        }
    }

    @Test func everyCityListIsUnambiguous() {
        #expect(
            WindowsZoneNames.windowsIDByCityList.count
                == WindowsZones.windowsIDByDisplayName.count)
        #expect(
            WindowsZoneNames.windowsIDByNormalisedDisplayName.count
                == WindowsZones.windowsIDByDisplayName.count)
    }

    @Test(arguments: offsets)
    func readsOffset(_ text: String, _ expected: String?) {
        #expect(WindowsZoneNames.NormalisedDisplayName.offset(in: Substring(text)) == expected)
    }
}
