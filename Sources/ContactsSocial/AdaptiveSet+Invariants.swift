import ContactsSupport

extension AdaptiveSet {
    /// Checks the layout: the packed header and directory agree with the buffer's length,
    /// keys ascend and are unique across array and bitmap chunks, each array chunk holds
    /// 1…``arrayChunkLimit`` ascending values, each bitmap has 1,024 words and more than
    /// ``arrayChunkLimit`` set bits matching its kept count, and `count` is the total.
    package func _checkInvariants() throws(InvariantViolation) {
        var keys: [UInt16] = []
        var total = 0
        if !packed.isEmpty {
            let chunks = Int(packed[0]) + 1
            guard packed.count >= 1 + 2 * chunks else { throw InvariantViolation("packed directory is truncated") }
            var valuesStart = 1 + 2 * chunks
            for chunk in 0..<chunks {
                let key = packed[1 + 2 * chunk]
                let size = Int(packed[2 + 2 * chunk]) + 1
                if let last = keys.last, last >= key {
                    throw InvariantViolation("array chunk keys not ascending at \(key)")
                }
                keys.append(key)
                guard size <= Self.arrayChunkLimit else {
                    throw InvariantViolation("array chunk \(key) holds \(size) > \(Self.arrayChunkLimit)")
                }
                guard valuesStart + size <= packed.count else {
                    throw InvariantViolation("array chunk \(key) runs past the buffer")
                }
                for position in valuesStart + 1..<valuesStart + size where packed[position - 1] >= packed[position] {
                    throw InvariantViolation("array chunk \(key) values not strictly ascending")
                }
                valuesStart += size
                total += size
            }
            guard valuesStart == packed.count else {
                throw InvariantViolation("packed buffer has \(packed.count - valuesStart) stray values")
            }
        }
        var lastBitmapKey: UInt16?
        for chunk in bitmaps {
            if let lastBitmapKey, lastBitmapKey >= chunk.key {
                throw InvariantViolation("bitmap keys not ascending at \(chunk.key)")
            }
            lastBitmapKey = chunk.key
            if keys.contains(chunk.key) { throw InvariantViolation("key \(chunk.key) is both array and bitmap") }
            try chunk._checkInvariants()
            let bits = chunk.count
            guard bits > Self.arrayChunkLimit else {
                throw InvariantViolation(
                    "bitmap \(chunk.key) holds \(bits) ≤ \(Self.arrayChunkLimit): should be an array")
            }
            total += bits
        }
        guard total == count else { throw InvariantViolation("count is \(count) but chunks hold \(total)") }
    }

    /// Traps when ``_checkInvariants()`` finds the layout broken; debug builds run it after
    /// every change, release builds never.
    ///
    /// - Complexity: O(n + c) in debug builds for n members in c chunks; nothing in release.
    @inline(__always)
    func assertInvariants() {
        #if DEBUG
            do {
                try _checkInvariants()
            } catch {
                preconditionFailure("AdaptiveSet: \(error)")
            }
        #endif
    }
}

extension AdaptiveSet {
    /// The number of chunks in array form (for tests of the conversions).
    package var arrayChunkCount: Int {
        packed.isEmpty ? 0 : Int(packed[0]) + 1
    }

    /// The number of chunks in bitmap form (for tests of the conversions).
    package var bitmapChunkCount: Int { bitmaps.count }
}
