import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// For `convert --dedupe`: of every UID that several inputs use, the input whose version is
/// the newest (highest SEQUENCE, then latest DTSTAMP, then the input read last), found by a
/// pass over the inputs before they are merged. A version is an input's VEVENTs with that UID,
/// its master and overrides together; it is judged by its master (by its newest override when
/// the input has none).
struct NewestAcrossInputs: Sendable {
    /// What a version is judged by: its rank, its order being the input's.
    private struct Version: Sendable {
        var rank: VersionRank
        var hasMaster: Bool
        var input: Int { rank.order }
    }

    /// Per UID used in more than one input, each input's version.
    private var versions: [ExactText: [Version]] = [:]

    /// Reads `inputs` (each must be readable twice).
    init(_ inputs: [InputSource?], limits: ReadLimits) {
        var all: [ExactText: [Version]] = [:]
        for (index, input) in inputs.enumerated() {
            guard let input,
                var items = try? ComponentSources.open(input, limits: limits, progress: nil)
            else { continue }
            while let item = try? items.next() {
                guard case .component(let component) = item, component.name == "VEVENT",
                    let text = component.property("UID")?.value?.text
                else { continue }
                let uid = ExactText(text)
                let isMaster = component.property("RECURRENCE-ID") == nil
                var rank = VersionRank(sequence: 0, stamp: nil, order: index)
                if case .integer(let number)? = component.property("SEQUENCE")?.value {
                    rank.sequence = number
                }
                if case .dateTime(let time)? = component.property("DTSTAMP")?.value {
                    rank.stamp = time.wallClock
                }
                let read = Version(rank: rank, hasMaster: isMaster)
                var list = all[uid, default: []]
                if let at = list.firstIndex(where: { $0.input == index }) {
                    // The master decides; without one, the newest override.
                    let kept = list[at]
                    if isMaster && !kept.hasMaster
                        || isMaster == kept.hasMaster
                            && read.rank.reason(toReplace: kept.rank) != nil
                    {
                        list[at] = read
                    }
                } else {
                    list.append(read)
                }
                all[uid] = list
            }
        }
        versions = all.filter { $0.value.count > 1 }
    }

    /// The input whose version of `uid` is kept, and why, when `input`'s is left out; nil when
    /// `input`'s is kept (or no other input uses the UID).
    func replacement(of uid: String, in input: Int) -> (input: Int, reason: String)? {
        guard let list = versions[ExactText(uid)],
            let own = list.first(where: { $0.input == input })
        else { return nil }
        // The newest of them all replaces every other.
        guard
            let newest = list.first(where: { candidate in
                !list.contains { $0.rank.reason(toReplace: candidate.rank) != nil }
            }), newest.input != input,
            let reason = newest.rank.reason(toReplace: own.rank)
        else { return nil }
        return (newest.input, reason)
    }
}
