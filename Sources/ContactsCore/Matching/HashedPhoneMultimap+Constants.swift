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
        /// about 64 entry copies (under a microsecond) per change, while the delta, at roughly
        /// 80 bytes per pending number, stays near 1 byte per base entry at its fullest.
        package static let deltaShare = 64

        /// The directory is rebuilt (all keys hashed again) when the average bucket leaves
        /// `minimumAverageBucket ... maximumAverageBucket` entries; a fresh build aims at an
        /// average of 2 to 4.
        ///
        /// An average of 1 costs 4 directory bytes per entry (the 16-byte budget: 8 for the
        /// number, 4 for the payload, 4 for the directory); 8 entries of 8 bytes are one cache
        /// line of numbers to scan. The band between them stops a table whose size hovers at a
        /// power of two from rebuilding its directory at every merge.
        package static let minimumAverageBucket = 1
        /// See ``minimumAverageBucket``.
        package static let maximumAverageBucket = 8
        /// The average bucket a fresh directory aims at (between this and twice this).
        package static let targetAverageBucket = 2

        /// Buckets of at most this many entries are scanned linearly: below it a scan of
        /// contiguous numbers beats the branches of a binary search.
        package static let linearScanCutoff = 8

        /// Runs of at most this many entries are sorted by insertion (stable, no allocation);
        /// longer runs (only under heavy collisions) by the standard library's sort.
        package static let insertionSortCutoff = 16

        /// The most entries a table holds: directory offsets are `UInt32`.
        package static let maximumCount = Int(UInt32.max)
    }
}
