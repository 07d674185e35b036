/// A deterministic automaton built from a `PhoneProgram` by subset construction, for the
/// whole-string tests on the hot path: one table lookup per scalar, no backtracking, no
/// allocation.
///
/// Used for the general national-number pattern of each region, libphonenumber's "viable
/// phone number" pattern, the RFC 3966 `phone-context` grammars, and (built from the reversed
/// pattern) the search for an extension at the end of a number.
package final class PhoneAutomaton: Sendable {
    /// Largest automaton accepted; the biggest one the metadata needs has a few hundred states.
    package static let maximumStates = 4096

    private let classifier: PhoneScalarClassifier
    private let classCount: Int
    /// One row of `classCount + 1` entries per state, found by its offset (its "row"): the row
    /// of the next state for each class, then 1 when the state accepts. Row 0 is the dead
    /// state. Rows rather than state numbers spare each step a multiplication, whose latency
    /// the loop would otherwise wait for at every scalar.
    private let rows: [UInt32]
    private let start: Int

    /// Builds the automaton of `program` over `alphabet`.
    package init(_ program: PhoneProgram, alphabet: PhoneScalarClassifier.Alphabet) throws(PhoneMetadataError) {
        let classifier = try PhoneScalarClassifier(program, alphabet: alphabet)
        let construction = try SubsetConstruction(
            program: program, classSignatures: classifier.classSignatures, maximumStates: Self.maximumStates)
        self.classifier = classifier
        let classCount = classifier.classCount
        self.classCount = classCount
        let width = classCount + 1
        var rows: [UInt32] = []
        rows.reserveCapacity(construction.accepting.count * width)
        for (state, accepts) in construction.accepting.enumerated() {
            for next in construction.transitions[state * classCount..<(state + 1) * classCount] {
                rows.append(UInt32(Int(next) * width))
            }
            rows.append(accepts ? 1 : 0)
        }
        self.rows = rows
        start = construction.start * width
    }

    /// The state the automaton starts in.
    package var startState: Int { start }

    /// The state after reading `scalar` in `state` (0: dead, no match can follow).
    package func next(_ state: Int, _ scalar: UInt32) -> Int {
        Int(rows[state + classifier.classify(scalar)])
    }

    /// Whether `state` accepts (the input read so far matches).
    package func isAccepting(_ state: Int) -> Bool {
        rows[state + classCount] != 0
    }

    /// Whether the automaton accepts some text (the empty one included) made of `scalars` (ASCII)
    /// alone, found by walking every state reachable on them.
    ///
    /// - Complexity: O(states × scalars).
    package func acceptsSomeText(of scalars: [UInt8]) -> Bool {
        let columns = Set(scalars.map { classifier.classify(UInt32($0)) })
        var reached = Set([start])
        var pending = [start]
        while let state = pending.popLast() {
            if isAccepting(state) { return true }
            for column in columns {
                let next = Int(rows[state + column])
                if next != 0, reached.insert(next).inserted { pending.append(next) }
            }
        }
        return false
    }

    /// Whether every scalar of `scalars` (ASCII) is the same symbol to the automaton.
    package func treatsAlike(_ scalars: [UInt8]) -> Bool {
        Set(scalars.map { classifier.classify(UInt32($0)) }).count <= 1
    }

    /// Whether the automaton accepts all of `text` (UTF-8).
    ///
    /// - Complexity: O(n) in the length of `text`.
    package func matchesWhole(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        rows.withUnsafeBufferPointer { rows in
            classifier.asciiClasses.withUnsafeBufferPointer { ascii in
                var state = start
                var index = 0
                while index < text.count {
                    let byte = text[index]
                    let column: Int
                    if byte < 0x80 {
                        column = Int(ascii[Int(byte)])
                        index += 1
                    } else {
                        let decoded = PhoneUTF8.decode(text, at: index)
                        column = classifier.classify(decoded.scalar)
                        index += decoded.length
                    }
                    state = Int(rows[state &+ column])
                    if state == 0 { return false }
                }
                return rows[state &+ classCount] != 0
            }
        }
    }

    /// For an automaton built from a reversed pattern: the smallest byte offset `i` such that
    /// `text[i...]` matches the original pattern, found by reading `text` backwards from its end.
    ///
    /// - Complexity: O(n) in the length of `text`; it stops as soon as no match can extend.
    package func leftmostMatchingSuffix(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        rows.withUnsafeBufferPointer { rows in
            var state = start
            var end = text.count
            var found: Int? = rows[state &+ classCount] != 0 ? end : nil
            while end > 0 {
                let decoded = PhoneUTF8.decode(text, endingAt: end)
                state = Int(rows[state &+ classifier.classify(decoded.scalar)])
                if state == 0 { break }
                end = decoded.start
                if rows[state &+ classCount] != 0 { found = end }
            }
            return found
        }
    }
}
