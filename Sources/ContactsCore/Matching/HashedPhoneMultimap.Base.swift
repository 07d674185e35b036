extension HashedPhoneMultimap {
    /// What a bulk build does with several payloads for one number.
    package enum DuplicatePolicy: Sendable {
        /// Keep the payload that came last in the input (a map: later writes win).
        case lastWins
        /// Keep every distinct payload (a multimap).
        case keepAll
    }

    /// A number's complete new payload list, for a merge.
    struct Change {
        /// The number's bucket in the base being merged into.
        let bucket: Int
        /// The number.
        let number: UInt64
        /// Its payloads after the change, ascending and distinct; empty when it has none.
        let payloads: [UInt32]
    }

    /// The sorted, immutable part of a table.
    ///
    /// Entries `(number, payload)` are ordered by (bucket, number, payload), where a number's
    /// bucket is the top `directoryBits` bits of its key; `directory[b] ..< directory[b + 1]`
    /// are the entries of bucket `b`. No key is stored: the directory position stands for the
    /// key's top bits, and the stored number both orders its bucket and confirms a hit
    /// exactly. An entry costs 8 bytes of number and 4 of payload, the directory 1 to 4 more.
    ///
    /// Every unsafe read goes through ``withUnsafeParts(_:)``.
    package struct Base: Sendable, Equatable {
        /// How many top bits of a key choose its bucket (0: a single bucket).
        package private(set) var directoryBits: Int
        /// 2^directoryBits + 1 ascending offsets, from 0 to `count`.
        package private(set) var directory: [UInt32]
        /// The entries' numbers.
        package private(set) var numbers: [UInt64]
        /// The entries' payloads.
        package private(set) var payloads: [UInt32]

        /// The empty base: one empty bucket.
        init() {
            self.init(directoryBits: 0, directory: [0, 0], numbers: [], payloads: [])
        }

        private init(directoryBits: Int, directory: [UInt32], numbers: [UInt64], payloads: [UInt32]) {
            self.directoryBits = directoryBits
            self.directory = directory
            self.numbers = numbers
            self.payloads = payloads
        }

        /// The number of entries.
        package var count: Int { numbers.count }

        /// The number of buckets.
        var bucketCount: Int { 1 << directoryBits }

        /// The bucket of the number whose key is `key`.
        @inline(__always)
        func bucket(ofKey key: UInt64) -> Int {
            Self.bucket(ofKey: key, bits: directoryBits)
        }

        /// The top `bits` bits of `key`, without a branch for `bits == 0`: shifting the halved
        /// key by `63 - bits` keeps 0 to 31 of its top bits.
        @inline(__always)
        static func bucket(ofKey key: UInt64, bits: Int) -> Int {
            Int(truncatingIfNeeded: (key &>> 1) &>> UInt64(truncatingIfNeeded: 63 - bits))
        }

        /// The one funnel to the unsafe views of the directory, numbers and payloads.
        @inline(__always)
        func withUnsafeParts<R>(
            _ body: (
                _ directory: UnsafeBufferPointer<UInt32>, _ numbers: UnsafeBufferPointer<UInt64>,
                _ payloads: UnsafeBufferPointer<UInt32>
            ) -> R
        ) -> R {
            directory.withUnsafeBufferPointer { directory in
                numbers.withUnsafeBufferPointer { numbers in
                    payloads.withUnsafeBufferPointer { payloads in
                        body(directory, numbers, payloads)
                    }
                }
            }
        }

        /// The payload of the first entry of `number`, whose bucket is `bucket`; nil when the
        /// number has no entry.
        ///
        /// - Complexity: one directory read and a scan of the bucket (O(log n) when a bucket
        ///   is long, as under a colliding hasher).
        @inline(__always)
        func firstPayload(of number: UInt64, inBucket bucket: Int) -> UInt32? {
            withUnsafeParts { directory, numbers, payloads in
                let end = Int(directory[bucket + 1])
                let position = Self.lowerBound(of: number, in: numbers, Int(directory[bucket])..<end)
                return position < end && numbers[position] == number ? payloads[position] : nil
            }
        }

        /// The positions of the entries of `number`, whose bucket is `bucket` (empty when it
        /// has none).
        ///
        /// - Complexity: O(log n) at worst.
        func entries(of number: UInt64, inBucket bucket: Int) -> Range<Int> {
            withUnsafeParts { directory, numbers, _ in
                let bucketRange = Int(directory[bucket])..<Int(directory[bucket + 1])
                let first = Self.lowerBound(of: number, in: numbers, bucketRange)
                guard first < bucketRange.upperBound && numbers[first] == number else {
                    return first..<first
                }
                let last = SortedArraySearch.upperBound(
                    of: number, in: numbers[first..<bucketRange.upperBound])
                return first..<last
            }
        }

        /// The first position in `range` of `numbers` whose number is not below `number`.
        @inline(__always)
        private static func lowerBound(
            of number: UInt64, in numbers: UnsafeBufferPointer<UInt64>, _ range: Range<Int>
        ) -> Int {
            if range.count <= Constants.linearScanCutoff {
                var position = range.lowerBound
                while position < range.upperBound && numbers[position] < number {
                    position += 1
                }
                return position
            }
            return SortedArraySearch.lowerBound(of: number, in: numbers[range])
        }

        /// The bytes held, counted by capacity.
        var storageBytes: Int {
            directory.capacity * MemoryLayout<UInt32>.stride
                + numbers.capacity * MemoryLayout<UInt64>.stride
                + payloads.capacity * MemoryLayout<UInt32>.stride
        }
    }
}

