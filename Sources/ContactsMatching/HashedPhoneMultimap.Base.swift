import CPrefetch
import ContactsSupport

extension HashedPhoneMultimap {
    /// What a bulk build does with several payloads for one number.
    package enum DuplicatePolicy: Sendable {
        /// Keep the payload that came last in the input (a map: later writes win).
        case lastWins
        /// Keep every distinct payload (a multimap).
        case keepAll
    }

    /// One (number, payload) entry: 12 bytes, so that a probe reads the number and the
    /// payload from one cache line.
    ///
    /// The 64-bit ``word`` holds the number in its low 50 bits (every number of up to 15
    /// digits, E.164's own limit, and the 16-digit ones up to ``Base/largestNumber``; longer
    /// ones are ``HashedPhoneMultimap/LongNumbers``) and 14 bits of the number's key in its top
    /// bits (see ``Base``); it is split in two `UInt32` halves to keep the entry at 12 bytes.
    @usableFromInline
    package struct Entry: Equatable, Sendable, BitwiseCopyable {
        private var low: UInt32
        private var high: UInt32
        /// The payload: a user index.
        @usableFromInline
        package var payload: UInt32

        /// An entry of `word` and `payload`.
        init(word: UInt64, payload: UInt32) {
            low = UInt32(truncatingIfNeeded: word)
            high = UInt32(truncatingIfNeeded: word >> 32)
            self.payload = payload
        }

        /// Fingerprint and number, in the order entries are sorted by.
        @inline(__always)
        package var word: UInt64 { UInt64(high) << 32 | UInt64(low) }

        /// The exact number.
        package var number: UInt64 { word & Base.numberMask }
    }

