/// A deterministic automaton built from a `PhoneProgram` by subset construction, for the
/// whole-string tests on the hot path: one table lookup per scalar, no backtracking, no
/// allocation.
///
/// Used for the general national-number pattern of each region, libphonenumber's "viable
/// phone number" pattern, the RFC 3966 `phone-context` grammars, and (built from the reversed
/// pattern) the search for an extension at the end of a number.
package final class PhoneAutomaton: Sendable {
    /// Largest automaton accepted; the biggest one the metadata needs has a few hundred states.
    static let maximumStates = 4096

    private let classifier: PhoneScalarClassifier
    private let classCount: Int
    /// Row `state`, column `class`: the next state; state 0 is dead.
    private let transitions: [UInt16]
    private let accepting: [Bool]
    private let start: Int

    /// Builds the automaton of `program` over `alphabet`.
    package init(_ program: PhoneProgram, alphabet: PhoneScalarClassifier.Alphabet) throws(PhoneMetadataError) {
        let classifier = try PhoneScalarClassifier(program, alphabet: alphabet)
        let construction = try SubsetConstruction(
            program: program, classSignatures: classifier.classSignatures, maximumStates: Self.maximumStates)
        self.classifier = classifier
        classCount = classifier.classCount
        transitions = construction.transitions
        accepting = construction.accepting
        start = construction.start
    }

    /// The state the automaton starts in.
    var startState: Int { start }

    /// The state after reading `scalar` in `state` (0: dead, no match can follow).
    func next(_ state: Int, _ scalar: UInt32) -> Int {
        Int(transitions[state * classCount + classifier.classify(scalar)])
    }

    /// Whether `state` accepts (the input read so far matches).
    func isAccepting(_ state: Int) -> Bool {
        accepting[state]
    }

    /// Whether every scalar of `scalars` (ASCII) is the same symbol to the automaton.
    func treatsAlike(_ scalars: [UInt8]) -> Bool {
        Set(scalars.map { classifier.classify(UInt32($0)) }).count <= 1
    }

    /// Whether the automaton accepts all of `text` (UTF-8).
    ///
    /// - Complexity: O(n) in the length of `text`.
    package func matchesWhole(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
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
    package func leftmostMatchingSuffix(of text: UnsafeBufferPointer<UInt8>) -> Int? {
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
}
