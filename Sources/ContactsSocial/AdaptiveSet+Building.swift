import ContactsSupport

extension AdaptiveSet {
    /// A set of `members`, which must be strictly ascending (callers that already hold sorted,
    /// unique members skip the sort of ``init(_:)``). The buffers are allocated at their exact
    /// sizes.
    ///
    /// - Complexity: O(n).
    package init(ascending members: UnsafeBufferPointer<UInt32>) {
        var arrayChunks = 0
        var arrayValues = 0
        Self.forEachRun(of: members) { _, run in
            if run.count <= Self.arrayChunkLimit {
                arrayChunks += 1
                arrayValues += run.count
            }
        }
        var bitmaps: [BitmapChunk] = []
        var packed: [UInt16] = []
        if arrayChunks > 0 {
            packed = [UInt16](fillingCapacity: 1 + 2 * arrayChunks + arrayValues) { buffer, initialized in
                buffer[0] = UInt16(arrayChunks - 1)
                var chunk = 0
                var valuesStart = 1 + 2 * arrayChunks
                Self.forEachRun(of: members) { key, run in
                    if run.count > Self.arrayChunkLimit {
                        bitmaps.append(
                            BitmapChunk(key: key, ascending: run.lazy.map { UInt16(truncatingIfNeeded: $0) }))
                        return
                    }
                    buffer[1 + 2 * chunk] = key
                    buffer[2 + 2 * chunk] = UInt16(run.count - 1)
                    for (offset, member) in run.enumerated() {
                        buffer[valuesStart + offset] = UInt16(truncatingIfNeeded: member)
                    }
                    valuesStart += run.count
                    chunk += 1
                }
                initialized = 1 + 2 * arrayChunks + arrayValues
            }
        } else {
            Self.forEachRun(of: members) { key, run in
                bitmaps.append(BitmapChunk(key: key, ascending: run.lazy.map { UInt16(truncatingIfNeeded: $0) }))
            }
        }
        self.init(packed: packed, bitmaps: bitmaps, count: members.count)
    }

    /// Calls `body` with each run of `members` sharing a chunk key.
    private static func forEachRun(
        of members: UnsafeBufferPointer<UInt32>, _ body: (UInt16, Slice<UnsafeBufferPointer<UInt32>>) -> Void
    ) {
        var start = 0
        while start < members.count {
            let key = members[start] >> 16
            var end = start + 1
            while end < members.count && members[end] >> 16 == key { end += 1 }
            body(UInt16(truncatingIfNeeded: key), members[start..<end])
            start = end
        }
    }
}
