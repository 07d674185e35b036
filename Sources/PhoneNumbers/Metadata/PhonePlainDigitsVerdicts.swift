/// The text-level automata's answers for plain input — ASCII digits, at most one `+` before
/// them, nothing else — for every length up to the input limit.
///
/// Computed at load by walking the automata over "0", "00", "+0", … (the loader first checks
/// that every ASCII digit is one and the same symbol to them), so that numbers already written
/// as digits skip the viability and extension scans and still get exactly the automata's answers.
package final class PhonePlainDigitsVerdicts: Sendable {
    /// Index `(hasPlus ? 1 : 0) * (maximumLength + 1) + digitCount`.
    private let viable: [Bool]
    /// Same index: the byte offset where an extension starts, or -1.
    private let extensionStart: [Int16]
    private let maximumLength: Int

    /// Runs `viablePhoneNumber` and `extensionSuffix` on every plain text of up to `maximumLength`
    /// bytes; nil when the automata tell ASCII digits apart (then no shortcut is sound).
    package init?(viablePhoneNumber: PhoneAutomaton, extensionSuffix: PhoneAutomaton, maximumLength: Int) {
        let digits = Array(UInt8(ascii: "0")...UInt8(ascii: "9"))
        guard viablePhoneNumber.treatsAlike(digits), extensionSuffix.treatsAlike(digits) else { return nil }
        self.maximumLength = maximumLength
        var viable: [Bool] = []
        var extensionStart: [Int16] = []
        let zero = UInt32(UInt8(ascii: "0"))
        let plus = UInt32(UInt8(ascii: "+"))
        for hasPlus in [false, true] {
            // Forwards: viability of "+"? then k zeros, one step per k.
            var state = viablePhoneNumber.startState
            if hasPlus { state = viablePhoneNumber.next(state, plus) }
            // Backwards: after reading j zeros from the end, the longest accepted suffix so far.
            var reverse = extensionSuffix.startState
            var longestSuffix: Int? = extensionSuffix.isAccepting(reverse) ? 0 : nil
            for count in 0...maximumLength {
                if count > 0 {
                    state = viablePhoneNumber.next(state, zero)
                    reverse = extensionSuffix.next(reverse, zero)
                    if extensionSuffix.isAccepting(reverse) { longestSuffix = count }
                }
                viable.append(viablePhoneNumber.isAccepting(state))
                var start = longestSuffix.map { count - $0 }
                if hasPlus {
                    start = start.map { $0 + 1 }
                    if extensionSuffix.isAccepting(extensionSuffix.next(reverse, plus)) { start = 0 }
                }
                extensionStart.append(Int16(start ?? -1))
            }
        }
        self.viable = viable
        self.extensionStart = extensionStart
    }

    private func index(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let hasPlus = text.first == UInt8(ascii: "+")
        let digitCount = text.count - (hasPlus ? 1 : 0)
        guard digitCount <= maximumLength else { return nil }
        return (hasPlus ? maximumLength + 1 : 0) + digitCount
    }

    /// `viablePhoneNumber.matchesWhole(text)` for a plain `text`.
    package func isViable(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        index(text).map { viable[$0] } ?? false
    }

    /// `extensionSuffix.leftmostMatchingSuffix(of: text)` for a plain `text`.
    package func extensionStart(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let index = index(text), extensionStart[index] >= 0 else { return nil }
        return Int(extensionStart[index])
    }
}