extension HashedPhoneMultimap.Base {
    /// The directory size a fresh build gives `count` entries: the most bits whose bucket
    /// count leaves an average of at least `targetAverageBucket` entries.
    static func directoryBits(forCount count: Int) -> Int {
        let buckets = count / HashedPhoneMultimap.Constants.targetAverageBucket
        guard buckets >= 2 else { return 0 }
        return Int.bitWidth - 1 - buckets.leadingZeroBitCount
    }

    /// Whether a directory of `bits` still suits `count` entries (see
    /// ``HashedPhoneMultimap/Constants/minimumAverageBucket``).
    static func directoryFits(bits: Int, count: Int) -> Bool {
        typealias Constants = HashedPhoneMultimap.Constants
        return bits == directoryBits(forCount: count)
            || (count >= Constants.minimumAverageBucket << bits
                && count <= Constants.maximumAverageBucket << bits)
    }

    /// Builds a base from unordered entries, sorting once: a counting sort on the bucket (the
    /// directory is its histogram), then a stable sort of each short bucket by number.
    ///
    /// - Parameters:
    ///   - numbers: the entries' numbers, in any order, with any repeats.
    ///   - payloads: the entries' payloads, parallel to `numbers` (the caller checks lengths
    ///     and the capacity limit).
    ///   - duplicates: what several payloads for one number become.
    /// - Complexity: O(n) hashes and moves, plus sorting within buckets.
    static func build(
        numbers input: [UInt64], payloads inputPayloads: [UInt32], hasher: any PhoneKeyHasher,
        duplicates: HashedPhoneMultimap.DuplicatePolicy
    ) -> Self {
        assert(input.count == inputPayloads.count)
        let count = input.count
        let bits = directoryBits(forCount: count)
        let bucketCount = 1 << bits

        // Pass 1: each entry's bucket; starts[b + 1] counts bucket b.
        var starts = [UInt32](repeating: 0, count: bucketCount + 1)
        let buckets = [UInt32](unsafeUninitializedCapacity: count) { buckets, initialized in
            starts.withUnsafeMutableBufferPointer { starts in
                input.withUnsafeBufferPointer { input in
                    for index in 0..<count {
                        let bucket = bucket(ofKey: hasher.key(for: input[index]), bits: bits)
                        buckets[index] = UInt32(truncatingIfNeeded: bucket)
                        starts[bucket + 1] &+= 1
                    }
                }
            }
            initialized = count
        }
        for bucket in 0..<bucketCount {
            starts[bucket + 1] += starts[bucket]
        }

        // Pass 2: a stable scatter into bucket order.
        var cursors = starts
        var numbers = [UInt64](repeating: 0, count: count)
        var payloads = [UInt32](repeating: 0, count: count)
        numbers.withUnsafeMutableBufferPointer { numbers in
            payloads.withUnsafeMutableBufferPointer { payloads in
                cursors.withUnsafeMutableBufferPointer { cursors in
                    for index in 0..<count {
                        let bucket = Int(buckets[index])
                        let position = Int(cursors[bucket])
                        cursors[bucket] = UInt32(truncatingIfNeeded: position + 1)
                        numbers[position] = input[index]
                        payloads[position] = inputPayloads[index]
                    }
                }
            }
        }

        // Pass 3: order each bucket by number, settle repeated numbers, close the gaps.
        var directory = [UInt32](repeating: 0, count: bucketCount + 1)
        var written = 0
        numbers.withUnsafeMutableBufferPointer { numbers in
            payloads.withUnsafeMutableBufferPointer { payloads in
                for bucket in 0..<bucketCount {
                    directory[bucket] = UInt32(truncatingIfNeeded: written)
                    let range = Int(starts[bucket])..<Int(starts[bucket + 1])
                    sortStably(numbers, payloads, range)
                    written = compact(numbers, payloads, range, to: written, duplicates: duplicates)
                }
            }
        }
        directory[bucketCount] = UInt32(truncatingIfNeeded: written)
        if written < count {
            numbers.removeLast(count - written)
            payloads.removeLast(count - written)
            if !directoryFits(bits: bits, count: written) {
                return build(numbers: numbers, payloads: payloads, hasher: hasher, duplicates: duplicates)
            }
        }
        return Self(directoryBits: bits, directory: directory, numbers: numbers, payloads: payloads)
    }

