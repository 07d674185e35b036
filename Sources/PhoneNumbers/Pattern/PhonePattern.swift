/// A parsed regular expression in the small dialect that libphonenumber's patterns use.
///
/// Supported: literals, `\d`, escapes (`\t`, `\uXXXX`, `\UXXXXXXXX`, escaped punctuation),
/// bracket classes with ranges, `(...)` and `(?:...)` groups, `|`, the quantifiers `?`, `*`,
/// `+`, `{n}`, `{n,}`, `{n,m}` (greedy or lazy), `^` at the very start (every use is anchored
/// anyway) and `$`. Anything else is rejected when the table loads, never guessed at.
///
/// A pattern is only a tree; `PhoneProgram` compiles it for the two engines that run it
/// (`PhoneAutomaton` for whole-string tests, `PhonePrefixMatcher` for prefix matches with groups).
package struct PhonePattern: Sendable {
    /// One node of the tree.
    package indirect enum Node: Sendable {
        /// Matches the empty string.
        case empty
        /// One scalar from `atoms[index]`.
        case atom(Int)
        /// The parts one after the other.
        case sequence([Node])
        /// The first alternative that leads to a match (leftmost-first).
        case choice([Node])
        /// `body` repeated `minimum` to `maximum` (nil: unbounded) times.
        case repetition(Node, minimum: Int, maximum: Int?, greedy: Bool)
        /// Capturing group number `group` (1-based).
        case capture(Node, group: Int)
        /// `$`: the end of the input.
        case endOfInput
    }

    /// The tree.
    package let root: Node
    /// The distinct character sets the atoms refer to.
    package let atoms: [PhoneCharacterSet]
    /// How many capturing groups there are.
    package let groupCount: Int
    /// Whether the input must be case-folded before it is classified (atoms are folded already).
    package let ignoresCase: Bool

    /// Parses `source`; with `ignoresCase`, literals and class members are mapped through
    /// `fold`, which the input will also go through.
    package init(
        _ source: String, ignoresCase: Bool, fold: @escaping (UInt32) -> UInt32
    ) throws(PhoneMetadataError) {
        var parser = Parser(scalars: source.unicodeScalars.map(\.value), ignoresCase: ignoresCase, fold: fold)
        let root = try parser.parseAlternation()
        guard parser.position == parser.scalars.count else {
            throw PhoneMetadataError("unexpected ')' at \(parser.position) in pattern \(source)")
        }
        self.root = root
        atoms = parser.atoms
        groupCount = parser.groupCount
        self.ignoresCase = ignoresCase
    }

    private init(root: Node, atoms: [PhoneCharacterSet], groupCount: Int, ignoresCase: Bool) {
        self.root = root
        self.atoms = atoms
        self.groupCount = groupCount
        self.ignoresCase = ignoresCase
    }

    /// The pattern that matches the reverse of every string this one matches (for searching
    /// from the end of a string). Patterns with `$` have no such mirror and are refused.
    package func reversed() throws(PhoneMetadataError) -> PhonePattern {
        func mirror(_ node: Node) throws(PhoneMetadataError) -> Node {
            switch node {
            case .empty, .atom:
                return node
            case .sequence(let parts):
                var mirrored: [Node] = []
                for part in parts.reversed() { mirrored.append(try mirror(part)) }
                return .sequence(mirrored)
            case .choice(let alternatives):
                var mirrored: [Node] = []
                for alternative in alternatives { mirrored.append(try mirror(alternative)) }
                return .choice(mirrored)
            case .repetition(let body, let minimum, let maximum, let greedy):
                return .repetition(try mirror(body), minimum: minimum, maximum: maximum, greedy: greedy)
            case .capture(let body, let group):
                return .capture(try mirror(body), group: group)
            case .endOfInput:
                throw PhoneMetadataError("a pattern with '$' cannot be reversed")
            }
        }
        return PhonePattern(root: try mirror(root), atoms: atoms, groupCount: groupCount, ignoresCase: ignoresCase)
    }

    /// The most scalars a match can span, or nil when a quantifier is unbounded.
    package var maximumLength: Int? {
        func length(_ node: Node) -> Int? {
            switch node {
            case .empty, .endOfInput:
                return 0
            case .atom:
                return 1
            case .sequence(let parts):
                var total = 0
                for part in parts {
                    guard let partLength = length(part) else { return nil }
                    total += partLength
                }
                return total
            case .choice(let alternatives):
                var longest = 0
                for alternative in alternatives {
                    guard let alternativeLength = length(alternative) else { return nil }
                    longest = max(longest, alternativeLength)
                }
                return longest
            case .repetition(let body, _, let maximum, _):
                guard let maximum, let bodyLength = length(body) else { return nil }
                return maximum * bodyLength
            case .capture(let body, _):
                return length(body)
            }
        }
        return length(root)
    }
}

