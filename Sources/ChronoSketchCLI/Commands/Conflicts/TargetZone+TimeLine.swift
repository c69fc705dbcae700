import ChronoSketchEvents
import ChronoSketchFormats
import ChronoSketchLayout
import ChronoSketchSyntax

extension TargetZone {
    /// The zone's instants, on which conflicts and busy time are measured.
    var timeLine: TimeLine {
        TimeLine(
            zone: name, instant: { instant(atWallClockSeconds: $0) },
            wallClock: { wallClockSeconds(atUTC: $0) })
    }
}
