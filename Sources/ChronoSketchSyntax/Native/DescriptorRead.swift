import Glibc

/// One `read(2)` of a file descriptor into a new array, without first filling it with zeros.
enum DescriptorRead {
    /// The bytes read (empty at the end or on an error) and, when the read failed, its errno.
    static func chunk(_ descriptor: Int32, count: Int) -> (bytes: [UInt8], error: Int32?) {
        var error: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let read = Glibc.read(descriptor, buffer.baseAddress, count)
            if read < 0 { error = errno }
            initialized = max(read, 0)
        }
        return (bytes, error)
    }
}