extension PhonePattern {
    /// Recursive-descent parser over the pattern's scalars.
    private struct Parser {
        /// Deepest group nesting accepted (the metadata needs a handful of levels).
        package static let maximumDepth = 32
        /// Largest repetition count accepted in `{n,m}`.
        package static let maximumCount = 64

        package let scalars: [UInt32]
        package let ignoresCase: Bool
        package let fold: (UInt32) -> UInt32
        package var position = 0
        package var atoms: [PhoneCharacterSet] = []
        package var groupCount = 0
        package var depth = 0

        package init(scalars: [UInt32], ignoresCase: Bool, fold: @escaping (UInt32) -> UInt32) {
            self.scalars = scalars
            self.ignoresCase = ignoresCase
            self.fold = fold
        }

        private var current: UInt32? { position < scalars.count ? scalars[position] : nil }

        private func error(_ what: String) -> PhoneMetadataError {
            let text = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
            return PhoneMetadataError("\(what) at \(position) in pattern \(text)")
        }

        package mutating func parseAlternation() throws(PhoneMetadataError) -> Node {
            var alternatives = [try parseSequence()]
            while current == UInt32(UInt8(ascii: "|")) {
                position += 1
                alternatives.append(try parseSequence())
            }
            return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
        }

        private mutating func parseSequence() throws(PhoneMetadataError) -> Node {
            var parts: [Node] = []
            while let scalar = current, scalar != UInt32(UInt8(ascii: "|")), scalar != UInt32(UInt8(ascii: ")")) {
                let primary = try parsePrimary()
                parts.append(try parseQuantifier(on: primary))
            }
            switch parts.count {
            case 0: return .empty
            case 1: return parts[0]
            default: return .sequence(parts)
            }
        }

        private mutating func parsePrimary() throws(PhoneMetadataError) -> Node {
            guard let scalar = current else { throw error("unexpected end") }
            position += 1
            switch scalar {
            case UInt32(UInt8(ascii: "(")):
                depth += 1
                defer { depth -= 1 }
                guard depth <= Self.maximumDepth else { throw error("groups nested too deeply") }
                var group: Int?
                if current == UInt32(UInt8(ascii: "?")) {
                    guard position + 1 < scalars.count, scalars[position + 1] == UInt32(UInt8(ascii: ":")) else {
                        throw error("unsupported group syntax")
                    }
                    position += 2
                } else {
                    groupCount += 1
                    group = groupCount
                }
                let body = try parseAlternation()
                guard current == UInt32(UInt8(ascii: ")")) else { throw error("missing ')'") }
                position += 1
                if let group { return .capture(body, group: group) }
                return body
            case UInt32(UInt8(ascii: "[")):
                return .atom(intern(try parseClass()))
            case UInt32(UInt8(ascii: "\\")):
                var set = PhoneCharacterSet()
                try parseEscape(into: &set)
                return .atom(intern(set))
            case UInt32(UInt8(ascii: "^")):
                guard position == 1 else { throw error("'^' is only supported at the start") }
                return .empty
            case UInt32(UInt8(ascii: "$")):
                return .endOfInput
            case UInt32(UInt8(ascii: ".")), UInt32(UInt8(ascii: "*")), UInt32(UInt8(ascii: "+")),
                UInt32(UInt8(ascii: "?")), UInt32(UInt8(ascii: "{")):
                throw error("unsupported or misplaced '\(Character(Unicode.Scalar(UInt8(scalar))))'")
            default:
                var set = PhoneCharacterSet()
                set.insert(ignoresCase ? fold(scalar) : scalar)
                return .atom(intern(set))
            }
        }

        private mutating func parseQuantifier(on node: Node) throws(PhoneMetadataError) -> Node {
            var minimum: Int
            var maximum: Int?
            switch current {
            case UInt32(UInt8(ascii: "?")):
                (minimum, maximum) = (0, 1)
            case UInt32(UInt8(ascii: "*")):
                (minimum, maximum) = (0, nil)
            case UInt32(UInt8(ascii: "+")):
                (minimum, maximum) = (1, nil)
            case UInt32(UInt8(ascii: "{")):
                position += 1
                minimum = try parseCount()
                maximum = minimum
                if current == UInt32(UInt8(ascii: ",")) {
                    position += 1
                    maximum = current == UInt32(UInt8(ascii: "}")) ? nil : try parseCount()
                }
                guard current == UInt32(UInt8(ascii: "}")) else { throw error("malformed {n,m}") }
                if let maximum, maximum < minimum { throw error("{n,m} with m < n") }
            default:
                return node
            }
            position += 1
            var greedy = true
            if current == UInt32(UInt8(ascii: "?")) {
                greedy = false
                position += 1
            }
            return .repetition(node, minimum: minimum, maximum: maximum, greedy: greedy)
        }

