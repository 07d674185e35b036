extension PhoneNumberParser {
    /// `_extract_possible_number`: from the first `+`, `＋` or decimal digit, up to the last
    /// letter, digit or `#`, and before a second number introduced by `/x` or `\x`.
    package func extractPossibleNumber(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let rules = metadata.rules
        var index = 0
        var start: Int?
        while index < raw.count {
            let (scalar, length) = PhoneUTF8.decode(raw, at: index)
            if scalar == 0x2B || scalar == 0xFF0B || rules.decimalDigitValue(scalar) != nil {
                start = index
                break
            }
            index += length
        }
        guard let start else { return raw.leading(0) }
        // _UNWANTED_END_CHAR_PATTERN removes the trailing run of characters that are neither
        // alphanumeric nor '#' (and '_'): keep up to the last wanted one.
        var end = raw.count
        while end > start {
            let (scalar, scalarStart) = PhoneUTF8.decode(raw, endingAt: end)
            if scalar == 0x23 || rules.isAlphanumeric(scalar) { break }
            end = scalarStart
        }
        // _SECOND_NUMBER_START_PATTERN: [\\/] *x
        index = start
        while index < end {
            let byte = raw[index]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") {
                var next = index + 1
                while next < end && raw[next] == UInt8(ascii: " ") { next += 1 }
                if next < end && raw[next] == UInt8(ascii: "x") {
                    end = index
                    break
                }
            }
            index += 1
        }
        return UnsafeBufferPointer(rebasing: raw[start..<end])
    }

    /// `_extract_possible_number` of a simple text (``PhoneUTF8/simpleBytes`` only), from the
    /// first `+` or digit through the last digit: its only alphanumerics are digits and it has
    /// no `x`, so that is all the general rules come to.
    package func simplePossibleNumber(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        while start < raw.count && raw[start] != UInt8(ascii: "+") && raw[start] &- 0x30 >= 10 { start += 1 }
        var end = raw.count
        while end > start && raw[end - 1] &- 0x30 >= 10 { end -= 1 }
        return UnsafeBufferPointer(rebasing: raw[start..<end])
    }

    /// The RFC 3966 branch of `_build_national_number_for_parsing`: a `phone-context` that is
    /// a global number (`+…`) is written first, then whatever lies between `tel:` (or the start)
    /// and `;phone-context=`; a domain name context contributes nothing. Throws NOT_A_NUMBER for
    /// an empty or malformed context.
    package func nationalNumber(
        fromPhoneContextIn raw: UnsafeBufferPointer<UInt8>, marker: Int, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) throws(PhoneNumberError) -> UnsafeBufferPointer<UInt8> {
        let contextStart = marker + ";phone-context=".utf8.count
        guard contextStart < raw.count else { throw .invalidPhoneContext }
        var contextEnd = contextStart
        while contextEnd < raw.count && raw[contextEnd] != UInt8(ascii: ";") { contextEnd += 1 }
        let context = UnsafeBufferPointer(rebasing: raw[contextStart..<contextEnd])
        guard !context.isEmpty,
            metadata.globalNumberDigits.matchesWhole(context) || metadata.domainName.matchesWhole(context)
        else { throw .invalidPhoneContext }
        var count = 0
        func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            for byte in bytes where count < buffer.count {
                buffer[count] = byte
                count += 1
            }
        }
        if context[0] == UInt8(ascii: "+") { append(context) }
        let nationalStart = PhoneUTF8.firstIndex(of: "tel:", in: raw).map { $0 + "tel:".utf8.count } ?? 0
        if nationalStart < marker { append(UnsafeBufferPointer(rebasing: raw[nationalStart..<marker])) }
        return UnsafeBufferPointer(rebasing: buffer[0..<count])
    }

    /// `_normalize`: with three or more ASCII letters (a vanity number such as 1-800-FLOWERS)
    /// letters become keypad digits and only ASCII digits are kept; otherwise every decimal
    /// digit of any script becomes its ASCII digit. Everything else is dropped.
    package func normalizeDigits(
        _ text: UnsafeBufferPointer<UInt8>, into area: UnsafeMutableBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        // Most numbers are ASCII digits and punctuation: keep the digits in one pass, and leave
        // letters (which may spell a vanity number) and other scripts to the full rules.
        var count = 0
        for byte in text {
            if byte &- 0x30 < 10 {
                guard count < area.count else { break }
                area[count] = byte
                count += 1
            } else if byte >= 0x80 || (byte | 0x20) &- UInt8(ascii: "a") < 26 {
                return normalizeMixedDigits(text, into: area)
            }
        }
        return UnsafeBufferPointer(rebasing: area[0..<count])
    }

    private func normalizeMixedDigits(
        _ text: UnsafeBufferPointer<UInt8>, into area: UnsafeMutableBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        let rules = metadata.rules
        // _VALID_ALPHA_PHONE_PATTERN is (?:.*?[A-Za-z]){3}.* matched in full: '.' stops at '\n'.
        var letters = 0
        var newline = false
        for byte in text {
            if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") { letters += 1 }
            if byte == 0x0A { newline = true }
        }
        let vanity = letters >= 3 && !newline
        var count = 0
        var index = 0
        while index < text.count && count < area.count {
            let byte = text[index]
            let digit: UInt8?
            if byte &- 0x30 < 10 {
                digit = byte
                index += 1
            } else if byte < 0x80 {
                // ASCII punctuation and letters are no decimal digits; letters are keypad digits
                // in a vanity number.
                digit = vanity ? rules.keypadDigit(UInt32(byte)) : nil
                index += 1
            } else {
                let (scalar, length) = PhoneUTF8.decode(text, at: index)
                index += length
                digit = vanity ? rules.keypadDigit(scalar) : rules.decimalDigitValue(scalar).map { $0 + 0x30 }
            }
            if let digit {
                area[count] = digit
                count += 1
            }
        }
        return UnsafeBufferPointer(rebasing: area[0..<count])
    }
}
