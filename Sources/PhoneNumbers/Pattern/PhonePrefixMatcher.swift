/// Matches a `PhoneProgram` at the start of a digit string the way Python's `re.match` does:
/// leftmost-first (the first alternative in pattern order that leads to a match wins), with
/// the spans of the capturing groups. Used for international and national prefixes, whose
/// match end and groups decide what is stripped and how it is rewritten.
///
/// It is a backtracker that remembers which (instruction, position) pairs it has already tried
/// (RE2's "bit state"): the first visit to a pair is the highest-priority one, so a revisit can
/// be skipped without changing the answer, and the work is bounded by instructions × positions.
/// Both the bitmap and the job stack live on the stack for the metadata's patterns.
package final class PhonePrefixMatcher: Sendable {
    /// Most capturing groups supported (their spans travel in one `SIMD8<Int16>`).
    package static let maximumGroups = 3
    /// Backtracking jobs kept on the stack before spilling to a heap array.
    private static let inlineJobs = 96

    /// A successful match.
    package struct Match {
        /// Where the match ends (it always starts at 0).
        package var end: Int
        /// Capture slots: group g spans `slots[2g]..<slots[2g + 1]`, -1 when it did not take part.
        package var slots: SIMD8<Int16>

        /// The span of group `group` (1-based), or nil when that group did not participate.
        package func range(ofGroup group: Int) -> Range<Int>? {
            let start = Int(slots[2 * group])
            let end = Int(slots[2 * group + 1])
            return start >= 0 && end >= start ? start..<end : nil
        }
    }

    private let instructions: [PhoneProgram.Instruction]
    /// For atom a: its ASCII members below 0x40 at 2a, the rest (shifted by 0x40) at 2a + 1.
    private let atomMasks: [UInt64]
    private let maximumLength: Int?
    /// The ASCII bytes (as two 64-bit halves) a match can start with.
    private let firstByteLow: UInt64
    private let firstByteHigh: UInt64
    /// Whether the pattern can match without consuming anything.
    private let matchesEmpty: Bool
    /// How many capturing groups the pattern has.
    package let groupCount: Int

    /// Prepares `pattern` for prefix matching.
    package init(_ pattern: PhonePattern) throws(PhoneMetadataError) {
        guard pattern.groupCount <= Self.maximumGroups else {
            throw PhoneMetadataError("prefix pattern has \(pattern.groupCount) groups")
        }
        let program = try PhoneProgram(pattern)
        instructions = program.instructions
        atomMasks = program.atoms.flatMap { [$0.asciiLow, $0.asciiHigh] }
        maximumLength = pattern.maximumLength
        groupCount = pattern.groupCount
        // Everything reachable from the start without consuming: the first atoms, and `match`.
        var low: UInt64 = 0
        var high: UInt64 = 0
        var empty = false
        var reached = Set<Int32>()
        var pending: [Int32] = [0]
        while let pc = pending.popLast() {
            guard reached.insert(pc).inserted else { continue }
            switch program.instructions[Int(pc)] {
            case .consume(let atom):
                low |= program.atoms[Int(atom)].asciiLow
                high |= program.atoms[Int(atom)].asciiHigh
            case .split(let preferred, let alternative):
                pending += [preferred, alternative]
            case .jump(let target):
                pending.append(target)
            case .save, .assertEnd:
                pending.append(pc + 1)
            case .match:
                empty = true
            }
        }
        firstByteLow = low
        firstByteHigh = high
        matchesEmpty = empty
    }

    /// The leftmost-first match of the pattern at the start of `digits` (ASCII bytes), if any.
    ///
    /// - Complexity: O(p × m), p the program size and m the shorter of the input and the
    ///   longest possible match.
    package func match(_ digits: UnsafeBufferPointer<UInt8>) -> Match? {
        if !matchesEmpty {
            // Most inputs fail on their first digit: answer those without starting the search.
            guard let first = digits.first, first < 0x80 else { return nil }
            let mask = first < 0x40 ? firstByteLow : firstByteHigh
            guard (mask >> UInt64(first & 63)) & 1 == 1 else { return nil }
        }
        let width = min(digits.count, maximumLength ?? digits.count) + 1
        let cells = instructions.count * width
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (cells + 63) >> 6) { visited in
            withUnsafeTemporaryAllocation(of: Job.self, capacity: Self.inlineJobs) { jobs in
                switch search(digits, width: width, visited: visited, jobs: jobs) {
                case .finished(let match):
                    return match
                case .overflow:
                    // Each (instruction, position) pushes at most one job, so this always fits.
                    var spilled = [Job](repeating: Job(pc: 0, position: 0), count: cells + 1)
                    return spilled.withUnsafeMutableBufferPointer { heapJobs in
                        guard case .finished(let match) = search(digits, width: width, visited: visited, jobs: heapJobs)
                        else { return nil }
                        return match
                    }
                }
            }
        }
    }

    /// A pending alternative (`position` ≥ 0) or a capture slot to restore (`position` < 0:
    /// slot `-position - 1` gets back the value `pc`).
    private struct Job {
        package var pc: Int32
        package var position: Int32
    }

    private enum Outcome {
        case finished(Match?)
        case overflow
    }

    private func search(
        _ digits: UnsafeBufferPointer<UInt8>, width: Int, visited: UnsafeMutableBufferPointer<UInt64>,
        jobs: UnsafeMutableBufferPointer<Job>
    ) -> Outcome {
        instructions.withUnsafeBufferPointer { instructions in
            atomMasks.withUnsafeBufferPointer { masks in
                search(digits, width: width, visited: visited, jobs: jobs, instructions: instructions, masks: masks)
            }
        }
    }

    private func search(
        _ digits: UnsafeBufferPointer<UInt8>, width: Int, visited: UnsafeMutableBufferPointer<UInt64>,
        jobs: UnsafeMutableBufferPointer<Job>, instructions: UnsafeBufferPointer<PhoneProgram.Instruction>,
        masks: UnsafeBufferPointer<UInt64>
    ) -> Outcome {
        visited.update(repeating: 0)
        var slots = SIMD8<Int16>(repeating: -1)
        var top = 0
        jobs[0] = Job(pc: 0, position: 0)
        top = 1
        while top > 0 {
            top -= 1
            let job = jobs[top]
            if job.position < 0 {
                slots[Int(-job.position - 1)] = Int16(job.pc)
                continue
            }
            var pc = Int(job.pc)
            var position = Int(job.position)
            threads: while position < width {
                let cell = pc * width + position
                let bit: UInt64 = 1 << UInt64(cell & 63)
                if visited[cell >> 6] & bit != 0 { break }
                visited[cell >> 6] |= bit
                switch instructions[pc] {
                case .consume(let atom):
                    guard position < digits.count else { break threads }
                    let byte = digits[position]
                    guard byte < 0x80, (masks[2 * Int(atom) + Int(byte >> 6)] >> UInt64(byte & 63)) & 1 == 1 else {
                        break threads
                    }
                    pc += 1
                    position += 1
                case .split(let preferred, let alternative):
                    guard top < jobs.count else { return .overflow }
                    jobs[top] = Job(pc: alternative, position: Int32(position))
                    top += 1
                    pc = Int(preferred)
                case .jump(let target):
                    pc = Int(target)
                case .save(let slot):
                    guard top < jobs.count else { return .overflow }
                    jobs[top] = Job(pc: Int32(slots[Int(slot)]), position: -slot - 1)
                    top += 1
                    slots[Int(slot)] = Int16(position)
                    pc += 1
                case .assertEnd:
                    guard position == digits.count else { break threads }
                    pc += 1
                case .match:
                    return .finished(Match(end: position, slots: slots))
                }
            }
        }
        return .finished(nil)
    }
}
