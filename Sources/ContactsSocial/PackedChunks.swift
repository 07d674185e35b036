import ContactsSupport

/// The layout of ``AdaptiveSet``'s array chunks, all packed into one `[UInt16]`:
///
///     [chunkCount − 1, key₀, count₀ − 1, …, keyₙ, countₙ − 1, values₀…, …, valuesₙ…]
///
/// These functions are the only code that reads or writes that layout; the set calls them and
/// never indexes the buffer itself. Reads take an `UnsafeBufferPointer` (one
/// `withUnsafeBufferPointer` per operation); writes take the array `inout` and keep its
/// capacity tight through ``SocialStorage``.
enum PackedChunks {
    /// Where a key's chunk is (or would be) in the packed buffer.
    struct Location {
        /// The chunk's position in the directory (or where it would be inserted).
        var chunk: Int
        /// True when a chunk with the key exists.
        var found: Bool
        /// Members of the array chunks before it.
        var membersBefore: Int
        /// The number of array chunks.
        var chunkCount: Int
        /// The chunk's member count (0 when not found).
        var count: Int

        /// The buffer index of the chunk's first value.
        var valuesStart: Int { 1 + 2 * chunkCount + membersBefore }
    }

    /// The number of chunks in `buffer`.
    @inline(__always)
    static func chunkCount(_ buffer: UnsafeBufferPointer<UInt16>) -> Int {
        buffer.isEmpty ? 0 : Int(buffer[0]) + 1
    }

    /// The key of chunk `chunk`.
    @inline(__always)
    static func key(_ chunk: Int, in buffer: UnsafeBufferPointer<UInt16>) -> UInt16 {
        buffer[1 + 2 * chunk]
    }

    /// The member count of chunk `chunk`.
    @inline(__always)
    static func count(_ chunk: Int, in buffer: UnsafeBufferPointer<UInt16>) -> Int {
        Int(buffer[2 + 2 * chunk]) + 1
    }

    /// Finds the chunk of `key` by one pass over the directory.
    ///
    /// - Complexity: O(c), where c is the number of chunks.
    @inline(__always)
    static func locate(_ key: UInt16, in buffer: UnsafeBufferPointer<UInt16>) -> Location {
        let chunks = chunkCount(buffer)
        var before = 0
        var chunk = 0
        while chunk < chunks {
            let chunkKey = buffer[1 + 2 * chunk]
            if chunkKey >= key {
                let found = chunkKey == key
                return Location(
                    chunk: chunk, found: found, membersBefore: before, chunkCount: chunks,
                    count: found ? count(chunk, in: buffer) : 0)
            }
            before += count(chunk, in: buffer)
            chunk += 1
        }
        return Location(chunk: chunks, found: false, membersBefore: before, chunkCount: chunks, count: 0)
    }

    /// The position of `low` in the values of the chunk at `location` (or where it would go).
    ///
    /// - Complexity: O(log k), where k is the chunk's count.
    @inline(__always)
    static func search(
        _ low: UInt16, in buffer: UnsafeBufferPointer<UInt16>, at location: Location
    ) -> (index: Int, found: Bool) {
        let values = UnsafeBufferPointer(rebasing: buffer[location.valuesStart..<location.valuesStart + location.count])
        let index = SortedArraySearch.lowerBound(of: low, in: values)
        return (index, index < values.count && values[index] == low)
    }

    /// Inserts `low` at position `index` of the existing chunk at `location`.
    static func insertValue(_ low: UInt16, at index: Int, of location: Location, into packed: inout [UInt16]) {
        SocialStorage.insert(low, at: location.valuesStart + index, into: &packed)
        packed[2 + 2 * location.chunk] += 1
    }

    /// Inserts a new chunk `key` holding `values` (ascending, 1…``AdaptiveSet/arrayChunkLimit``
    /// of them) where `location` (not found) says.
    static func insertChunk(
        key: UInt16, values: some Collection<UInt16>, at location: Location, into packed: inout [UInt16]
    ) {
        if packed.isEmpty {
            packed.reserveCapacity(3 + values.count)
            packed.append(contentsOf: [0, key, UInt16(values.count - 1)])
            packed.append(contentsOf: values)
            return
        }
        SocialStorage.makeRoom(for: 2 + values.count, in: &packed)
        packed.insert(contentsOf: values, at: location.valuesStart)
        packed.insert(contentsOf: [key, UInt16(values.count - 1)], at: 1 + 2 * location.chunk)
        packed[0] += 1
    }

    /// Removes the value at position `index` of the chunk at `location`, and the chunk when it
    /// was its last value.
    static func removeValue(at index: Int, of location: Location, from packed: inout [UInt16]) {
        if location.count == 1 {
            _ = removeChunk(at: location, from: &packed)
            return
        }
        packed.remove(at: location.valuesStart + index)
        packed[2 + 2 * location.chunk] -= 1
        SocialStorage.shrinkIfSparse(&packed)
    }

    /// Removes the chunk at `location` and returns its values.
    static func removeChunk(at location: Location, from packed: inout [UInt16]) -> [UInt16] {
        let start = location.valuesStart
        let values = Array(packed[start..<start + location.count])
        if location.chunkCount == 1 {
            packed = []
            return values
        }
        packed.removeSubrange(start..<start + location.count)
        packed.removeSubrange(1 + 2 * location.chunk..<3 + 2 * location.chunk)
        packed[0] -= 1
        SocialStorage.shrinkIfSparse(&packed)
        return values
    }
}
