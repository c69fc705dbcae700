import ChronoSketchCore
import ChronoSketchLayout

/// A heatmap as text: a line per week, a shade per day from `·` (free) to `█` (the busiest),
/// the month named where it begins.
///
/// ```
/// Busy hours · Tuesday 1 September 2026 – Monday 30 November 2026 · Times in Europe/Berlin
///
///              Mon Tue Wed Thu Fri Sat Sun
/// Sep 2026          ·   ▒   █   ·   ·   ·
/// ```
enum HeatmapText {
    static let shades: [Character] = ["·", "░", "▒", "▓", "█"]

    static func format(_ heatmap: HeatmapLayout, _ context: ViewContext) -> String {
        let language = context.language
        let last = (try? heatmap.to.adding(days: -1)) ?? heatmap.from
        var text = TextLines.joined(
            [
                language.busyHoursHeading,
                "\(language.longDate(heatmap.from)) – \(language.longDate(last))",
                language.timesIn(context.zone),
            ], width: context.width)
        text += "\n"
        let names = (heatmap.weeks.first ?? []).map {
            language.weekdayAbbreviation($0.date.weekday).fitted(to: 3)
        }
        text +=
            (String(repeating: " ", count: 13) + names.joined(separator: " "))
            .trimmingTrailingSpaces() + "\n"
        let maximum = heatmap.maximumBusyMinutes
        for week in heatmap.weeks {
            let starting = week.first {
                $0.inRange && ($0.date.day == 1 || $0.date == heatmap.from)
            }
            let label =
                starting.map {
                    "\(language.monthName($0.date.month).prefix(3)) \($0.date.year)"
                } ?? ""
            let cells = week.map { day in
                day.inRange
                    ? " " + String(shades[HeatmapSVG.level(day.busyMinutes, maximum)]) + " " : "   "
            }
            text +=
                label.fitted(to: 12) + " " + cells.joined(separator: " ").trimmingTrailingSpaces()
                + "\n"
        }
        let legend =
            shades.map(String.init).joined(separator: " ")
            + "  \(language.lessWord) → \(language.moreWord) · \(language.maximumWord) \(language.busyTime(maximum))"
        text += "\n" + legend.truncated(toWidth: context.width) + "\n"
        return text
    }
}
