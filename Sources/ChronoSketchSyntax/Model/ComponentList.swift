import ChronoSketchCore

/// The components inside a component, in order: as they were read while they weigh little,
/// and past ``bytesPast`` as their bytes (``ICalComponent/encode(into:)``), each read back
/// when it is asked for.
///
/// A calendar's components hold a VALARM or two, a VTIMEZONE's observances: those stay as
/// read, and their values are read once. A component of many components inside (a VEVENT of
/// a hundred thousand VALARMs, a calendar of the events built from records) is held as about
/// the bytes of their lines rather than as an object for each of their properties, so it takes
/// memory in proportion to its text; its components are read again each time they are asked
/// for. The bytes are kept in blocks of 64 KiB, so a growing list is never copied whole.
public struct ComponentList: Sendable, Hashable, RandomAccessCollection,
    RangeReplaceableCollection, ExpressibleByArrayLiteral
{
    /// The weight (``ICalComponent/weight``) past which components are kept as bytes.
    static let bytesPast = 1 << 16

    /// Components kept as bytes.
    private struct Stored: Sendable {
        /// Their bytes, one after another.
        var blocks: [[UInt8]] = []
        /// Where each component's bytes start: its block in the high 32 bits, its offset in
        /// the low.
        var starts: [Int] = []
        /// Each component's ``ICalComponent/precedingProperties`` (-1 for none), which
        /// writing in read order asks of every component without needing the rest.
        var preceding: [Int32] = []

        /// The bytes of the component at `position`.
        func bytes(at position: Int) -> ArraySlice<UInt8> {
            let block = starts[position] >> 32
            let start = starts[position] & 0xFFFF_FFFF
            let next = position + 1
            let end =
                next < starts.count && starts[next] >> 32 == block
                ? starts[next] & 0xFFFF_FFFF : blocks[block].count
            return blocks[block][start..<end]
        }

        mutating func append(encoded component: ICalComponent) {
            var writer = ByteWriter()
            component.encode(into: &writer)
            append(bytes: writer.bytes[...], preceding: component.precedingProperties)
        }

        /// Adds a component's bytes, in a new block of 64 KiB (or of the component's size)
        /// when the last one is full.
        mutating func append(bytes: ArraySlice<UInt8>, preceding: Int?) {
            let last = blocks.count - 1
            if last < 0 || !blocks[last].isEmpty && blocks[last].count + bytes.count > 1 << 16 {
                var block: [UInt8] = []
                block.reserveCapacity(Swift.max(1 << 16, bytes.count))
                blocks.append(block)
            }
            let block = blocks.count - 1
            starts.append(block << 32 | blocks[block].count)
            blocks[block].append(contentsOf: bytes)
            self.preceding.append(Int32(clamping: preceding ?? -1))
        }
    }

    /// The components, while they are kept as read.
    private var read: [ICalComponent] = []
    /// The components once they are kept as bytes.
    private var stored: Stored?
    /// The weight of the components.
    private(set) var weight = 0
    /// How many lines in the components are not properties (``ICalComponent/linesThatAreNotProperties``).
    private(set) var linesThatAreNotProperties = 0

    /// No components.
    public init() {}

    /// The components given.
    public init(arrayLiteral components: ICalComponent...) {
        self.init(components)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { stored?.starts.count ?? read.count }

    /// The component at `position`, read back from its bytes when it is kept as bytes.
    public subscript(position: Int) -> ICalComponent {
        guard let stored else { return read[position] }
        var reader = ByteReader(bytes: stored.bytes(at: position))
        return ICalComponent(decoding: &reader)
    }

    /// ``ICalComponent/precedingProperties`` of the component at `position`, without reading
    /// it back.
    public func precedingProperties(at position: Int) -> Int? {
        guard let stored else { return read[position].precedingProperties }
        return stored.preceding[position] < 0 ? nil : Int(stored.preceding[position])
    }

    /// Adds a component at the end.
    public mutating func append(_ component: ICalComponent) {
        weight += component.weight
        linesThatAreNotProperties += component.linesThatAreNotProperties
        guard stored != nil else {
            read.append(component)
            if weight > Self.bytesPast { keepAsBytes() }
            return
        }
        stored?.append(encoded: component)
    }

    public mutating func append(contentsOf components: some Sequence<ICalComponent>) {
        for component in components { append(component) }
    }

    public mutating func replaceSubrange(
        _ range: Range<Int>, with components: some Collection<ICalComponent>
    ) {
        var replaced = ComponentList()
        replaced.append(contentsOf: self[..<range.lowerBound])
        replaced.append(contentsOf: components)
        replaced.append(contentsOf: self[range.upperBound...])
        self = replaced
    }

    public static func == (left: ComponentList, right: ComponentList) -> Bool {
        guard left.count == right.count else { return false }
        if let mine = left.stored, let theirs = right.stored {
            return left.indices.allSatisfy { mine.bytes(at: $0) == theirs.bytes(at: $0) }
        }
        return left.elementsEqual(right)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(weight)
    }

    // MARK: - Bytes

    /// How many bytes the components kept as bytes take.
    var byteCount: Int { stored?.blocks.reduce(0) { $0 + $1.count } ?? 0 }

    /// Turns the components kept as read into bytes.
    private mutating func keepAsBytes() {
        var bytes = Stored()
        for component in read { bytes.append(encoded: component) }
        stored = bytes
        read = []
    }

    /// Writes the components: their weight and count, then each one's bytes.
    func encode(into writer: inout ByteWriter) {
        writer.unsigned(UInt64(weight))
        writer.unsigned(UInt64(count))
        for position in indices {
            if let stored {
                writer.data(stored.bytes(at: position))
            } else {
                var inner = ByteWriter()
                read[position].encode(into: &inner)
                writer.data(inner.bytes)
            }
        }
    }

    /// The components ``encode(into:)`` wrote where `reader` is: read back when they weigh
    /// little, else kept as the bytes they are.
    init(decoding reader: inout ByteReader) {
        let weight = Int(reader.unsigned())
        let count = Int(reader.unsigned())
        guard weight > Self.bytesPast else {
            for _ in 0..<count {
                var entry = ByteReader(bytes: reader.data())
                append(ICalComponent(decoding: &entry))
            }
            return
        }
        var bytes = Stored()
        for _ in 0..<count {
            let entry = reader.data()
            var header = ByteReader(bytes: entry)
            let read = ICalComponent.Header(decoding: &header)
            bytes.append(bytes: entry, preceding: read.precedingProperties)
            linesThatAreNotProperties += read.linesThatAreNotProperties
        }
        stored = bytes
        self.weight = weight
    }
}

extension ICalComponent {
    /// About what the component takes in memory as read: the bytes of its lines, and a
    /// little more for each line and for itself.
    var weight: Int {
        properties.reduce(128) { $0 + $1.contentLine.count + 64 } + components.weight
    }
}
