import ChronoSketchSyntax
internal import CLibical

/// libical's process-wide settings, applied once before the first call into it.
///
/// libical keeps global state (error state, zone cache), so every call into it is made from
/// one thread at a time; the readers in this module are not shared between threads.
enum LibicalRuntime {
    /// Makes every libical error non-fatal: libical then reports problems as `X-LIC-ERROR`
    /// properties and error codes instead of aborting the process.
    static let prepared: Void = {
        icalerror_set_errors_are_fatal(0)
        for error in [
            ICAL_BADARG_ERROR, ICAL_NEWFAILED_ERROR, ICAL_ALLOCATION_ERROR,
            ICAL_MALFORMEDDATA_ERROR, ICAL_PARSE_ERROR, ICAL_INTERNAL_ERROR, ICAL_FILE_ERROR,
            ICAL_USAGE_ERROR, ICAL_UNIMPLEMENTED_ERROR, ICAL_UNKNOWN_ERROR,
        ] {
            icalerror_set_error_state(error, ICAL_ERROR_NONFATAL)
        }
    }()

    /// The version of the libical the program runs with.
    static var version: String {
        ICAL_VERSION
    }
}

/// The libical `ics` was built against.
public enum Libical {
    /// `3.0.16`: the version of the headers the package was compiled with.
    public static let version = "\(ICAL_MAJOR_VERSION).\(ICAL_MINOR_VERSION).\(ICAL_PATCH_VERSION)"
}
