extension AdaptiveSet {
    /// One chunk as the walks see it.
    struct ChunkRef {
        /// The members' high 16 bits.
        let key: UInt16
        /// The position in `bitmaps` of a bitmap chunk; nil for an array chunk.
        let bitmap: Int?
        /// For an array chunk, the index in `packed` of its first value.
        let valuesStart: Int
        /// The chunk's member count.
        let count: Int
        /// The members of the set in chunks before this one (the index of its first member).
        let base: Int

        /// The member whose low 16 bits are `low`.
        @inline(__always)
        func member(_ low: UInt16) -> UInt32 { UInt32(key) << 16 | UInt32(low) }
    }

    /// Every chunk in ascending key order, array and bitmap chunks merged.
    ///
    /// - Complexity: O(c), where c is the number of chunks.
    func chunkDirectory() -> [ChunkRef] {
        withPackedBuffer { buffer in
            let chunks = PackedChunks.chunkCount(buffer)
            var directory: [ChunkRef] = []
            directory.reserveCapacity(chunks + bitmaps.count)
            var chunk = 0
            var valuesStart = 1 + 2 * chunks
            var bitmap = 0
            var base = 0
            while chunk < chunks || bitmap < bitmaps.count {
                let arrayKey = chunk < chunks ? PackedChunks.key(chunk, in: buffer) : nil
                if let arrayKey, bitmap == bitmaps.count || arrayKey < bitmaps[bitmap].key {
                    let count = PackedChunks.count(chunk, in: buffer)
                    directory.append(
                        ChunkRef(key: arrayKey, bitmap: nil, valuesStart: valuesStart, count: count, base: base))
                    valuesStart += count
                    chunk += 1
                } else {
                    let chunkRef = bitmaps[bitmap]
                    directory.append(
                        ChunkRef(key: chunkRef.key, bitmap: bitmap, valuesStart: 0, count: chunkRef.count, base: base))
                    bitmap += 1
                }
                base += directory[directory.count - 1].count
            }
            return directory
        }
    }

    /// Calls `body` with every member in ascending order and its index.
    ///
    /// - Complexity: O(n + c) for n members in c chunks (plus 1,024 word reads per bitmap).
    package func forEachMember(_ body: (_ member: UInt32, _ index: Int) throws -> Void) rethrows {
        if bitmaps.isEmpty {
            // The common case: the whole set is the packed buffer, read front to back.
            try withPackedBuffer { buffer in
                let chunks = PackedChunks.chunkCount(buffer)
                var valuesStart = 1 + 2 * chunks
                var index = 0
                for chunk in 0..<chunks {
                    let high = UInt32(PackedChunks.key(chunk, in: buffer)) << 16
                    let end = valuesStart + PackedChunks.count(chunk, in: buffer)
                    for position in valuesStart..<end {
                        try body(high | UInt32(buffer[position]), index)
                        index += 1
                    }
                    valuesStart = end
                }
            }
            return
        }
        let directory = chunkDirectory()
        try withPackedBuffer { buffer in
            for chunk in directory {
                if let bitmap = chunk.bitmap {
                    try bitmaps[bitmap].forEachLow { low, rank in try body(chunk.member(low), chunk.base + rank) }
                } else {
                    for offset in 0..<chunk.count {
                        try body(chunk.member(buffer[chunk.valuesStart + offset]), chunk.base + offset)
                    }
                }
            }
        }
    }

    /// The members in ascending order.
    ///
    /// - Complexity: O(n + c).
    package var members: [UInt32] {
        var members: [UInt32] = []
        members.reserveCapacity(count)
        forEachMember { member, _ in members.append(member) }
        return members
    }
}

extension AdaptiveSet: Sequence {
    /// Iterates the members in ascending order.
    package struct Iterator: IteratorProtocol {
        private let set: AdaptiveSet
        private let directory: [ChunkRef]
        private var chunk = 0
        private var offset = 0
        private var wordIndex = 0
        private var word: UInt64 = 0

        init(_ set: AdaptiveSet) {
            self.set = set
            directory = set.chunkDirectory()
            loadWord()
        }

        /// The next member, or nil after the last.
        package mutating func next() -> UInt32? {
            while chunk < directory.count {
                let current = directory[chunk]
                if let bitmap = current.bitmap {
                    while word == 0 {
                        wordIndex += 1
                        if wordIndex == BitmapChunk.wordCount { break }
                        word = set.bitmaps[bitmap].words[wordIndex]
                    }
                    if word != 0 {
                        let bit = word.trailingZeroBitCount
                        word &= word &- 1
                        return current.member(UInt16(truncatingIfNeeded: wordIndex << 6 | bit))
                    }
                } else if offset < current.count {
                    offset += 1
                    return current.member(set.packed[current.valuesStart + offset - 1])
                }
                chunk += 1
                offset = 0
                wordIndex = 0
                loadWord()
            }
            return nil
        }

        /// Loads the first word of the current chunk when it is a bitmap.
        private mutating func loadWord() {
            if chunk < directory.count, let bitmap = directory[chunk].bitmap {
                word = set.bitmaps[bitmap].words[0]
            }
        }
    }

    /// An iterator over the members in ascending order.
    package func makeIterator() -> Iterator { Iterator(self) }

    /// The number of members.
    package var underestimatedCount: Int { count }
}
