extension PhoneAutomaton {
    /// Subset construction over a program's `consume` instructions, kept cheap enough that the
    /// few hundred automata of the metadata build in a couple of milliseconds.
    ///
    /// A state is the set of `consume` instructions that may read the next scalar, plus one bit
    /// for "the input read so far matches", held inline in 256 bits. The epsilon closure after
    /// each consumer is computed once; a transition is the union of the closures after the
    /// consumers whose atom holds the class. State 0 is the dead (empty) set; the others are
    /// numbered as discovered.
    package struct SubsetConstruction {
        /// Most `consume` instructions a program may have (bit 255 is the accept bit).
        package static let maximumConsumers = 255
        private static let acceptBit = 255

        /// Row `state`, column `class`: the next state.
        private(set) var transitions: [UInt16] = []
        /// Whether each state accepts.
        private(set) var accepting: [Bool] = []
        /// The start state.
        private(set) var start = 0

        /// Builds the automaton of `program` over classes with the given atom `classSignatures`.
        package init(program: PhoneProgram, classSignatures: [UInt64], maximumStates: Int) throws(PhoneMetadataError) {
            let instructions = program.instructions
            var consumerIndex = [Int](repeating: -1, count: instructions.count)
            var consumerProgramCounters: [Int] = []
            var consumerAtoms: [Int] = []
            for (pc, instruction) in instructions.enumerated() {
                guard case .consume(let atom) = instruction else { continue }
                consumerIndex[pc] = consumerProgramCounters.count
                consumerProgramCounters.append(pc)
                consumerAtoms.append(Int(atom))
            }
            guard consumerProgramCounters.count <= Self.maximumConsumers else {
                throw PhoneMetadataError("pattern reads more than \(Self.maximumConsumers) positions")
            }
            let classMasks = classSignatures.map { signature in
                var mask = SIMD4<UInt64>.zero
                for (index, atom) in consumerAtoms.enumerated() where (signature >> UInt64(atom)) & 1 == 1 {
                    Self.insert(index, into: &mask)
                }
                return mask
            }
            var marks = [UInt8](repeating: 0, count: instructions.count)
            let after = consumerProgramCounters.map {
                Self.closure(of: $0 + 1, instructions, consumerIndex: consumerIndex, marks: &marks)
            }
            // States are numbered through an open-addressing table keyed by a cheap hash of the
            // set (Dictionary's seeded hashing of four words dominated the build).
            var slots = [Int32](repeating: -1, count: 256)
            var states: [SIMD4<UInt64>] = []
            func slot(of set: SIMD4<UInt64>) -> Int {
                let hash =
                    (set[0] &* 0x9E37_79B9_7F4A_7C15) ^ (set[1] &* 0xC2B2_AE3D_27D4_EB4F)
                    ^ (set[2] &* 0x1656_67B1_9E37_79F9) ^ (set[3] &* 0xBF58_476D_1CE4_E5B9)
                var index = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & (slots.count - 1)
                while slots[index] >= 0 && states[Int(slots[index])] != set { index = (index + 1) & (slots.count - 1) }
                return index
            }
            func number(of set: SIMD4<UInt64>) throws(PhoneMetadataError) -> Int {
                let index = slot(of: set)
                if slots[index] >= 0 { return Int(slots[index]) }
                guard states.count < maximumStates else {
                    throw PhoneMetadataError("pattern needs more than \(maximumStates) automaton states")
                }
                slots[index] = Int32(states.count)
                states.append(set)
                accepting.append(set[Self.acceptBit / 64] >> UInt64(Self.acceptBit % 64) & 1 == 1)
                if states.count * 2 > slots.count {
                    slots = [Int32](repeating: -1, count: slots.count * 2)
                    for (state, known) in states.enumerated() { slots[slot(of: known)] = Int32(state) }
                }
                return states.count - 1
            }
            _ = try number(of: .zero)
            start = try number(of: Self.closure(of: 0, instructions, consumerIndex: consumerIndex, marks: &marks))
            var next = 0
            while next < states.count {
                let set = states[next]
                for mask in classMasks {
                    let matching = set & mask
                    var target = SIMD4<UInt64>.zero
                    for word in 0..<4 {
                        var bits = matching[word]
                        while bits != 0 {
                            target |= after[word * 64 + bits.trailingZeroBitCount]
                            bits &= bits - 1
                        }
                    }
                    transitions.append(target == .zero ? 0 : UInt16(try number(of: target)))
                }
                next += 1
            }
        }

        private static func insert(_ bit: Int, into set: inout SIMD4<UInt64>) {
            set[bit / 64] |= 1 << UInt64(bit % 64)
        }

        /// The epsilon closure of `pc`: consumers reachable without reading (not past a `$`), and
        /// the accept bit when `match` is reachable (through `$` too: acceptance is judged at the end).
        private static func closure(
            of pc: Int, _ instructions: [PhoneProgram.Instruction], consumerIndex: [Int], marks: inout [UInt8]
        ) -> SIMD4<UInt64> {
            var set = SIMD4<UInt64>.zero
            var touched: [Int] = []
            var stack: [(Int, Bool)] = [(pc, false)]
            while let (current, afterEnd) = stack.popLast() {
                let bit: UInt8 = afterEnd ? 2 : 1
                guard marks[current] & bit == 0 else { continue }
                if marks[current] == 0 { touched.append(current) }
                marks[current] |= bit
                switch instructions[current] {
                case .consume:
                    if !afterEnd { insert(consumerIndex[current], into: &set) }
                case .split(let preferred, let alternative):
                    stack.append((Int(alternative), afterEnd))
                    stack.append((Int(preferred), afterEnd))
                case .jump(let target):
                    stack.append((Int(target), afterEnd))
                case .save:
                    stack.append((current + 1, afterEnd))
                case .assertEnd:
                    stack.append((current + 1, true))
                case .match:
                    insert(acceptBit, into: &set)
                }
            }
            for index in touched { marks[index] = 0 }
            return set
        }
    }
}