    /// The sorted part of a table, changed only by merges (``merge(_:changeCount:spare:hasher:)``).
    ///
    /// A number's key is split three ways: its top `directoryBits` bits choose a bucket, the
    /// next 14 bits (the fingerprint) go into the entry's ``Entry/word`` above the number,
    /// and the rest is dropped. Entries are sorted by (bucket, word, payload), and
    /// `directory[b] ..< directory[b + 1]` are the entries of bucket `b`.
    ///
    /// A bucket holds 128 to 256 entries on average, so the directory is small (256 KiB at 10
    /// million entries) and stays in cache. Within a bucket the fingerprints are uniform,
    /// so a probe jumps straight to where its fingerprint puts it (interpolation) and gallops
    /// the few entries to the exact word: one directory read that hits the cache, and
    /// usually one cache line of entries. Equal words mean equal numbers, so every hit is
    /// exact; under colliding keys the gallop degrades to a binary search, never a wrong
    /// answer. An entry costs 12 bytes and the directory at most 0.125 more (0.03 fresh).
    ///
    /// Every unsafe read goes through ``withUnsafeParts(_:)`` and every unsafe write through
    /// ``withUnsafeMutableParts(_:)``, whose views check bounds in debug builds; the two
    /// operations that write (a build and a merge) check the invariants in debug builds once
    /// they are done (a merge shifts the directory before it moves the entries).
    package struct Base: Sendable, Equatable {
        private typealias Constants = HashedPhoneMultimap.Constants
        /// The low bits of a word that hold the number.
        static let numberBits: UInt64 = 50
        /// The mask of ``numberBits``.
        static let numberMask: UInt64 = (1 << numberBits) - 1
        /// The fingerprint bits above the number.
        static let fingerprintBits: UInt64 = 64 - numberBits
        /// The largest number an entry holds: one below ``numberMask``, so that no word is all
        /// ones and a search for the word after one (``entries(ofWord:inBucket:)``) cannot
        /// overflow.
        static let largestNumber: UInt64 = numberMask - 1

        /// How many top bits of a key choose its bucket (0: a single bucket).
        package private(set) var directoryBits: Int
        /// 2^directoryBits + 1 ascending offsets, from 0 to `count`.
        package private(set) var directory: [UInt32]
        /// The entries.
        package private(set) var entries: [Entry]

        /// The empty base: one empty bucket.
        init() {
            self.init(directoryBits: 0, directory: [0, 0], entries: [])
        }

        private init(directoryBits: Int, directory: [UInt32], entries: [Entry]) {
            self.directoryBits = directoryBits
            self.directory = directory
            self.entries = entries
        }

        /// The number of entries.
        package var count: Int { entries.count }

        /// The number of buckets.
        var bucketCount: Int { 1 << directoryBits }

        /// The bucket and the word of `number`, whose key is `key`.
        @inline(__always)
        func locate(_ number: UInt64, key: UInt64) -> (bucket: Int, word: UInt64) {
            Self.locate(number, key: key, bits: directoryBits)
        }

        /// The bucket (the top `bits` bits of `key`) and the word (the next 14 bits of `key`
        /// above `number`). Halving the key before the shift keeps 0 to 31 bits without a
        /// branch for `bits == 0`.
        @inline(__always)
        static func locate(_ number: UInt64, key: UInt64, bits: Int) -> (bucket: Int, word: UInt64) {
            let bucket = Int(truncatingIfNeeded: (key &>> 1) &>> UInt64(truncatingIfNeeded: 63 - bits))
            let fingerprint = (key &<< UInt64(truncatingIfNeeded: bits)) &>> numberBits
            return (bucket, fingerprint &<< numberBits | number)
        }

        /// The one funnel to the unsafe views of the directory and the entries, for reading.
        @inline(__always)
        func withUnsafeParts<R>(
            _ body: (_ directory: UnsafeBufferPointer<UInt32>, _ entries: UnsafeBufferPointer<Entry>) -> R
        ) -> R {
            directory.withUnsafeBufferPointer { directory in
                entries.withUnsafeBufferPointer { entries in
                    body(directory, entries)
                }
            }
        }

        /// The one funnel to mutable views of the directory and the entries.
        @inline(__always)
        mutating func withUnsafeMutableParts<R>(
            _ body: (_ directory: UnsafeMutableBufferPointer<UInt32>, _ entries: UnsafeMutableBufferPointer<Entry>) -> R
        ) -> R {
            directory.withUnsafeMutableBufferPointer { directory in
                entries.withUnsafeMutableBufferPointer { entries in
                    body(directory, entries)
                }
            }
        }

        /// The payload of the first entry of `word` in `bucket`, or nil when there is none.
        ///
        /// - Complexity: one directory read and a gallop from the interpolated position, which
        ///   is about 5 entries off in a fresh bucket: one or two cache lines of entries;
        ///   O(log n) at worst (colliding keys).
        @inline(__always)
        func firstPayload(ofWord word: UInt64, inBucket bucket: Int) -> UInt32? {
            withUnsafeParts { directory, entries in
                Self.firstPayload(ofWord: word, inBucket: bucket, directory, entries)
            }
        }

        /// ``firstPayload(ofWord:inBucket:)`` on the unsafe parts.
        @inline(__always)
        private static func firstPayload(
            ofWord word: UInt64, inBucket bucket: Int, _ directory: UnsafeBufferPointer<UInt32>,
            _ entries: UnsafeBufferPointer<Entry>
        ) -> UInt32? {
            let range = range(ofBucket: bucket, in: directory)
            let window = window(of: word, in: entries, range, from: guess(for: word, in: range))
            return payload(ofWord: word, at: lowerBound(of: word, in: entries, range, window), in: entries, range)
        }

        /// The payload of the first entry of each probe's word in its bucket (nil where none),
        /// in the probes' order, which should be by bucket (the directory then read in order).
        ///
        /// While a probe searches its window, the window of the probe ``Constants/probeLookahead``
        /// places on is prefetched. Otherwise each probe would wait for its own cache misses:
        /// a search is too many instructions for the processor to reach the next probe's reads
        /// while the first one's are outstanding.
        ///
        /// - Complexity: as ``firstPayload(ofWord:inBucket:)`` per probe, the misses of
        ///   several probes overlapping.
        func firstPayloads(ofWords words: [UInt64], inBuckets buckets: [Int]) -> [UInt32?] {
            precondition(words.count == buckets.count, "a bucket per word")
            return withUnsafeParts { directory, entries in
                func prefetchWindow(of probe: Int) {
                    let range = Self.range(ofBucket: buckets[probe], in: directory)
                    let first = max(range.lowerBound, Self.guess(for: words[probe], in: range) &- Constants.probeWindow)
                    guard let base = entries.baseAddress else { return }
                    // A byte every 60 of the window's 204 touches each of its cache lines.
                    let start = UnsafeRawPointer(base + first)
                    let windowBytes = (2 * Constants.probeWindow + 1) * MemoryLayout<Entry>.stride
                    for offset in stride(from: 0, to: windowBytes, by: 60) {
                        contacts_prefetch(start + offset)
                    }
                    contacts_prefetch(start + windowBytes - 1)
                }
                for probe in 0..<min(Constants.probeLookahead, words.count) {
                    prefetchWindow(of: probe)
                }
                return words.indices.map { probe in
                    if probe + Constants.probeLookahead < words.count {
                        prefetchWindow(of: probe + Constants.probeLookahead)
                    }
                    return Self.firstPayload(ofWord: words[probe], inBucket: buckets[probe], directory, entries)
                }
            }
        }

        /// The positions of the entries of `word` in `bucket` (empty when there are none).
        ///
        /// - Complexity: as ``firstPayload(ofWord:inBucket:)``, plus O(log k) for k entries.
        func entries(ofWord word: UInt64, inBucket bucket: Int) -> Range<Int> {
            withUnsafeParts { directory, entries in
                let range = Self.range(ofBucket: bucket, in: directory)
                let first = Self.lowerBound(
                    of: word, in: entries, range,
                    Self.window(of: word, in: entries, range, from: Self.guess(for: word, in: range)))
                // Numbers stay below `numberMask`, so `word + 1` cannot overflow.
                let rest = first..<range.upperBound
                let end = Self.lowerBound(
                    of: word + 1, in: entries, rest, Self.window(of: word + 1, in: entries, rest, from: first))
                return first..<end
            }
        }

        /// The positions of the entries of `bucket`.
        @inline(__always)
        private static func range(ofBucket bucket: Int, in directory: UnsafeBufferPointer<UInt32>) -> Range<Int> {
            Int(directory[bucket])..<Int(directory[bucket + 1])
        }

        /// The payload at `position` (in `range` or its end) when the entry there has `word`,
        /// else nil.
        @inline(__always)
        private static func payload(
            ofWord word: UInt64, at position: Int, in entries: UnsafeBufferPointer<Entry>, _ range: Range<Int>
        ) -> UInt32? {
            guard position < range.upperBound else { return nil }
            let entry = entries[position]
            return entry.word == word ? entry.payload : nil
        }

        /// Where `word` would sit in `range` if the fingerprints in it were spread evenly.
        @inline(__always)
        private static func guess(for word: UInt64, in range: Range<Int>) -> Int {
            let fingerprint = word &>> numberBits
            let offset = (UInt64(truncatingIfNeeded: range.count) &* fingerprint) &>> fingerprintBits
            return range.lowerBound + Int(truncatingIfNeeded: offset)
        }

        /// The first reads of a search: the entries `first...last` around its guess, and how
        /// many of their words are below the word searched (empty when `last < first`).
        struct Window {
            let first: Int
            let last: Int
            let below: Int
        }

        /// Reads the window of ``Constants/probeWindow`` entries each side of `guess` (in
        /// `range`, or its end) and counts the words below `word` in it, without a branch: every
        /// load of the window is independent, so their cache misses overlap.
        @inline(__always)
        private static func window(
            of word: UInt64, in entries: UnsafeBufferPointer<Entry>, _ range: Range<Int>, from guess: Int
        ) -> Window {
            guard !range.isEmpty else { return Window(first: range.lowerBound, last: range.lowerBound - 1, below: 0) }
            let first = max(range.lowerBound, guess &- Constants.probeWindow)
            let last = min(range.upperBound, guess &+ Constants.probeWindow + 1) &- 1
            var below = 0
            for position in first...last {
                below &+= isBelow(entries[position].word, word)
            }
            return Window(first: first, last: last, below: below)
        }

        /// 1 when `a < b`, else 0, as a flag (`setb`, or `cmp` and `adc` in the loop), not a
        /// branch. Written `a < b ? 1 : 0`, the compiler turns a comparison fed by a load into
        /// a branch, which mispredicts at the window's crossing and throws away the reads issued
        /// after it; computed from bits instead, it takes a dozen instructions an entry, and
        /// with 17 entries waiting on one cache miss the next probe's reads could not start.
        @inline(__always)
        private static func isBelow(_ a: UInt64, _ b: UInt64) -> Int {
            Int(truncatingIfNeeded: unsafeBitCast(a < b, to: UInt8.self))
        }

        /// The first position in `range` whose word is not below `word`, from its `window`:
        /// O(log d) for an answer d entries outside it.
        ///
        /// When the answer lies inside the window (most of the time in a fresh bucket) it is the
        /// window's start plus the count of its words below `word`. Otherwise the search
        /// gallops on from the window's edge.
        @inline(__always)
        private static func lowerBound(
            of word: UInt64, in entries: UnsafeBufferPointer<Entry>, _ range: Range<Int>, _ window: Window
        ) -> Int {
            guard !range.isEmpty else { return range.lowerBound }
            var low: Int
            var high: Int
            var step = 1
            if window.below == 0 {
                // The answer is at or before the window's start: gallop down.
                high = window.first
                while true {
                    let probe = high - step
                    if probe < range.lowerBound {
                        low = range.lowerBound
                        break
                    }
                    if entries[probe].word < word {
                        low = probe + 1
                        break
                    }
                    high = probe
                    step &<<= 1
                }
            } else if window.below == window.last - window.first + 1 {
                // The answer is after the window's end: gallop up.
                low = window.last + 1
                while true {
                    let probe = low + step - 1
                    if probe >= range.upperBound {
                        high = range.upperBound
                        break
                    }
                    if entries[probe].word >= word {
                        high = probe
                        break
                    }
                    low = probe + 1
                    step &<<= 1
                }
            } else {
                return window.first &+ window.below
            }
            return SortedArraySearch.partitionPoint(in: low..<high) { entries[$0].word < word }
        }

        /// The bytes held, counted by capacity.
        var storageBytes: Int {
            directory.capacity * MemoryLayout<UInt32>.stride + entries.capacity * MemoryLayout<Entry>.stride
        }
    }
}