    /// Sorts `range` of the parallel arrays by number, keeping the input order of equal numbers.
    private static func sortStably(
        _ numbers: UnsafeMutableBufferPointer<UInt64>, _ payloads: UnsafeMutableBufferPointer<UInt32>,
        _ range: Range<Int>
    ) {
        guard range.count > 1 else { return }
        if range.count <= HashedPhoneMultimap.Constants.insertionSortCutoff {
            for next in range.dropFirst() {
                let number = numbers[next]
                let payload = payloads[next]
                var hole = next
                while hole > range.lowerBound && numbers[hole - 1] > number {
                    numbers[hole] = numbers[hole - 1]
                    payloads[hole] = payloads[hole - 1]
                    hole -= 1
                }
                numbers[hole] = number
                payloads[hole] = payload
            }
            return
        }
        // A long bucket (colliding keys): sort (number, input position) pairs, then permute.
        var order = range.map { (number: numbers[$0], position: $0) }
        order.sort { ($0.number, $0.position) < ($1.number, $1.position) }
        let oldPayloads = Array(payloads[range])
        for (offset, entry) in order.enumerated() {
            numbers[range.lowerBound + offset] = entry.number
            payloads[range.lowerBound + offset] = oldPayloads[entry.position - range.lowerBound]
        }
    }

    /// Moves the sorted `range` down to `written`, one entry per number under `.lastWins`,
    /// one per distinct (number, payload) under `.keepAll`, payloads ascending; returns the
    /// new end of the written entries.
    private static func compact(
        _ numbers: UnsafeMutableBufferPointer<UInt64>, _ payloads: UnsafeMutableBufferPointer<UInt32>,
        _ range: Range<Int>, to written: Int, duplicates: HashedPhoneMultimap.DuplicatePolicy
    ) -> Int {
        var written = written
        var runStart = range.lowerBound
        while runStart < range.upperBound {
            let number = numbers[runStart]
            var runEnd = runStart + 1
            while runEnd < range.upperBound && numbers[runEnd] == number {
                runEnd += 1
            }
            switch duplicates {
            case .lastWins:
                numbers[written] = number
                payloads[written] = payloads[runEnd - 1]
                written += 1
            case .keepAll:
                var run = payloads[runStart..<runEnd]
                run.sort()
                var previous: UInt32?
                for payload in run where payload != previous {
                    numbers[written] = number
                    payloads[written] = payload
                    written += 1
                    previous = payload
                }
            }
            runStart = runEnd
        }
        return written
    }

