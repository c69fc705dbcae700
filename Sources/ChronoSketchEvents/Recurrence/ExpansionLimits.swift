import ChronoSketchSyntax

/// Bounds on series expansion (SPEC §3): reported when hit, never silent truncation.
public struct ExpansionLimits: Sendable, Hashable {
    /// Most instances one series gives (a daily series for about 270 years).
    public var instancesPerSeries: Int
    /// Most instances all series together give.
    public var totalInstances: Int
    /// Most steps the rules of one series take together, instances or not (candidates
    /// libical's iterator gives for other calendar scales, and intervals, days, hours and
    /// minutes walked and times made by the rules expanded in Swift): a rule that never reaches the window stops here.
    public var iterationsPerSeries: Int
    /// Most steps libical may take inside one iterator call of a sub-daily rule of another
    /// calendar scale (see
    /// ``RecurrenceRule/worstStepsBetweenInstances``); a rule over it is not expanded.
    public var stepsPerCall: Int
    /// Without `--to`, series with no end are listed up to this many years after the latest
    /// event start in the inputs (or `--from`, if later).
    public var horizonYears: Int

    /// Limits from their values; the defaults are those of the command line.
    public init(
        instancesPerSeries: Int = 100_000, totalInstances: Int = 5_000_000,
        iterationsPerSeries: Int = 1_000_000, stepsPerCall: Int = 10_000_000, horizonYears: Int = 2
    ) {
        self.instancesPerSeries = instancesPerSeries
        self.totalInstances = totalInstances
        self.iterationsPerSeries = iterationsPerSeries
        self.stepsPerCall = stepsPerCall
        self.horizonYears = horizonYears
    }
}