extension HashedPhoneMultimap.Base {

    /// The directory size a fresh build gives `count` entries: the most bits whose bucket
    /// count leaves an average of at least `targetAverageBucket` entries.
    static func directoryBits(forCount count: Int) -> Int {
        let buckets = count / Constants.targetAverageBucket
        guard buckets >= 2 else { return 0 }
        return Int.bitWidth - 1 - buckets.leadingZeroBitCount
    }

    /// Whether a directory of `bits` still suits `count` entries (see
    /// ``HashedPhoneMultimap/Constants/minimumAverageBucket``).
    static func directoryFits(bits: Int, count: Int) -> Bool {
        bits == directoryBits(forCount: count)
            || (count >= Constants.minimumAverageBucket << bits && count <= Constants.maximumAverageBucket << bits)
    }

    /// Builds a base from unordered entries, sorting once: a counting sort on the bucket (the
    /// directory is its histogram), then a stable sort of each bucket by word. Each key is
    /// hashed twice (to count, then to place) rather than kept between the passes, so the build
    /// needs no memory beside its input and the entries it keeps.
    ///
    /// - Parameters:
    ///   - numbers: the entries' numbers, in any order, with any repeats.
    ///   - payloads: the entries' payloads, parallel to `numbers` (the caller checks lengths,
    ///     number range and the capacity limit).
    ///   - duplicates: what several payloads for one number become.
    /// - Complexity: O(n) hashes and moves, plus sorting within buckets of about 48 entries.
    static func build(
        numbers: [UInt64], payloads: [UInt32], hasher: PhoneKeyFunction,
        duplicates: HashedPhoneMultimap.DuplicatePolicy
    ) -> Self {
        assert(numbers.count == payloads.count)
        let count = numbers.count
        let bits = directoryBits(forCount: count)
        let bucketCount = 1 << bits

        // Pass 1: starts[b + 1] counts bucket b.
        var starts = [UInt32](repeating: 0, count: bucketCount + 1)
        starts.withUnsafeMutableBufferPointer { starts in
            for number in numbers {
                let bucket = locate(number, key: hasher.key(for: number), bits: bits).bucket
                starts[bucket + 1] &+= 1
            }
        }
        for bucket in 0..<bucketCount {
            starts[bucket + 1] += starts[bucket]
        }

        // Pass 2: a stable scatter into bucket order (every position is written once).
        var cursors = starts
        let entries = HugePages.array(count: count) {
            (entries: UnsafeMutableBufferPointer<HashedPhoneMultimap.Entry>) in
            cursors.withUnsafeMutableBufferPointer { cursors in
                for index in 0..<count {
                    let number = numbers[index]
                    let (bucket, word) = locate(number, key: hasher.key(for: number), bits: bits)
                    let position = Int(cursors[bucket])
                    cursors[bucket] = UInt32(truncatingIfNeeded: position + 1)
                    entries[position] = HashedPhoneMultimap.Entry(word: word, payload: payloads[index])
                }
            }
        }

        // Pass 3: order each bucket by word, settle repeated numbers, close the gaps.
        var base = Self(
            directoryBits: bits, directory: [UInt32](repeating: 0, count: bucketCount + 1), entries: consume entries)
        let written = base.withUnsafeMutableParts { directory, entries in
            var written = 0
            for bucket in 0..<bucketCount {
                directory[bucket] = UInt32(truncatingIfNeeded: written)
                let range = Int(starts[bucket])..<Int(starts[bucket + 1])
                sortStably(entries, range)
                written = compact(entries, range, to: written, duplicates: duplicates)
            }
            directory[bucketCount] = UInt32(truncatingIfNeeded: written)
            return written
        }
        if written < count {
            base.entries.removeLast(count - written)
            if !directoryFits(bits: bits, count: written) {
                return rebuilt(base.entries, hasher: hasher)
            }
        }
        base._checkInvariants(hasher: hasher)
        return base
    }

