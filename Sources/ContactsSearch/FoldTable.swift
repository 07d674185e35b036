import ContactsSupport

/// `fold` of PROTOCOL §2 one code point at a time, precomputed for the code points contacts are
/// made of.
///
/// `fold` is a homomorphism: NFKD decomposes each code point on its own and only reorders the
/// marks of non-zero combining class, which `fold` drops; full case folding and the typed-letter
/// replacements map one code point at a time. So the fold of a text is the concatenation of the
/// folds of its code points, and a table of them answers without ICU: for every code point
/// below U+3400 (every alphabet, the kana, the CJK compatibility forms) and from U+F900 on (the
/// compatibility ideographs, presentation forms, full-width forms), computed once with ICU.
/// CJK ideographs fold to themselves and Hangul syllables to their jamo (both by rule); the
/// rest (supplementary planes, rare blocks) go to ICU one code point at a time.
///
/// ```swift
/// var folded: [UInt8] = []
/// FoldTable.shared.appendFold(of: 0x141, to: &folded)   // "Ł" → "l"
/// ```
package struct FoldTable: Sendable {
    /// What one code point's entry says besides its fold.
    package struct Traits: OptionSet, Sendable {
        package let rawValue: UInt32

        package init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// NFKD of the code point is only ASCII digits and `+-().` (or nothing but them).
        package static let phoneCharacters = Traits(rawValue: 1)
        /// NFKD of the code point has an ASCII digit.
        package static let hasDigit = Traits(rawValue: 2)
        /// The code point's general category is L, N or M (a word character of the ranking).
        package static let word = Traits(rawValue: 4)
    }

    /// The table covers code points below this…
    private static let lowEnd: UInt32 = 0x3400
    /// …and from this one to the end of the Basic Multilingual Plane.
    private static let highStart: UInt32 = 0xF900
    /// CJK Unified Ideographs Extension A and the main block: no decomposition, no case.
    private static let ideographs: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF]
    /// Hangul syllables, decomposed by the algorithm of Unicode §3.12.
    private static let hangul: ClosedRange<UInt32> = 0xAC00...0xD7A3

    /// The letters PROTOCOL §2 replaces after case folding, as people type them.
    package static let typedLetters: [UInt32: [UInt32]] = [
        0x142: [0x6C], 0xF8: [0x6F], 0x111: [0x64], 0xF0: [0x64], 0x127: [0x68], 0x131: [0x69], 0x167: [0x74],
        0xE6: [0x61, 0x65], 0x153: [0x6F, 0x65], 0xFE: [0x74, 0x68],
    ]

    /// Per covered code point: the fold's offset in `bytes` (bits 0–19), its length (bits
    /// 20–25) and its ``Traits`` (bits 26–28).
    private let entries: [UInt32]
    /// The folds of the covered code points, back to back (UTF-8).
    private let bytes: [UInt8]

    /// The table of this process, computed on first use.
    package static let shared = FoldTable()

    private init() {
        var entries: [UInt32] = []
        var bytes: [UInt8] = []
        let count = Int(Self.lowEnd) + Int(0x10000 - Self.highStart)
        entries.reserveCapacity(count)
        for index in 0..<count {
            let scalar = index < Self.lowEnd ? UInt32(index) : UInt32(index) - Self.lowEnd + Self.highStart
            let (fold, traits) = Self.computed(scalar)
            precondition(fold.count < 64 && bytes.count < 1 << 20, "fold table entry out of range")
            entries.append(UInt32(bytes.count) | UInt32(fold.count) << 20 | traits.rawValue << 26)
            bytes.append(contentsOf: fold)
        }
        self.entries = entries
        self.bytes = bytes
    }

    /// The table index of `scalar`, or nil when the table does not cover it.
    @inline(__always)
    private static func index(of scalar: UInt32) -> Int? {
        if scalar < lowEnd { return Int(scalar) }
        if scalar >= highStart, scalar < 0x10000 { return Int(scalar - highStart + lowEnd) }
        return nil
    }

    /// Appends the UTF-8 bytes of `fold` of the code point `scalar` to `output`.
    @inline(__always)
    package func appendFold(of scalar: UInt32, to output: inout [UInt8]) {
        if let index = Self.index(of: scalar) {
            let entry = entries[index]
            let start = Int(entry & 0xF_FFFF)
            let length = Int(entry >> 20 & 0x3F)
            if length == 1 {
                output.append(bytes[start])
            } else {
                output.append(contentsOf: bytes[start..<start + length])
            }
            return
        }
        if Self.ideographs.contains(where: { $0.contains(scalar) }) {
            UTF8Scalars.append(scalar, to: &output)
        } else if Self.hangul.contains(scalar) {
            for jamo in Self.jamo(of: scalar) { UTF8Scalars.append(jamo, to: &output) }
        } else {
            output.append(contentsOf: Self.computed(scalar).fold)
        }
    }

    /// The ``Traits`` of the code point `scalar`.
    @inline(__always)
    package func traits(of scalar: UInt32) -> Traits {
        if let index = Self.index(of: scalar) { return Traits(rawValue: entries[index] >> 26) }
        if Self.ideographs.contains(where: { $0.contains(scalar) }) || Self.hangul.contains(scalar) { return .word }
        return Self.computed(scalar).traits
    }

    /// The jamo of a Hangul syllable (leading, vowel, and trailing when it has one).
    private static func jamo(of syllable: UInt32) -> [UInt32] {
        let index = syllable - hangul.lowerBound
        let leading = 0x1100 + index / 588
        let vowel = 0x1161 + index % 588 / 28
        let trailing = index % 28
        return trailing == 0 ? [leading, vowel] : [leading, vowel, 0x11A7 + trailing]
    }

    /// The fold and traits of `scalar` computed with ICU: NFKD, marks of non-zero combining
    /// class dropped, full case folding, then the typed letters replaced.
    private static func computed(_ scalar: UInt32) -> (fold: [UInt8], traits: Traits) {
        guard let value = Unicode.Scalar(scalar) else { return ([], []) }
        let units = Array(String(Character(value)).utf16)
        let decomposed = units.withUnsafeBufferPointer(UnicodeICU.nfkd)
        var traits: Traits = [.phoneCharacters]
        var kept: [UInt16] = []
        for decoded in UTF16Scalars(decomposed) {
            switch decoded.scalar {
            case 0x30...0x39: traits.insert(.hasDigit)
            case 0x2B, 0x2D, 0x28, 0x29, 0x2E: break
            default: traits.remove(.phoneCharacters)
            }
            if decoded.scalar < 0x300 || UnicodeICU.combiningClass(decoded.scalar) == 0 {
                kept.append(contentsOf: decomposed[decoded.range])
            }
        }
        if UnicodeICU.isWordCharacter(scalar) { traits.insert(.word) }
        let folded = kept.withUnsafeBufferPointer(UnicodeICU.foldCase)
        var output: [UInt8] = []
        for decoded in UTF16Scalars(folded) {
            for letter in typedLetters[decoded.scalar] ?? [decoded.scalar] { UTF8Scalars.append(letter, to: &output) }
        }
        return (output, traits)
    }
}

/// The code points of valid UTF-16 (ICU's output), each with its range of code units.
private struct UTF16Scalars: Sequence, IteratorProtocol {
    private let units: [UInt16]
    private var index = 0

    init(_ units: [UInt16]) {
        self.units = units
    }

    mutating func next() -> (scalar: UInt32, range: Range<Int>)? {
        guard index < units.count else { return nil }
        let unit = units[index]
        let start = index
        if unit & 0xFC00 == 0xD800, index + 1 < units.count, units[index + 1] & 0xFC00 == 0xDC00 {
            index += 2
            return (0x10000 + ((UInt32(unit) & 0x3FF) << 10) + (UInt32(units[start + 1]) & 0x3FF), start..<index)
        }
        index += 1
        return (UInt32(unit), start..<index)
    }
}
