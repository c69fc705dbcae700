import ChronoSketchCore

/// What tells one version of an event newer than another: a higher SEQUENCE (RFC 5545
/// §3.8.7.4), then a later DTSTAMP, then being read later. The one rule every choice between
/// versions follows: the newest of an id in a listing, and `convert --dedupe` across inputs.
package struct VersionRank: Sendable {
    package var sequence: Int
    /// DTSTAMP's wall clock (UTC as RFC 5545 writes it).
    package var stamp: LocalDateTime?
    /// Where the version was read: a later one has a higher order.
    package var order: Int

    package init(sequence: Int, stamp: LocalDateTime?, order: Int) {
        self.sequence = sequence
        self.stamp = stamp
        self.order = order
    }

    /// Why this version replaces `other` (`has a higher SEQUENCE`, `has a later DTSTAMP`,
    /// `was read later`), or nil when it does not.
    package func reason(toReplace other: VersionRank) -> String? {
        if sequence != other.sequence {
            return sequence > other.sequence ? "has a higher SEQUENCE" : nil
        }
        if let stamp, let otherStamp = other.stamp, stamp != otherStamp {
            return stamp > otherStamp ? "has a later DTSTAMP" : nil
        }
        return order > other.order ? "was read later" : nil
    }
}

extension VersionRank {
    /// The version of an event left out for a newer one: `event` names it, `keptAt` says
    /// where the one kept is written, `because` why it is newer.
    static func dropped(
        _ event: String, file: String, line: Int, uid: String?, keptAt: String, because: String
    ) -> Diagnostic {
        Diagnostic(
            .warning, .duplicateEvent, file: file, line: line, uid: uid,
            message: "\(event) is defined again at \(keptAt)",
            assumption: "this one is ignored: the other \(because)")
    }
}
