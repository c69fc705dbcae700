import ChronoSketchCore

/// What keeps a line from being read as a property, or passes a bound of ``ReadLimits``: said
/// alike of the lines of `.ics` text and of the lines jCal properties become, so these codes
/// and their words live here (the registry names this type as their rule).
package enum LineProblems {
    /// A line with a NUL byte, which no iCalendar line may hold.
    package static let nulByte = Problem(.nulByte, "Line holds a NUL byte")

    /// A line made from `property`'s value that would hold `characters` no line can.
    package static func unwritable(_ property: String, characters: [Unicode.Scalar]) -> Problem {
        var unique: [Unicode.Scalar] = []
        for scalar in characters where !unique.contains(scalar) { unique.append(scalar) }
        return Problem(
            .nulByte,
            "\(property) holds characters no iCalendar line can (\(unique.map(\.codePoint).joined(separator: ", ")))"
        )
    }

    /// A line past the bound, cut there.
    package static func tooLong(limit: Int) -> Problem {
        Problem(.lineTooLong, "Line is longer than \(ByteCount.text(limit))")
    }

    /// A line made from `property` that the reader would cut.
    package static func tooLong(_ property: String, bytes: Int, limit: Int) -> Problem {
        Problem(
            .lineTooLong,
            "\(property) would be a line of \(bytes) bytes, longer than the \(ByteCount.text(limit)) a content line may have to be read again"
        )
    }

    /// A line that does not split into a name, parameters and a value; `bytes` begins it.
    package static func notAProperty(_ bytes: [UInt8]) -> Problem {
        Problem(.notAProperty, "Line is not a property: '\(ICalendarReader.excerpt(bytes))'")
    }

    /// A line kept as written, whose value is asked for.
    package static let unread = Problem(.notAProperty, "Line is not a property")

    /// A property name no iCalendar line can carry.
    package static func notAPropertyName(_ name: String) -> Problem {
        Problem(
            .notAProperty, "A jCal property named '\(name)' cannot be an iCalendar property name")
    }

    /// BEGIN or END given as a property.
    package static func misplaced(_ name: String) -> Problem {
        Problem(.notAProperty, "A property named \(name) has no place in a component")
    }

    /// A parameter that is not `name=value`, written as `written`.
    package static func parameterWithoutValue(_ written: String) -> Problem {
        Problem(.parameterWithoutValue, "Parameter '\(written)' has no name=value form")
    }

    /// A parameter whose name no iCalendar parameter can have.
    package static func parameterName(_ name: String, of property: String) -> Problem {
        Problem(
            .parameterWithoutValue,
            "\(property) has a parameter named '\(name)', which no iCalendar parameter can be")
    }

    /// A property with more parameters than the bound.
    package static func tooManyParameters(_ property: String, limit: Int) -> Problem {
        Problem(
            .tooManyParameters, "\(property) has more than \(limit) parameters",
            assumption: "the rest are not read")
    }

    /// A component with more properties than the bound.
    package static func tooManyProperties(_ component: String, limit: Int) -> Problem {
        Problem(
            .tooManyProperties, "\(component) has more than \(limit) properties",
            assumption: "the rest are ignored")
    }

    /// Components nested past the bound.
    package static func nestedTooDeep(limit: Int) -> Problem {
        Problem(.nestedTooDeep, "Components nested deeper than \(limit) levels")
    }
}
