import ContactsSupport

extension AdaptiveSet {
    /// Calls `body` with every member of both `self` and `other`, ascending, and the member's
    /// index in `self`.
    ///
    /// Chunks are paired by key; an array chunk against an array chunk is merged (or, when one
    /// is over 32 times the other, the small one is binary-searched in the large one), an
    /// array against a bitmap tests bits, and two bitmaps are ANDed word by word.
    ///
    /// - Complexity: O(c₁ + c₂ + Σ min-cost per common chunk), at most O(n₁ + n₂) member steps.
    package func forEachCommonMember(
        with other: AdaptiveSet, _ body: (_ member: UInt32, _ index: Int) throws -> Void
    ) rethrows {
        let mine = chunkDirectory()
        let theirs = other.chunkDirectory()
        try withPackedBuffer { myValues in
            try other.withPackedBuffer { theirValues in
                var position = 0
                for chunk in mine {
                    while position < theirs.count && theirs[position].key < chunk.key { position += 1 }
                    guard position < theirs.count else { return }
                    let match = theirs[position]
                    guard match.key == chunk.key else { continue }
                    switch (chunk.bitmap, match.bitmap) {
                    case (nil, nil):
                        try Self.intersectArrays(
                            chunk,
                            UnsafeBufferPointer(
                                rebasing: myValues[chunk.valuesStart..<chunk.valuesStart + chunk.count]),
                            UnsafeBufferPointer(
                                rebasing: theirValues[match.valuesStart..<match.valuesStart + match.count]),
                            body)
                    case (nil, let theirBitmap?):
                        for offset in 0..<chunk.count {
                            let low = myValues[chunk.valuesStart + offset]
                            if other.bitmaps[theirBitmap].contains(low) {
                                try body(chunk.member(low), chunk.base + offset)
                            }
                        }
                    case (let myBitmap?, nil):
                        try Self.intersectBitmap(
                            chunk, bitmaps[myBitmap],
                            UnsafeBufferPointer(
                                rebasing: theirValues[match.valuesStart..<match.valuesStart + match.count]),
                            body)
                    case (let myBitmap?, let theirBitmap?):
                        try Self.intersectBitmaps(
                            chunk, bitmaps[myBitmap], other.bitmaps[theirBitmap], body)
                    }
                }
            }
        }
    }

    /// The members of both `self` and `other`.
    ///
    /// - Complexity: as ``forEachCommonMember(with:_:)``, plus O(m) to build the result.
    package func intersection(_ other: AdaptiveSet) -> AdaptiveSet {
        var common: [UInt32] = []
        forEachCommonMember(with: other) { member, _ in common.append(member) }
        return common.withUnsafeBufferPointer { AdaptiveSet(ascending: $0) }
    }

    /// The number of members of both `self` and `other`, without building them.
    ///
    /// - Complexity: as ``forEachCommonMember(with:_:)``.
    package func intersectionCount(_ other: AdaptiveSet) -> Int {
        var total = 0
        forEachCommonMember(with: other) { _, _ in total += 1 }
        return total
    }

    /// Two sorted arrays of lows: merged, or the smaller binary-searched in the larger when
    /// one is over 32 times the other (then log₂ of the larger is cheaper than walking it).
    private static func intersectArrays(
        _ chunk: ChunkRef, _ mine: UnsafeBufferPointer<UInt16>, _ theirs: UnsafeBufferPointer<UInt16>,
        _ body: (UInt32, Int) throws -> Void
    ) rethrows {
        if mine.count * 32 < theirs.count {
            var lower = 0
            for (offset, low) in mine.enumerated() {
                lower = SortedArraySearch.lowerBound(of: low, in: theirs[lower...])
                if lower == theirs.count { return }
                if theirs[lower] == low { try body(chunk.member(low), chunk.base + offset) }
            }
        } else if theirs.count * 32 < mine.count {
            var lower = 0
            for low in theirs {
                lower = SortedArraySearch.lowerBound(of: low, in: mine[lower...])
                if lower == mine.count { return }
                if mine[lower] == low { try body(chunk.member(low), chunk.base + lower) }
            }
        } else {
            var mineIndex = 0
            var theirIndex = 0
            while mineIndex < mine.count && theirIndex < theirs.count {
                let left = mine[mineIndex]
                let right = theirs[theirIndex]
                if left < right {
                    mineIndex += 1
                } else if right < left {
                    theirIndex += 1
                } else {
                    try body(chunk.member(left), chunk.base + mineIndex)
                    mineIndex += 1
                    theirIndex += 1
                }
            }
        }
    }

    /// My bitmap against their sorted lows; my rank of each common low is the count of my
    /// bits from the previous common low to it (the shared kernel, ``BitmapWords``), so the
    /// bitmap is counted once over the whole walk.
    private static func intersectBitmap(
        _ chunk: ChunkRef, _ mine: BitmapChunk, _ theirs: UnsafeBufferPointer<UInt16>,
        _ body: (UInt32, Int) throws -> Void
    ) rethrows {
        try mine.withWords { words in
            var counted = 0
            var rank = 0
            for low in theirs where mine.contains(low) {
                rank += BitmapWords.count(words, in: counted..<Int(low))
                counted = Int(low)
                try body(chunk.member(low), chunk.base + rank)
            }
        }
    }

    /// Two bitmaps ANDed word by word by the shared kernel (``BitmapWords``), then the common
    /// bits walked, my rank of each counted as in ``intersectBitmap(_:_:_:_:)``.
    private static func intersectBitmaps(
        _ chunk: ChunkRef, _ mine: BitmapChunk, _ theirs: BitmapChunk, _ body: (UInt32, Int) throws -> Void
    ) rethrows {
        try mine.withWords { mine in
            try theirs.withWords { theirs in
                try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: BitmapChunk.wordCount) { common in
                    guard BitmapWords.combine(mine, theirs, into: common, .and) > 0 else { return }
                    var counted = 0
                    var rank = 0
                    for wordIndex in 0..<common.count {
                        var word = common[wordIndex]
                        while word != 0 {
                            let low = wordIndex << 6 | word.trailingZeroBitCount
                            rank += BitmapWords.count(mine, in: counted..<low)
                            counted = low
                            try body(chunk.member(UInt16(truncatingIfNeeded: low)), chunk.base + rank)
                            word &= word &- 1
                        }
                    }
                }
            }
        }
    }
}