    /// A fresh base of `entries` (distinct, in any order), every key hashed again: for a
    /// directory that no longer suits its entry count.
    private static func rebuilt(_ entries: [HashedPhoneMultimap.Entry], hasher: PhoneKeyFunction) -> Self {
        build(numbers: entries.map(\.number), payloads: entries.map(\.payload), hasher: hasher, duplicates: .keepAll)
    }

    /// Sorts `range` of `entries` by word, keeping the input order of equal words.
    private static func sortStably(
        _ entries: UnsafeMutableBufferPointer<HashedPhoneMultimap.Entry>, _ range: Range<Int>
    ) {
        guard range.count > 1 else { return }
        if range.count <= Constants.insertionSortCutoff {
            for next in range.dropFirst() {
                let entry = entries[next]
                let word = entry.word
                var hole = next
                while hole > range.lowerBound && entries[hole - 1].word > word {
                    entries[hole] = entries[hole - 1]
                    hole -= 1
                }
                entries[hole] = entry
            }
            return
        }
        // A long bucket (colliding keys): sort (word, input position) pairs, then permute.
        var order = range.map { (word: entries[$0].word, position: $0) }
        order.sort { ($0.word, $0.position) < ($1.word, $1.position) }
        let old = Array(entries[range])
        for (offset, item) in order.enumerated() {
            entries[range.lowerBound + offset] = old[item.position - range.lowerBound]
        }
    }

