/// A `PhonePattern` compiled to instructions (Thompson's construction): the common input of
/// the backtracking prefix matcher and of the subset construction that builds automata.
///
/// Counted repetitions are unrolled, so `\d{1,20}` costs twenty `consume` instructions; the
/// metadata patterns stay small (the largest compiles to a few hundred instructions).
package struct PhoneProgram: Sendable {
    /// One instruction. Targets are indices into `instructions`.
    package enum Instruction: Sendable, Equatable {
        /// Consume one scalar of `atoms[atom]`, then go on with the next instruction.
        case consume(atom: Int32)
        /// Go on at `preferred`; when that fails, at `alternative` (leftmost-first priority).
        case split(preferred: Int32, alternative: Int32)
        /// Go on at `target`.
        case jump(target: Int32)
        /// Record the current position in capture slot `slot` (group g uses 2g and 2g + 1).
        case save(slot: Int32)
        /// Fail unless at the end of the input.
        case assertEnd
        /// The pattern has matched.
        case match
    }

    /// Largest program accepted; the biggest metadata pattern needs a few hundred.
    package static let maximumInstructions = 8192

    /// The instructions; execution starts at index 0.
    package let instructions: [Instruction]
    /// The character sets that `consume` refers to.
    package let atoms: [PhoneCharacterSet]
    /// How many capturing groups the pattern has.
    package let groupCount: Int
    /// Whether input scalars are case-folded before they are tested against `atoms`.
    package let ignoresCase: Bool

    /// Compiles `pattern`.
    package init(_ pattern: PhonePattern) throws(PhoneMetadataError) {
        var builder = Builder()
        builder.emit(pattern.root)
        builder.append(.match)
        guard builder.instructions.count <= Self.maximumInstructions else {
            throw PhoneMetadataError("pattern compiles to \(builder.instructions.count) instructions")
        }
        instructions = builder.instructions
        atoms = pattern.atoms
        groupCount = pattern.groupCount
        ignoresCase = pattern.ignoresCase
    }

    private struct Builder {
        package var instructions: [Instruction] = []

        @discardableResult
        package mutating func append(_ instruction: Instruction) -> Int {
            instructions.append(instruction)
            return instructions.count - 1
        }

        private var next: Int32 { Int32(instructions.count) }

        private mutating func patchSplit(_ index: Int, body: Int32, exit: Int32, greedy: Bool) {
            instructions[index] =
                greedy ? .split(preferred: body, alternative: exit) : .split(preferred: exit, alternative: body)
        }

        package mutating func emit(_ node: PhonePattern.Node) {
            switch node {
            case .empty:
                break
            case .atom(let index):
                append(.consume(atom: Int32(index)))
            case .sequence(let parts):
                for part in parts { emit(part) }
            case .choice(let alternatives):
                var exits: [Int] = []
                for (position, alternative) in alternatives.enumerated() {
                    guard position < alternatives.count - 1 else {
                        emit(alternative)
                        break
                    }
                    let split = append(.jump(target: 0))
                    emit(alternative)
                    exits.append(append(.jump(target: 0)))
                    instructions[split] = .split(preferred: Int32(split + 1), alternative: next)
                }
                for exit in exits { instructions[exit] = .jump(target: next) }
            case .repetition(let body, let minimum, let maximum, let greedy):
                for _ in 0..<minimum { emit(body) }
                if let maximum {
                    // x{0,3} is (x(x(x)?)?)?: skipping one optional copy skips the rest.
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(append(.jump(target: 0)))
                        emit(body)
                    }
                    for split in splits { patchSplit(split, body: Int32(split + 1), exit: next, greedy: greedy) }
                } else {
                    let loop = append(.jump(target: 0))
                    emit(body)
                    append(.jump(target: Int32(loop)))
                    patchSplit(loop, body: Int32(loop + 1), exit: next, greedy: greedy)
                }
            case .capture(let body, let group):
                append(.save(slot: Int32(2 * group)))
                emit(body)
                append(.save(slot: Int32(2 * group + 1)))
            case .endOfInput:
                append(.assertEnd)
            }
        }
    }
}
