import ChronoSketchCore
import ChronoSketchSyntax

/// What the commands that read calendars and write a report take alike, read once: the inputs
/// (FILE…, `-` or none for standard input), where the report goes (`-o`), whether a problem
/// of an event fails the run (`--strict`), the language of the text (`--lang`) and where weeks
/// start (`--week-start`, else `--lang`'s or the locale's).
struct RunOptions: Sendable {
    /// The inputs as named, standard input not yet given its bytes (``inputs(_:)``).
    let named: [InputSource]
    let outputPath: String?
    let strict: Bool
    let language: Language
    /// Where weeks start (``CommonOptions/weekStart(_:environment:)``).
    let weekStart: Weekday

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        named = CommonOptions.inputs(arguments)
        outputPath = arguments.value(CommonOptions.output.name)
        strict = arguments.isSet(CommonOptions.strict.name)
        language = try CommonOptions.language(arguments, environment: environment)
        weekStart = try CommonOptions.weekStart(arguments, environment: environment)
    }

    /// The inputs to read in this run, standard input with its bytes
    /// (``CommandLoading/withStandardInput(_:_:)``).
    func inputs(_ io: CommandIO) -> [InputSource] {
        CommandLoading.withStandardInput(named, io)
    }
}
