extension HashedPhoneMultimap {
    /// Every tuning constant of the hashed phone tables, each with the reason for its value.
    package enum Constants {
        /// The fewest pending numbers the delta holds before it is merged into the base.
        ///
        /// A merge moves or copies the whole base, so on a small table merging every few
        /// changes would make each change cost O(n); 1,024 pending numbers keep a small table's
        /// delta a few tens of kilobytes, which a lookup reads through one hash probe anyway.
        package static let deltaFloor = 1024

        /// Above the floor the delta is merged when it holds one pending number per
        /// `deltaShare` entries of the base.
        ///
        /// The merge copies 12 bytes per base entry; spread over `base / 64` changes that is
        /// about 64 entry copies per change, while the delta, at 33 to 65 bytes per pending
        /// pair (16-byte slots in a table a quarter to half full, and a byte of filter), stays
        /// under 1 byte per base entry at its fullest.
        package static let deltaShare = 64

        /// The delta share of the reverse side of ``UploadIndex``: every upload changes about
        /// one number per contact (1,250 for a book of 1,000), so merges there come often, and
        /// each moves the whole base (in its buffer while it has room, see ``mergesOfSpare``).
        ///
        /// At one pending pair per 16 base entries a merge copies about 16 entries per change
        /// instead of 64, which halves the share of an upload spent copying. The delta then
        /// peaks at 2 to 4 bytes per base entry, on top of the base's 12. The phone table,
        /// changed one registration at a time and held to 16 bytes an entry, keeps
        /// ``deltaShare``.
        static let uploadDeltaShare = 16

        /// When a merge needs a new buffer for the base, it leaves room for this many more
        /// merges' worth of new entries (each at most ``HashedPhoneMultimap/mergeThreshold``
        /// pairs), so that the next merges apply their changes in place instead of copying onto
        /// fresh pages; the room costs at most 4 × 12 / `deltaShare` bytes an entry: 3 on the
        /// reverse side of uploads, 0.75 on the phone table.
        ///
        /// Copies onto fresh pages were the largest source of page faults of uploads (each
        /// fresh page is zeroed by the kernel on first touch); room for four merges keeps most
        /// merges in the buffer they have.
        package static let mergesOfSpare = 4

        /// Bits of the delta's filter per pending pair at the merge threshold: at 8, about
        /// one lookup of an unchanged number in 8 still probes the delta's dictionary.
        static let pendingFilterBitsPerNumber = 8

        /// The average bucket a fresh directory aims at (between this and twice this).
        ///
        /// Large enough that the directory stays small (4 bytes a bucket: 256 KiB at 10 million
        /// entries, 0.03 bytes an entry) and so in cache, which the probe needs more than short
        /// buckets (smaller targets were slower); small enough that the interpolation inside a
        /// bucket lands within a few entries (about sqrt(k / 6) for k entries: 5 to 6), one or
        /// two cache lines.
        package static let targetAverageBucket = 128

        /// Entries a probe reads on each side of its interpolated position (see
        /// ``HashedPhoneMultimap/Base``): 17 entries, 204 bytes, four or five cache lines whose
        /// misses overlap. In a fresh bucket of 128 to 256 entries the guess is off by about 5
        /// entries, so the answer is inside the window about nine times in ten; outside, the
        /// probe gallops on from the window's edge.
        static let probeWindow = 8

        /// How many probes ahead a batch prefetches a probe's window (see
        /// ``HashedPhoneMultimap/Base/firstPayloads(ofWords:inBuckets:)``): 8 windows of 17
        /// entries are about 40 cache lines in flight, enough to keep a core's line fill
        /// buffers (10 to 16) busy while the probe in hand is searched.
        static let probeLookahead = 8

        /// How many pairs ahead a batch of changes prefetches a pair's delta slot (see
        /// ``HashedPhoneMultimap/insert(_:forEach:)``): a delta of a few hundred kilobytes to a
        /// few megabytes misses the closer caches on most slots, and recording a pair (a hash, a
        /// directory read, a slot written) is short, so eight misses are kept in flight.
        static let recordLookahead = 8

        /// The directory is rebuilt (all keys hashed again) when the average bucket leaves
        /// `minimumAverageBucket ... maximumAverageBucket` entries.
        ///
        /// The band is wide so that a table whose size hovers around a power of two does not
        /// rebuild its directory at every merge: at 32 the directory costs 0.125 bytes an
        /// entry, at 1,024 an interpolation misses by about 13 entries, three cache lines.
        package static let minimumAverageBucket = 32
        /// See ``minimumAverageBucket``.
        static let maximumAverageBucket = 1024

        /// Buckets of at most this many entries are sorted by insertion while building (stable,
        /// no allocation); longer ones by sorting (word, input position) pairs, which keeps
        /// equal words in input order at O(k log k).
        static let insertionSortCutoff = 32

        /// The most entries a table holds: directory offsets are `UInt32`.
        package static let maximumCount = Int(UInt32.max)
    }
}