    /// Moves the sorted `range` down to `written`: one entry per word under `.lastWins`, one
    /// per distinct (word, payload) under `.keepAll`, payloads ascending; returns the new end
    /// of the written entries.
    private static func compact(
        _ entries: UnsafeMutableBufferPointer<HashedPhoneMultimap.Entry>, _ range: Range<Int>, to written: Int,
        duplicates: HashedPhoneMultimap.DuplicatePolicy
    ) -> Int {
        var written = written
        var runStart = range.lowerBound
        while runStart < range.upperBound {
            let word = entries[runStart].word
            var runEnd = runStart + 1
            while runEnd < range.upperBound && entries[runEnd].word == word {
                runEnd += 1
            }
            switch duplicates {
            case .lastWins:
                entries[written] = entries[runEnd - 1]
                written += 1
            case .keepAll:
                var payloads = entries[runStart..<runEnd].map(\.payload)
                if payloads.count > 1 { payloads.sort() }
                var previous: UInt32?
                for payload in payloads where payload != previous {
                    entries[written] = HashedPhoneMultimap.Entry(word: word, payload: payload)
                    written += 1
                    previous = payload
                }
            }
            runStart = runEnd
        }
        return written
    }

    /// Applies the first `changeCount` changes of `scratch`: each held pair present once, each
    /// other pair absent. The directory is kept unless the new count leaves its band; then every
    /// key is hashed again into a fresh one.
    ///
    /// When the entries' buffer is not shared and has room, the changes are applied in it:
    /// removals close their gaps front to back, then insertions open theirs back to front.
    /// Otherwise the entries are copied into a new buffer with room for `spare` more (a new
    /// buffer of megabytes comes from the kernel as fresh pages, which it zeroes on first
    /// touch, so merges in place are much cheaper). The merge's own lists are written over the
    /// changes in `scratch` (see ``HashedPhoneMultimap/MergeScratch``).
    ///
    /// - Parameter scratch: the changes, ascending by (bucket, word, payload) and distinct,
    ///   buckets and words from this base's directory; overwritten.
    /// - Complexity: O(n + m) for n entries and m changes: one walk finds where the changes go
    ///   (through the buckets that have some) and shifts the directory, then the entries move
    ///   in runs; O(n) hashes more when the directory is rebuilt.
    mutating func merge(
        _ scratch: HashedPhoneMultimap.MergeScratch, changeCount: Int, spare: Int, hasher: PhoneKeyFunction
    ) {
        defer { _checkInvariants(hasher: hasher) }
        let (placedCount, mergedCount) = place(scratch, changeCount: changeCount)
        if entries.capacity >= mergedCount && !entries.isEmpty {
            applyInPlace(scratch, placedCount: placedCount, mergedCount: mergedCount)
        } else {
            entries = applying(scratch, placedCount: placedCount, mergedCount: mergedCount, spare: spare)
        }
        if !Self.directoryFits(bits: directoryBits, count: mergedCount) {
            self = Self.rebuilt(entries, hasher: hasher)
        }
    }

