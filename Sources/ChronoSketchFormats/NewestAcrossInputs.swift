import ChronoSketchCore
import ChronoSketchEvents
import ChronoSketchSyntax

/// For `convert --dedupe`: of every UID that several inputs use, the input whose version is
/// the newest (highest SEQUENCE, then latest DTSTAMP, then the input read last), found by a
/// pass over the inputs before they are merged. A version is an input's VEVENTs with that UID,
/// its master and overrides together; it is judged by its master (by its newest override when
/// the input has none).
struct NewestAcrossInputs: Sendable {
    /// What a version is judged by.
    private struct Version: Sendable {
        var input: Int
        var sequence: Int
        var stamp: LocalDateTime?
        var hasMaster: Bool
    }

    /// Per UID used in more than one input, each input's version.
    private var versions: [String: [Version]] = [:]

    /// Reads `inputs` (each must be readable twice).
    init(_ inputs: [InputSource?], limits: ReadLimits) {
        var all: [String: [Version]] = [:]
        for (index, input) in inputs.enumerated() {
            guard let input,
                var items = try? ComponentSources.open(input, limits: limits, progress: nil)
            else { continue }
            while let item = try? items.next() {
                guard case .component(let component) = item, component.name == "VEVENT",
                    let uid = component.property("UID")?.value?.text
                else { continue }
                let isMaster = component.property("RECURRENCE-ID") == nil
                var sequence = 0
                if case .integer(let number)? = component.property("SEQUENCE")?.value {
                    sequence = number
                }
                var stamp: LocalDateTime?
                if case .dateTime(let time)? = component.property("DTSTAMP")?.value {
                    stamp = time.wallClock
                }
                let read = Version(
                    input: index, sequence: sequence, stamp: stamp, hasMaster: isMaster)
                var list = all[uid, default: []]
                if let at = list.firstIndex(where: { $0.input == index }) {
                    // The master decides; without one, the newest override.
                    let kept = list[at]
                    if isMaster && !kept.hasMaster
                        || isMaster == kept.hasMaster && Self.reason(read, over: kept) != nil
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

    /// Why `version` is newer than `other`, or nil when it is not.
    private static func reason(_ version: Version, over other: Version) -> String? {
        if version.sequence != other.sequence {
            return version.sequence > other.sequence ? "has a higher SEQUENCE" : nil
        }
        if let left = version.stamp, let right = other.stamp, left != right {
            return left > right ? "has a later DTSTAMP" : nil
        }
        return version.input > other.input ? "was read later" : nil
    }

    /// The input whose version of `uid` is kept, and why, when `input`'s is left out; nil when
    /// `input`'s is kept (or no other input uses the UID).
    func replacement(of uid: String, in input: Int) -> (input: Int, reason: String)? {
        guard let list = versions[uid], let own = list.first(where: { $0.input == input })
        else { return nil }
        for other in list where other.input != input {
            if let reason = Self.reason(other, over: own),
                !list.contains(where: {
                    $0.input != other.input && Self.reason($0, over: other) != nil
                })
            {
                return (other.input, reason)
            }
        }
        return nil
    }
}
