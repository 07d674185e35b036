/// A deterministic automaton built from a `PhoneProgram` by subset construction, for the
/// whole-string tests on the hot path: one table lookup per scalar, no backtracking, no
/// allocation.
///
/// Used for the general national-number pattern of each region, libphonenumber's "viable
/// phone number" pattern, the RFC 3966 `phone-context` grammars, and (built from the reversed
/// pattern) the search for an extension at the end of a number.
struct PhoneAutomaton: Sendable {
    /// Largest automaton accepted; the biggest one the metadata needs has a few hundred states.
    static let maximumStates = 4096

    private let classifier: PhoneScalarClassifier
    private let classCount: Int
    /// Row `state`, column `class`: the next state; state 0 is dead.
    private let transitions: [UInt16]
    private let accepting: [Bool]
    private let start: Int

    /// The number of states, the dead state included.
    var stateCount: Int { accepting.count }

    /// Builds the automaton of `program`.
    init(_ program: PhoneProgram, rules: PhoneScalarRules) throws(PhoneMetadataError) {
        let classifier = try PhoneScalarClassifier(program, rules: rules)
        self.classifier = classifier
        classCount = classifier.classCount
        var closure = Closure(program)
        var stateOf: [[Int32]: UInt16] = [:]
        var states: [[Int32]] = []
        var accepting: [Bool] = []
        func state(for key: [Int32]) throws(PhoneMetadataError) -> UInt16 {
            if let known = stateOf[key] { return known }
            guard states.count < Self.maximumStates else {
                throw PhoneMetadataError("pattern needs more than \(Self.maximumStates) automaton states")
            }
            let index = UInt16(states.count)
            stateOf[key] = index
            states.append(key)
            accepting.append(key.last == 1)
            return index
        }
        _ = try state(for: [0])  // dead: consumes nothing, accepts nothing
        start = Int(try state(for: closure.key(from: [0])))

        let instructions = program.instructions
        var transitions: [UInt16] = []
        var next = 1
        var seeds: [Int32] = []
        while next < states.count {
            let consumers = states[next].dropLast()
            for symbolClass in 0..<classCount {
                let signature = classifier.classSignatures[symbolClass]
                seeds.removeAll(keepingCapacity: true)
                for pc in consumers {
                    guard case .consume(let atom) = instructions[Int(pc)], (signature >> UInt64(atom)) & 1 == 1 else {
                        continue
                    }
                    seeds.append(pc + 1)
                }
                transitions.append(seeds.isEmpty ? 0 : try state(for: closure.key(from: seeds)))
            }
            next += 1
        }
        self.transitions = [UInt16](repeating: 0, count: classCount) + transitions
        self.accepting = accepting
    }

    /// Whether the automaton accepts all of `text` (UTF-8).
    ///
    /// - Complexity: O(n) in the length of `text`.
    func matchesWhole(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        transitions.withUnsafeBufferPointer { table in
            classifier.asciiClasses.withUnsafeBufferPointer { ascii in
                var state = start
                var index = 0
                while index < text.count {
                    let byte = text[index]
                    let symbolClass: Int
                    if byte < 0x80 {
                        symbolClass = Int(ascii[Int(byte)])
                        index += 1
                    } else {
                        let decoded = PhoneUTF8.decode(text, at: index)
                        symbolClass = classifier.classify(decoded.scalar)
                        index += decoded.length
                    }
                    state = Int(table[state &* classCount &+ symbolClass])
                    if state == 0 { return false }
                }
                return accepting[state]
            }
        }
    }

    /// For an automaton built from a reversed pattern: the smallest byte offset `i` such that
    /// `text[i...]` matches the original pattern, found by reading `text` backwards from its end.
    ///
    /// - Complexity: O(n) in the length of `text`; it stops as soon as no match can extend.
    func leftmostMatchingSuffix(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        transitions.withUnsafeBufferPointer { table in
            var state = start
            var end = text.count
            var found: Int? = accepting[state] ? end : nil
            while end > 0 {
                let decoded = PhoneUTF8.decode(text, endingAt: end)
                state = Int(table[state &* classCount &+ classifier.classify(decoded.scalar)])
                if state == 0 { break }
                end = decoded.start
                if accepting[state] { found = end }
            }
            return found
        }
    }

    /// Epsilon closures over a program, as sorted sets of `consume` instructions; the key ends
    /// with 1 when the closure reaches `match` (so the state accepts at the end of the input).
    private struct Closure {
        let instructions: [PhoneProgram.Instruction]
        /// Marks per instruction: bit 0 reached, bit 1 reached after `$`.
        var marks: [UInt8]
        var stack: [(Int32, Bool)] = []
        var consumers: [Int32] = []

        init(_ program: PhoneProgram) {
            instructions = program.instructions
            marks = [UInt8](repeating: 0, count: program.instructions.count)
        }

        mutating func key(from seeds: [Int32]) -> [Int32] {
            for index in marks.indices { marks[index] = 0 }
            consumers.removeAll(keepingCapacity: true)
            var accepts = false
            for seed in seeds.reversed() { stack.append((seed, false)) }
            while let (pc, afterEnd) = stack.popLast() {
                let bit: UInt8 = afterEnd ? 2 : 1
                guard marks[Int(pc)] & bit == 0 else { continue }
                marks[Int(pc)] |= bit
                switch instructions[Int(pc)] {
                case .consume:
                    // Past `$` nothing more can be read, so the scalar test can never pass.
                    if !afterEnd { consumers.append(pc) }
                case .split(let preferred, let alternative):
                    stack.append((alternative, afterEnd))
                    stack.append((preferred, afterEnd))
                case .jump(let target):
                    stack.append((target, afterEnd))
                case .save:
                    stack.append((pc + 1, afterEnd))
                case .assertEnd:
                    stack.append((pc + 1, true))
                case .match:
                    accepts = true
                }
            }
            consumers.sort()
            return consumers + [accepts ? 1 : 0]
        }
    }
}