    /// Writes over the changes of `scratch` the ``HashedPhoneMultimap/Placement`` of each
    /// change that does something (not a held pair the base has, nor a dropped one it lacks),
    /// in their order, and moves each bucket's start in the directory by the entries the
    /// changes before it add or remove; returns how many placements there are and the entry
    /// count once they are applied.
    ///
    /// One forward walk, the changes being in the base's own order (bucket, word, payload).
    /// The directory is shifted in place, each bucket's start read before it is moved.
    private mutating func place(
        _ scratch: HashedPhoneMultimap.MergeScratch, changeCount: Int
    ) -> (placedCount: Int, mergedCount: Int) {
        let bucketCount = self.bucketCount
        var placedCount = 0
        var shift = 0
        withUnsafeMutableParts { directory, entries in
            var cursor = 0
            // Buckets below `nextBucket` have been shifted; `range` is the current bucket's,
            // as it was before any shift.
            var nextBucket = 0
            var range = 0..<0
            for index in 0..<changeCount {
                let change = scratch[index, as: HashedPhoneMultimap.Change.self]
                if change.bucket >= nextBucket {
                    let start = Int(directory[change.bucket])
                    while nextBucket <= change.bucket {
                        directory[nextBucket] = UInt32(truncatingIfNeeded: Int(directory[nextBucket]) + shift)
                        nextBucket += 1
                    }
                    range = start..<Int(directory[change.bucket + 1])
                }
                var position = max(cursor, range.lowerBound)
                while position < range.upperBound {
                    let word = entries[position].word
                    guard word < change.word || (word == change.word && entries[position].payload < change.payload)
                    else { break }
                    position += 1
                }
                cursor = position
                let isHeld =
                    position < range.upperBound && entries[position].word == change.word
                    && entries[position].payload == change.payload
                guard change.held != isHeld else { continue }
                scratch[placedCount, as: HashedPhoneMultimap.Placement.self] =
                    change.held
                    ? HashedPhoneMultimap.Placement(
                        inserting: HashedPhoneMultimap.Entry(word: change.word, payload: change.payload),
                        before: position)
                    : HashedPhoneMultimap.Placement(removingAt: position)
                placedCount += 1
                shift += change.held ? 1 : -1
            }
            while nextBucket <= bucketCount {
                directory[nextBucket] = UInt32(truncatingIfNeeded: Int(directory[nextBucket]) + shift)
                nextBucket += 1
            }
        }
        return (placedCount, count + shift)
    }

