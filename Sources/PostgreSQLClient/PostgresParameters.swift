/// Bound parameters encoded for libpq: one contiguous byte buffer and the four parallel
/// arrays `PQsendQueryParams` / `PQsendQueryPrepared` take. Built once per execution.
struct PostgresParameters {
    /// The protocol's limit on parameters in one statement (an `int16` count).
    static let maximumCount = Int(UInt16.max)

    private(set) var types: [UInt32] = []
    private(set) var formats: [Int32] = []
    private(set) var lengths: [Int32] = []
    /// Start of each value in `storage`, or -1 for NULL.
    private var offsets: [Int] = []
    private var storage: [UInt8] = []

    /// The number of parameters.
    var count: Int { types.count }

    /// Encodes `values`. With `targets` (a prepared statement's parameter types, as the
    /// server resolved them) each value is encoded for its target; without, each value
    /// declares its own type (``PostgresWireEncoding/declaredType(of:)``).
    ///
    /// - Complexity: O(total size of the values).
    init(_ values: [PostgresValue], targets: [UInt32]?) throws(PostgresError) {
        guard values.count <= Self.maximumCount else {
            throw PostgresError(
                .client, "\(values.count) parameters; one statement takes at most \(Self.maximumCount)")
        }
        types.reserveCapacity(values.count)
        formats.reserveCapacity(values.count)
        lengths.reserveCapacity(values.count)
        offsets.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            let declared = PostgresWireEncoding.declaredType(of: value)
            let target = targets.map { $0[index] } ?? declared
            let start = storage.count
            let form = try PostgresWireEncoding.appendParameter(
                value, target: target, to: &storage, label: "parameter $\(index + 1)")
            types.append(declared)
            switch form {
            case .null:
                offsets.append(-1)
                formats.append(0)
                lengths.append(0)
            case .binary:
                offsets.append(start)
                formats.append(1)
                lengths.append(Int32(storage.count - start))
            case .text:
                offsets.append(start)
                formats.append(0)
                lengths.append(Int32(storage.count - start - 1))
            }
        }
        // A sentinel byte keeps `storage` non-empty, so that a zero-length value still has
        // a non-NULL address (libpq reads a NULL address as SQL NULL).
        storage.append(0)
    }

    /// Calls `body` with the count and C arrays (types, values, lengths, formats), valid
    /// only during the call. Empty arrays are passed as NULL, as libpq allows.
    func withCArrays<R>(
        _ body: (
            Int32, UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?,
            UnsafePointer<Int32>?
        ) -> R
    ) -> R {
        storage.withUnsafeBytes { bytes in
            let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in
                guard offset >= 0, let base else { return nil }
                return base + offset
            }
            return types.withUnsafeBufferPointer { types in
                pointers.withUnsafeBufferPointer { values in
                    lengths.withUnsafeBufferPointer { lengths in
                        formats.withUnsafeBufferPointer { formats in
                            body(
                                Int32(count), types.baseAddress, values.baseAddress, lengths.baseAddress,
                                formats.baseAddress)
                        }
                    }
                }
            }
        }
    }
}
