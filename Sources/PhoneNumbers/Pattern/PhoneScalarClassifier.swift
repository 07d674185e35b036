/// Maps a scalar to its symbol class for one program: scalars belonging to exactly the same
/// atoms share a class, so an automaton needs one column per class instead of one per scalar.
///
/// Class 0 is "in no atom" (every transition on it is a dead end). ASCII is one table lookup;
/// other scalars are folded (for case-insensitive programs), looked up in the few explicit
/// ranges the atoms name, and tested for being a decimal digit when some atom holds `\d`.
///
/// The metadata's digit patterns only ever read normalized ASCII digits: their classifier
/// (`Alphabet.asciiDigits`) tells apart `0`–`9` only and puts every other scalar in class 0.
package struct PhoneScalarClassifier: Sendable {
    /// Which scalars an automaton reads.
    package enum Alphabet {
        /// Any scalar, with these Unicode rules.
        case unicode(PhoneScalarRules)
        /// Only the ASCII digits; anything else is a dead end.
        case asciiDigits
    }

    /// Largest number of distinct atoms one program may use (signatures are 64-bit masks).
    package static let maximumAtoms = 64
    /// Explicit intervals up to this size are scanned for decimal digits; larger ones are assumed
    /// to hold some (the patterns' explicit ranges are a few scalars wide).
    private static let largestIntervalScanned: UInt32 = 4096

    /// The number of classes (columns of an automaton).
    package let classCount: Int
    /// For each class, the atoms (bit i = `atoms[i]`) its scalars belong to.
    package let classSignatures: [UInt64]
    /// The class of each ASCII scalar, already folded when the program ignores case.
    package let asciiClasses: [UInt8]
    private let ignoresCase: Bool
    /// Nil for an ASCII-digits alphabet.
    private let rules: PhoneScalarRules?
    private let intervalStarts: [UInt32]
    private let intervalSignatures: [UInt64]
    private let decimalDigitSignature: UInt64
    private let sortedSignatures: [UInt64]
    private let sortedSignatureClasses: [UInt8]

    /// Partitions the scalars of `alphabet` by membership in `program`'s atoms.
    package init(_ program: PhoneProgram, alphabet: Alphabet) throws(PhoneMetadataError) {
        guard program.atoms.count <= Self.maximumAtoms else {
            throw PhoneMetadataError("pattern uses \(program.atoms.count) distinct character sets")
        }
        switch alphabet {
        case .unicode(let rules): try self.init(unicodeOf: program, rules: rules)
        case .asciiDigits: self.init(digitsOf: program.atoms)
        }
    }

    private init(unicodeOf program: PhoneProgram, rules: PhoneScalarRules) throws(PhoneMetadataError) {
        let atoms = program.atoms
        ignoresCase = program.ignoresCase
        self.rules = rules
        var digitSignature: UInt64 = 0
        for (index, atom) in atoms.enumerated() where atom.includesDecimalDigits {
            digitSignature |= 1 << UInt64(index)
        }
        decimalDigitSignature = digitSignature

        var boundaries = Set<UInt32>()
        for atom in atoms {
            for range in atom.ranges {
                boundaries.insert(range.lowerBound)
                if range.upperBound < 0x10FFFF { boundaries.insert(range.upperBound + 1) }
            }
        }
        let starts = boundaries.sorted()
        intervalStarts = starts
        intervalSignatures = starts.map { start in
            var signature: UInt64 = 0
            for (index, atom) in atoms.enumerated() where atom.rangesContain(start) {
                signature |= 1 << UInt64(index)
            }
            return signature
        }

        var classOf: [UInt64: UInt8] = [0: 0]
        var signatures: [UInt64] = [0]
        func classIndex(_ signature: UInt64) throws(PhoneMetadataError) -> UInt8 {
            if let known = classOf[signature] { return known }
            guard signatures.count < 255 else { throw PhoneMetadataError("too many symbol classes") }
            let index = UInt8(signatures.count)
            classOf[signature] = index
            signatures.append(signature)
            return index
        }
        var ascii: [UInt8] = []
        for byte in 0..<UInt32(0x80) {
            let folded = UInt8(program.ignoresCase ? rules.fold(byte) : byte)
            var signature: UInt64 = 0
            for (index, atom) in atoms.enumerated() where atom.containsASCII(folded) {
                signature |= 1 << UInt64(index)
            }
            ascii.append(try classIndex(signature))
        }
        // A class exists only if some scalar has its signature: an explicit interval holding a
        // decimal digit also yields "interval + \d" (phantom classes would add phantom states).
        for (position, signature) in intervalSignatures.enumerated() {
            _ = try classIndex(signature)
            guard digitSignature != 0, signature != 0 else { continue }
            let end = position + 1 < starts.count ? starts[position + 1] : 0x110000
            if end - starts[position] > Self.largestIntervalScanned
                || (starts[position]..<end).contains(where: { rules.decimalDigitValue($0) != nil })
            {
                _ = try classIndex(signature | digitSignature)
            }
        }
        if digitSignature != 0 { _ = try classIndex(digitSignature) }
        asciiClasses = ascii
        classSignatures = signatures
        classCount = signatures.count
        let order = signatures.indices.sorted { signatures[$0] < signatures[$1] }
        sortedSignatures = order.map { signatures[$0] }
        sortedSignatureClasses = order.map { UInt8($0) }
    }

    private init(digitsOf atoms: [PhoneCharacterSet]) {
        var signatures: [UInt64] = [0]
        var ascii = [UInt8](repeating: 0, count: 0x80)
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") {
            var signature: UInt64 = 0
            for (index, atom) in atoms.enumerated() where atom.containsASCII(digit) { signature |= 1 << UInt64(index) }
            if let known = signatures.firstIndex(of: signature) {
                ascii[Int(digit)] = UInt8(known)
            } else {
                ascii[Int(digit)] = UInt8(signatures.count)
                signatures.append(signature)
            }
        }
        classCount = signatures.count
        classSignatures = signatures
        asciiClasses = ascii
        ignoresCase = false
        rules = nil
        intervalStarts = []
        intervalSignatures = []
        decimalDigitSignature = 0
        sortedSignatures = []
        sortedSignatureClasses = []
    }

    /// The class of any scalar.
    @inline(__always)
    package func classify(_ scalar: UInt32) -> Int {
        if scalar < 0x80 { return Int(asciiClasses[Int(scalar)]) }
        return classifyNonASCII(scalar)
    }

    private func classifyNonASCII(_ original: UInt32) -> Int {
        guard let rules else { return 0 }
        let scalar = ignoresCase ? rules.fold(original) : original
        if scalar < 0x80 { return Int(asciiClasses[Int(scalar)]) }
        var signature: UInt64 = 0
        var low = 0
        var high = intervalStarts.count
        while low < high {
            let middle = (low + high) / 2
            if intervalStarts[middle] <= scalar {
                low = middle + 1
            } else {
                high = middle
            }
        }
        if low > 0 { signature = intervalSignatures[low - 1] }
        if decimalDigitSignature != 0 && rules.decimalDigitValue(scalar) != nil {
            signature |= decimalDigitSignature
        }
        return classIndex(ofSignature: signature)
    }

    private func classIndex(ofSignature signature: UInt64) -> Int {
        var low = 0
        var high = sortedSignatures.count
        while low < high {
            let middle = (low + high) / 2
            if sortedSignatures[middle] < signature {
                low = middle + 1
            } else {
                high = middle
            }
        }
        // Every reachable signature was registered at init; an unknown one matches nothing.
        guard low < sortedSignatures.count, sortedSignatures[low] == signature else { return 0 }
        return Int(sortedSignatureClasses[low])
    }
}
