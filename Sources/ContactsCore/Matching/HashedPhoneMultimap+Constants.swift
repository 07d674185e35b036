extension HashedPhoneMultimap {
    /// Every tuning constant of the hashed phone tables, each with the reason for its value.
    package enum Constants {
        /// The fewest pending numbers the delta holds before it is merged into the base.
        ///
        /// A merge copies the whole base, so on a small table merging every few changes would
        /// make each change cost O(n); 1,024 pending numbers keep a small table's delta a few
        /// tens of kilobytes, which a lookup reads through one hash probe anyway.
        package static let deltaFloor = 1024

        /// Above the floor the delta is merged when it holds one pending number per
        /// `deltaShare` entries of the base.
        ///
        /// The merge copies 12 bytes per base entry; spread over `base / 64` changes that is
        /// about 64 entry copies (well under a microsecond) per change, while the delta, at
        /// roughly 80 bytes per pending number, stays near 1 byte per base entry at its fullest.
        package static let deltaShare = 64

        /// The average bucket a fresh directory aims at (between this and twice this).
        ///
        /// Large enough that the directory (4 bytes a bucket: 1 MiB at 10 million entries)
        /// stays in cache and costs under 0.13 bytes per entry; small enough that the
        /// interpolation inside a bucket lands within a few entries (about the square root of
        /// the bucket size, /2), that is, usually on the right cache line.
        package static let targetAverageBucket = 32

        /// The directory is rebuilt (all keys hashed again) when the average bucket leaves
        /// `minimumAverageBucket ... maximumAverageBucket` entries.
        ///
        /// The band is wide so that a table whose size hovers around a power of two does not
        /// rebuild its directory at every merge: at 8 the directory costs 0.5 bytes an entry,
        /// at 256 an interpolation misses by about 8 entries, two cache lines.
        package static let minimumAverageBucket = 8
        /// See ``minimumAverageBucket``.
        package static let maximumAverageBucket = 256

        /// Buckets of at most this many entries are sorted by insertion while building (stable,
        /// no allocation; a fresh bucket averages 48); longer ones, met only under colliding
        /// keys, by the standard library's sort.
        package static let insertionSortCutoff = 128

        /// The most entries a table holds: directory offsets are `UInt32`.
        package static let maximumCount = Int(UInt32.max)
    }
}