    /// This base with `changes` applied, on the same directory: each change's number gets
    /// exactly the change's payloads.
    ///
    /// - Parameter changes: ascending by (bucket, number), numbers distinct, buckets from
    ///   this base's directory.
    /// - Complexity: O(n + m log n) for n entries and m changes, the entries copied in runs.
    func merging(_ changes: [HashedPhoneMultimap.Change]) -> Self {
        let replaced = changes.map { entries(of: $0.number, inBucket: $0.bucket) }
        var mergedCount = count
        for (change, range) in zip(changes, replaced) {
            mergedCount += change.payloads.count - range.count
        }
        var mergedNumbers = [UInt64]()
        var mergedPayloads = [UInt32]()
        mergedNumbers.reserveCapacity(mergedCount)
        mergedPayloads.reserveCapacity(mergedCount)
        var mergedDirectory = directory
        var copied = 0
        var shift = 0
        var nextBucket = 0
        for (change, range) in zip(changes, replaced) {
            // Buckets up to this one start after the changes made before them.
            while nextBucket <= change.bucket {
                mergedDirectory[nextBucket] = UInt32(truncatingIfNeeded: Int(directory[nextBucket]) + shift)
                nextBucket += 1
            }
            mergedNumbers.append(contentsOf: numbers[copied..<range.lowerBound])
            mergedPayloads.append(contentsOf: payloads[copied..<range.lowerBound])
            mergedNumbers.append(contentsOf: repeatElement(change.number, count: change.payloads.count))
            mergedPayloads.append(contentsOf: change.payloads)
            copied = range.upperBound
            shift += change.payloads.count - range.count
        }
        mergedNumbers.append(contentsOf: numbers[copied...])
        mergedPayloads.append(contentsOf: payloads[copied...])
        while nextBucket <= bucketCount {
            mergedDirectory[nextBucket] = UInt32(truncatingIfNeeded: Int(directory[nextBucket]) + shift)
            nextBucket += 1
        }
        return Self(
            directoryBits: directoryBits, directory: mergedDirectory, numbers: mergedNumbers,
            payloads: mergedPayloads)
    }

    /// Traps when the layout is broken: offsets, order and distinct entries everywhere, and
    /// bucket membership (the number hashed again) for up to 1,024 entries spread over the
    /// base, so that checking after every merge stays cheap. A no-op unless built for debugging.
    func checkInvariants(hasher: any PhoneKeyHasher) {
        #if DEBUG
        precondition(directory.count == bucketCount + 1, "directory size")
        precondition(directory.first == 0 && Int(directory[bucketCount]) == count, "directory ends")
        precondition(numbers.count == payloads.count, "parallel arrays")
        let hashEvery = max(1, count / 1024)
        for bucket in 0..<bucketCount {
            let range = Int(directory[bucket])..<Int(directory[bucket + 1])
            precondition(range.lowerBound <= range.upperBound, "directory order")
            for position in range {
                precondition(E164Numbers.contains(numbers[position]), "number range")
                if position % hashEvery == 0 {
                    precondition(self.bucket(ofKey: hasher.key(for: numbers[position])) == bucket, "bucket")
                }
                if position > range.lowerBound {
                    precondition(
                        (numbers[position - 1], payloads[position - 1]) < (numbers[position], payloads[position]),
                        "entry order")
                }
            }
        }
        #endif
    }
}
