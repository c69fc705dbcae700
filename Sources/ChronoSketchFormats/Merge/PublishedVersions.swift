import ChronoSketchCore
import ChronoSketchSyntax

/// The events of a feed as it was last published (`ics convert --previous FEED`): of each, by
/// UID and recurrence id, its SEQUENCE and a digest of what it says. An event written again
/// whose content changed since then has its SEQUENCE raised past the published one (RFC 5545
/// §3.8.7.4: a change of its start, end, rule or status needs it, and clients take any rise
/// as a new version); one that did not change keeps the published SEQUENCE.
///
/// What is compared is every property and component inside, in any order, but DTSTAMP,
/// LAST-MODIFIED, CREATED and SEQUENCE, which say when and how often, not what.
public struct PublishedVersions: Sendable {
    struct Key: Hashable {
        let uid: ExactText
        let recurrence: ICalValue?
    }

    private var versions: [Key: (sequence: Int, digest: UInt64)] = [:]

    /// The VEVENTs of `document`, in every calendar of it; of one UID and recurrence id the
    /// highest SEQUENCE read.
    public init(_ document: ICalDocument) {
        for component in document.components {
            for event in [component] + Array(component.components) { take(event) }
        }
    }

    /// The VEVENTs of the feed `source`, read a component at a time: what is held is a few
    /// bytes an event, never the feed.
    /// - Throws: ``InputError`` when the feed cannot be read at all.
    public init(reading source: InputSource, limits: ReadLimits) throws(InputError) {
        var items = try ComponentSources.open(source, limits: limits)
        while let item = try items.next() {
            guard case .component(let component) = item else { continue }
            take(component)
            for child in component.components where child.name == "VEVENT" { take(child) }
        }
    }

    private mutating func take(_ event: ICalComponent) {
        guard event.name == "VEVENT", let key = Self.key(of: event) else { return }
        let version = (sequence: Self.sequence(of: event), digest: Self.digest(of: event))
        if let known = versions[key], known.sequence >= version.sequence { return }
        versions[key] = version
    }

    /// How many events were published.
    public var count: Int { versions.count }

    /// The SEQUENCE `event` is written with: the published one when nothing changed, one past
    /// it when something did, its own when that is higher or it was not published.
    func sequence(for event: ICalComponent) -> Int {
        let own = Self.sequence(of: event)
        guard let key = Self.key(of: event), let published = versions[key] else { return own }
        let needed =
            published.digest == Self.digest(of: event) ? published.sequence : published.sequence + 1
        return max(own, needed)
    }

    private static func key(of event: ICalComponent) -> Key? {
        guard let uid = event.property("UID")?.value?.text, !uid.isEmpty else { return nil }
        return Key(uid: ExactText(uid), recurrence: event.property("RECURRENCE-ID")?.value)
    }

    private static func sequence(of event: ICalComponent) -> Int {
        guard case .integer(let number)? = event.property("SEQUENCE")?.value else { return 0 }
        return number
    }

    /// `event` with the SEQUENCE it is written with (``sequence(for:)``), in place of its own.
    func updating(_ event: ICalComponent) -> ICalComponent {
        let sequence = sequence(for: event)
        guard sequence != Self.sequence(of: event) else { return event }
        var updated = event
        let line = event.property("SEQUENCE")?.line ?? event.line
        let property = ICalProperty(name: "SEQUENCE", value: .integer(sequence), line: line)
        if let index = updated.properties.firstIndex(where: { $0.name == "SEQUENCE" }) {
            updated.properties[index] = property
        } else {
            updated.properties.append(property)
        }
        return updated
    }

    /// The properties that say when a version was made, not what it is.
    private static let bookkeeping: Set<String> = [
        "DTSTAMP", "LAST-MODIFIED", "CREATED", "SEQUENCE",
    ]

    /// A digest (FNV-1a) of the content lines of `component`, sorted, and of the components
    /// inside, each likewise.
    private static func digest(of component: ICalComponent) -> UInt64 {
        var lines = component.properties.filter { !bookkeeping.contains($0.name) }.map(
            \.contentLine)
        lines += component.components.map { child in
            let inner = digest(of: child)
            return (0..<8).map { UInt8(truncatingIfNeeded: inner >> ($0 * 8)) }
        }
        lines.sort { $0.lexicographicallyPrecedes($1) }
        var hasher = FNV1a()
        for line in lines {
            hasher.combine(line)
            hasher.combine(CollectionOfOne(0x0A))
        }
        return hasher.value
    }
}
