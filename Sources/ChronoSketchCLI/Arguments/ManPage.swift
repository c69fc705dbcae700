import Foundation

/// The manual page `ics(1)`, in roff (man macros), written from the command specs the parser
/// reads: every command with its usage, description and options.
enum ManPage {
    static func text(commands: [any Command.Type], groups: [CommandGroup]) -> String {
        var page = """
            .TH ICS 1 "" "ics \(ICSCommandLine.version)" "User Commands"
            .\\" Options and values break nowhere: no hyphenation, lines ragged on the right.
            .nh
            .ad l
            .SH NAME
            ics \\- \(escaped(ICSCommandLine.overview))
            .SH SYNOPSIS
            .B ics
            .I command
            .RI [ options "] [" file " ...]"
            .br
            .B ics
            .RB { \(groups.map(\.name).joined(separator: " | ")) }
            .I view
            .RI [ options "] [" file " ...]"
            .br
            .B ics help
            .RI [ command " | " \\-\\-man ]
            .SH DESCRIPTION

            """
        page += paragraph(
            """
            ics reads iCalendar files (RFC 5545), jCal, JSON, NDJSON and CSV, and turns every \
            VEVENT, recurring and zoned ones included, into intervals on the wall clock of one \
            zone with exclusive ends: all-day events keep their dates, floating times stay as \
            written, UTC and zoned times are converted to the --tz zone. It converts calendars \
            losslessly, checks them, reports where events sit in a day, a week, a month, a \
            timeline or a folded day, and finds conflicts and free time.
            """)
        page += paragraph(
            """
            Data goes to standard output (or atomically to the -o file); problems go to \
            standard error as file:line: severity: message, with what was assumed. Where a \
            command takes files, '-' or none reads standard input.
            """)
        page += ".SH COMMANDS\n"
        for command in commands { page += section(command.spec) }
        for group in groups {
            page += ".SS \"ics \(group.name) \\fIview\\fR\"\n"
            page += paragraph(group.abstract)
            for command in group.commands { page += section(command.spec) }
        }
        page += """
            .SH EXIT STATUS
            .TP
            .B 0
            Success.
            .TP
            .B 1
            Findings: conflicts found, validation findings, a proposed time that is not free, \
            no free slot.
            .TP
            .B 2
            An input could not be read or used, or output could not be written; what could be \
            used was still reported.
            .TP
            .B 64
            A usage error: an unknown command or option, or a value that does not fit.
            .TP
            .B 128+n
            Stopped by signal n (130 for Ctrl\\-C); no partial output file is left.
            .SH ENVIRONMENT
            .TP
            .B TZ
            The zone \\-\\-tz local means, else /etc/localtime.
            .TP
            .BR LC_ALL ", " LC_TIME ", " LANG
            The language of text views and the first day of the week when \\-\\-lang and \\-\\-week\\-start are not given (de for German locales, else en).
            .TP
            .B COLUMNS
            The width text views fit, else the terminal's, else 80.
            .TP
            .B NO_COLOR
            When set and not empty, diagnostics on a terminal are not coloured.
            .SH FILES
            .TP
            .I /usr/share/zoneinfo
            The IANA time zone database zoned times are read with (Debian package tzdata).
            .SH EXAMPLES
            .nf
            ics events work.ics \\-\\-from today \\-\\-days 7 \\-\\-tz Europe/Berlin
            ics convert work.ics \\-o work.csv
            ics conflicts mine.ics team.ics \\-\\-across\\-files
            ics slots mine.ics team.ics \\-\\-days 5 \\-\\-between 9\\-17 \\-\\-duration 1h \\-\\-first 1
            ics render week work.ics \\-\\-date today \\-o week.svg
            .fi
            .SH SEE ALSO
            RFC 5545 (iCalendar), RFC 7265 (jCal), RFC 5546 (iTIP).
            Each command's help: \\fBics help\\fR \\fIcommand\\fR.

            """
        return page
    }

    /// A command's subsection: its usage, what it does, its arguments and options.
    private static func section(_ spec: CommandSpec) -> String {
        var text = ".SS \"\(escaped(spec.fullName))\"\n"
        text += paragraph(spec.abstract)
        if let discussion = spec.discussion { text += paragraph(discussion) }
        // The usage line, broken between options.
        var lines: [String] = []
        var line = ""
        for part in spec.usageParts {
            if !line.isEmpty, line.count + 1 + part.count > 72 {
                lines.append(line)
                line = "    "
            }
            line += (line.allSatisfy { $0 == " " } ? "" : " ") + part
        }
        lines.append(line)
        text += ".PP\n.nf\n\(escaped(lines.joined(separator: "\n")))\n.fi\n"
        if let positional = spec.positional {
            let names =
                positional.fixed.isEmpty ? positional.name : positional.fixed.joined(separator: " ")
            text += ".TP\n.I \(names)\n\(escaped(positional.help))\n"
        }
        for option in spec.options {
            var label = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
            label += "\\fB\(escaped("--" + option.name))\\fR"
            if let valueName = option.valueName { label += " \\fI\(escaped(valueName))\\fR" }
            text += ".TP\n\(label)\n\(escaped(option.help))\n"
        }
        return text
    }

    private static func paragraph(_ text: String) -> String {
        ".PP\n" + escaped(text) + "\n"
    }

    /// Text safe in roff: backslashes escaped, hyphens as `\-` (so options read and copy as
    /// typed), typographic characters as groff's names for them (so a page read in an ASCII
    /// locale shows them too), and no line starting with a control character.
    static func escaped(_ text: String) -> String {
        var body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(
            of: "-", with: "\\-")
        for (character, name) in glyphs {
            body = body.replacingOccurrences(of: character, with: name)
        }
        if !body.unicodeScalars.allSatisfy(\.isASCII) {
            body = body.unicodeScalars.map { scalar in
                guard !scalar.isASCII else { return String(scalar) }
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }.joined()
        }
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.first == "." || line.first == "'" ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }

    /// Characters the help texts use, by their groff names (groff_char(7)); anything else
    /// is written by its code point.
    private static let glyphs: [(String, String)] = [
        ("…", "\\&.\\|.\\|."), ("“", "\\(lq"), ("”", "\\(rq"), ("‘", "\\(oq"), ("’", "\\(cq"),
        ("–", "\\(en"), ("—", "\\(em"), ("×", "\\(mu"), ("·", "\\(pc"), ("→", "\\(->"),
        ("≤", "\\(<="), ("≥", "\\(>="),
    ]
}