        private mutating func parseCount() throws(PhoneMetadataError) -> Int {
            var value = 0
            var digits = 0
            while let scalar = current, (0x30...0x39).contains(scalar) {
                value = value * 10 + Int(scalar - 0x30)
                digits += 1
                position += 1
                guard value <= Self.maximumCount else { throw error("repetition count too large") }
            }
            guard digits > 0 else { throw error("missing repetition count") }
            return value
        }

        private mutating func parseClass() throws(PhoneMetadataError) -> PhoneCharacterSet {
            if current == UInt32(UInt8(ascii: "^")) { throw error("negated classes are not supported") }
            var set = PhoneCharacterSet()
            var first = true
            while let scalar = current, scalar != UInt32(UInt8(ascii: "]")) || first {
                first = false
                var single = PhoneCharacterSet()
                let lower: UInt32?
                if scalar == UInt32(UInt8(ascii: "\\")) {
                    position += 1
                    lower = try parseEscape(into: &single)
                } else {
                    position += 1
                    lower = scalar
                }
                if let lower, current == UInt32(UInt8(ascii: "-")), position + 1 < scalars.count,
                    scalars[position + 1] != UInt32(UInt8(ascii: "]"))
                {
                    position += 1
                    guard let upperScalar = current else { throw error("unterminated range") }
                    position += 1
                    var upper = upperScalar
                    if upperScalar == UInt32(UInt8(ascii: "\\")) {
                        var ignored = PhoneCharacterSet()
                        guard let escaped = try parseEscape(into: &ignored) else { throw error("bad range end") }
                        upper = escaped
                    }
                    guard lower <= upper else { throw error("reversed range") }
                    insert(lower...upper, into: &set)
                } else if let lower {
                    insert(lower...lower, into: &set)
                } else {
                    set.formUnion(single)
                }
            }
            guard current == UInt32(UInt8(ascii: "]")) else { throw error("missing ']'") }
            position += 1
            return set
        }

        /// Adds `range` to `set`, case-folding each member when the pattern ignores case.
        private func insert(_ range: ClosedRange<UInt32>, into set: inout PhoneCharacterSet) {
            guard ignoresCase else {
                set.insert(range)
                return
            }
            for scalar in range { set.insert(fold(scalar)) }
        }

        /// Parses the escape after a backslash. Returns the scalar it stands for, or nil for a
        /// class escape (`\d`), which it adds to `set` instead.
        @discardableResult
        private mutating func parseEscape(into set: inout PhoneCharacterSet) throws(PhoneMetadataError) -> UInt32? {
            guard let scalar = current else { throw error("dangling backslash") }
            position += 1
            let literal: UInt32
            switch scalar {
            case UInt32(UInt8(ascii: "d")):
                set.insertDecimalDigits()
                return nil
            case UInt32(UInt8(ascii: "t")):
                literal = 0x09
            case UInt32(UInt8(ascii: "n")):
                literal = 0x0A
            case UInt32(UInt8(ascii: "u")), UInt32(UInt8(ascii: "U")):
                let width = scalar == UInt32(UInt8(ascii: "u")) ? 4 : 8
                var value: UInt32 = 0
                for _ in 0..<width {
                    guard let digit = current, let nibble = Self.hexValue(digit) else { throw error("bad \\u escape") }
                    value = value << 4 | nibble
                    position += 1
                }
                literal = value
            default:
                let isPunctuation =
                    scalar < 0x80 && !(0x30...0x39).contains(scalar)
                    && !(0x41...0x5A).contains(scalar) && !(0x61...0x7A).contains(scalar)
                guard isPunctuation else { throw error("unsupported escape") }
                literal = scalar
            }
            set.insert(ignoresCase ? fold(literal) : literal)
            return literal
        }

        private static func hexValue(_ scalar: UInt32) -> UInt32? {
            switch scalar {
            case 0x30...0x39: return scalar - 0x30
            case 0x41...0x46: return scalar - 0x41 + 10
            case 0x61...0x66: return scalar - 0x61 + 10
            default: return nil
            }
        }

        /// The index of `set` in `atoms`, adding it when new.
        private mutating func intern(_ set: PhoneCharacterSet) -> Int {
            if let index = atoms.firstIndex(of: set) { return index }
            atoms.append(set)
            return atoms.count - 1
        }
    }
}