    /// Applies the first `placedCount` placements of `scratch` to the entries within their
    /// buffer's capacity (copied first only if shared); the insertions left once the removals
    /// are done are written over the placements.
    private mutating func applyInPlace(
        _ scratch: HashedPhoneMultimap.MergeScratch, placedCount: Int, mergedCount: Int
    ) {
        let count = entries.count
        if mergedCount > count, let last = entries.last {
            entries.append(contentsOf: repeatElement(last, count: mergedCount - count))
        }
        withUnsafeMutableParts { _, buffer in
            guard let base = buffer.baseAddress else { return }
            func move(_ from: Int, _ to: Int, _ length: Int) {
                guard length > 0, from != to else { return }
                assert(min(from, to) >= 0 && max(from, to) + length <= buffer.count, "a move within the entries")
                UnsafeMutableRawPointer(base + to).copyMemory(
                    from: base + from, byteCount: length * MemoryLayout<HashedPhoneMultimap.Entry>.stride)
            }
            // Removals, front to back; each insertion's position as it is once they are done.
            var insertionCount = 0
            var read = 0
            var write = 0
            for index in 0..<placedCount {
                let placement = scratch[index, as: HashedPhoneMultimap.Placement.self]
                let position = placement.position
                if let entry = placement.entry {
                    scratch[insertionCount, as: HashedPhoneMultimap.Placement.self] =
                        HashedPhoneMultimap.Placement(inserting: entry, before: position - (read - write))
                    insertionCount += 1
                } else {
                    move(read, write, position - read)
                    write += position - read
                    read = position + 1
                }
            }
            move(read, write, count - read)
            // Insertions, back to front: each run moves up by the insertions before its end.
            var end = count - (read - write)
            for rank in stride(from: insertionCount - 1, through: 0, by: -1) {
                let insertion = scratch[rank, as: HashedPhoneMultimap.Placement.self]
                let position = insertion.position
                guard let entry = insertion.entry else { preconditionFailure("an insertion") }
                move(position, position + rank + 1, end - position)
                buffer[position + rank] = entry
                end = position
            }
        }
        if mergedCount < count {
            entries.removeLast(count - mergedCount)
        }
    }

    /// The entries with the first `placedCount` placements of `scratch` applied, in a new
    /// buffer with room for `spare` more entries.
    private func applying(
        _ scratch: HashedPhoneMultimap.MergeScratch, placedCount: Int, mergedCount: Int, spare: Int
    ) -> [HashedPhoneMultimap.Entry] {
        HugePages.array(count: mergedCount, capacity: mergedCount + spare) {
            (merged: UnsafeMutableBufferPointer<HashedPhoneMultimap.Entry>) in
            withUnsafeParts { _, entries in
                var copied = 0
                var written = 0
                func copy(upTo end: Int) {
                    let count = end - copied
                    _ = merged[written..<(written + count)].initialize(fromContentsOf: entries[copied..<end])
                    written += count
                    copied = end
                }
                for index in 0..<placedCount {
                    let placement = scratch[index, as: HashedPhoneMultimap.Placement.self]
                    copy(upTo: placement.position)
                    if let entry = placement.entry {
                        merged[written] = entry
                        written += 1
                    } else {
                        copied += 1
                    }
                }
                copy(upTo: entries.count)
                precondition(written == mergedCount, "merged entry count")
            }
        }
    }

    /// Traps when the layout is broken: offsets, order and distinct entries everywhere, and
    /// bucket and fingerprint (the number hashed again) for up to 1,024 entries spread over
    /// the base, so that checking after every merge stays cheap. A no-op unless built for
    /// debugging.
    ///
    /// - Complexity: O(n) for n entries, plus at most 1,024 hashes, in debug builds.
    func _checkInvariants(hasher: PhoneKeyFunction) {
        #if DEBUG
            precondition(directory.count == bucketCount + 1, "directory size")
            precondition(directory.first == 0 && Int(directory[bucketCount]) == count, "directory ends")
            let hashEvery = max(1, count / 1024)
            for bucket in 0..<bucketCount {
                let range = Int(directory[bucket])..<Int(directory[bucket + 1])
                precondition(range.lowerBound <= range.upperBound, "directory order")
                for position in range {
                    let entry = entries[position]
                    precondition(entry.number != 0 && entry.number <= Self.largestNumber, "number range")
                    if position % hashEvery == 0 {
                        let expected = locate(entry.number, key: hasher.key(for: entry.number))
                        precondition(expected == (bucket, entry.word), "bucket and fingerprint")
                    }
                    if position > range.lowerBound {
                        let previous = entries[position - 1]
                        precondition((previous.word, previous.payload) < (entry.word, entry.payload), "entry order")
                    }
                }
            }
        #endif
    }
}
