/// The Unicode facts libphonenumber's parse depends on, pinned to the reference it must agree
/// with: the metadata table records the Unicode version of the Python that generated it, and
/// scalars assigned after that version count as unassigned here too, so the answers do not
/// move when the Swift toolchain's Unicode tables do.
///
/// ASCII is answered inline; decimal digits come from the exported table; only the
/// alphanumeric test of other scalars consults `Unicode.Scalar.Properties`.
package final class PhoneScalarRules: Sendable {
    /// The Unicode version the reference implementation used.
    package let unicodeVersion: Unicode.Version
    private let foldKeys: [UInt32]
    private let foldValues: [UInt32]
    private let upperKeys: [UInt32]
    private let upperValues: [UInt8]
    /// The zero of every script's run of ten decimal digits, ascending.
    private let digitZeros: [UInt32]

    /// Rules for `unicodeVersion`, with the case-insensitive `fold` pairs, the non-ASCII
    /// scalars whose uppercase is an ASCII letter (`upper`) and the zeros of the decimal digit
    /// scripts (`digitZeros`), all as exported by the generator.
    package init(
        unicodeVersion: Unicode.Version, fold: [(UInt32, UInt32)], upper: [(UInt32, UInt8)], digitZeros: [UInt32]
    ) {
        self.unicodeVersion = unicodeVersion
        self.digitZeros = digitZeros.sorted()
        let sortedFold = fold.sorted { $0.0 < $1.0 }
        foldKeys = sortedFold.map(\.0)
        foldValues = sortedFold.map(\.1)
        let sortedUpper = upper.sorted { $0.0 < $1.0 }
        upperKeys = sortedUpper.map(\.0)
        upperValues = sortedUpper.map(\.1)
    }

    /// The case fold Python's `re` uses for IGNORECASE, restricted to what the patterns mention:
    /// ASCII capitals to lowercase, plus the exported pairs (e.g. U+212A KELVIN SIGN to `k`).
    package func fold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return (0x41...0x5A).contains(scalar) ? scalar + 0x20 : scalar }
        guard let index = Self.index(of: scalar, in: foldKeys) else { return scalar }
        return foldValues[index]
    }

    /// The value of a decimal digit (general category Nd as the reference knew it: `0`–`9`,
    /// full-width, Arabic-Indic, Devanagari, …), or nil for any other scalar.
    @inline(__always)
    package func decimalDigitValue(_ scalar: UInt32) -> UInt8? {
        if scalar < 0x80 { return (0x30...0x39).contains(scalar) ? UInt8(scalar - 0x30) : nil }
        return nonASCIIDecimalDigitValue(scalar)
    }

    private func nonASCIIDecimalDigitValue(_ scalar: UInt32) -> UInt8? {
        var low = 0
        var high = digitZeros.count
        while low < high {
            let middle = (low + high) / 2
            if digitZeros[middle] <= scalar {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low > 0 else { return nil }
        let offset = scalar - digitZeros[low - 1]
        return offset < 10 ? UInt8(offset) : nil
    }

    /// Python's `str.isalnum()` for one scalar: a letter (Lu, Ll, Lt, Lm, Lo) or a scalar with
    /// a numeric value. `\w` in Python's regexes is this plus `_`.
    @inline(__always)
    package func isAlphanumeric(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
        }
        return nonASCIIIsAlphanumeric(scalar)
    }

    @inline(never)
    private func nonASCIIIsAlphanumeric(_ scalar: UInt32) -> Bool {
        guard let known = knownScalar(scalar) else { return false }
        switch known.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return true
        default:
            return known.properties.numericType != nil
        }
    }

    /// The keypad character libphonenumber maps a scalar to when it reads a vanity number
    /// (`_ALPHA_PHONE_MAPPINGS[c.upper()]`): ASCII digits stay, letters become their E.161 keypad
    /// digit (`A`–`C` → `2`, …, `W`–`Z` → `9`); nil for everything else, including non-ASCII digits.
    package func keypadDigit(_ scalar: UInt32) -> UInt8? {
        var letter: UInt8
        if scalar < 0x80 {
            letter = UInt8(scalar)
            if (0x30...0x39).contains(letter) { return letter }
        } else {
            guard let index = Self.index(of: scalar, in: upperKeys) else { return nil }
            letter = upperValues[index]
        }
        letter &= 0xDF  // ASCII uppercase
        guard (0x41...0x5A).contains(letter) else { return nil }
        return Self.keypad[Int(letter - 0x41)]
    }

    /// Keypad digits of `A` through `Z` (ITU-T E.161).
    private static let keypad: [UInt8] = Array("22233344455566677778889999".utf8)

    /// The scalar, when it was assigned in `unicodeVersion` or earlier.
    private func knownScalar(_ scalar: UInt32) -> Unicode.Scalar? {
        guard let value = Unicode.Scalar(scalar), let age = value.properties.age else { return nil }
        let known =
            age.major < unicodeVersion.major
            || (age.major == unicodeVersion.major && age.minor <= unicodeVersion.minor)
        return known ? value : nil
    }

    private static func index(of key: UInt32, in keys: [UInt32]) -> Int? {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < keys.count && keys[low] == key ? low : nil
    }
}
