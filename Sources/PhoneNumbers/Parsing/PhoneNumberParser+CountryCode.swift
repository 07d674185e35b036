extension PhoneNumberParser {
    /// `_maybe_extract_country_code`: the calling code after `+` or the default region's IDD,
    /// or the default region's own calling code written without `+` when removing it makes a
    /// better national number. Returns the calling code (0 for none) and the national number
    /// (for 0: the whole number, normalized, which is what the caller needs next).
    package func extractCountryCode(
        _ number: UnsafeBufferPointer<UInt8>, region: PhoneRegionMetadata?, areas: WorkAreas
    ) throws(PhoneNumberError) -> (countryCode: Int, nationalNumber: UnsafeBufferPointer<UInt8>) {
        guard !number.isEmpty else { return (0, number) }
        // _maybe_strip_i18n_prefix_and_normalize
        var full: UnsafeBufferPointer<UInt8>
        var international = false
        let plusLength = Self.plusPrefixLength(number)
        if plusLength > 0 {
            full = normalizeDigits(number.trailing(from: plusLength), into: areas.normalized)
            international = true
        } else {
            full = normalizeDigits(number, into: areas.normalized)
            // _parse_prefix_as_idd: strip the IDD unless a 0 follows (calling codes never start with 0).
            if let prefix = region?.patterns.internationalPrefix, let match = prefix.match(full),
                match.end >= full.count || full[match.end] != UInt8(ascii: "0")
            {
                full = full.trailing(from: match.end)
                international = true
            }
        }
        if international {
            guard full.count > Self.minimumNationalNumberLength else { throw .tooShortAfterIDD }
            guard let (countryCode, length) = leadingCallingCode(full) else { throw .unknownCallingCode }
            return (countryCode, full.trailing(from: length))
        }
        guard let region, full.starts(with: region.countryCodeDigits) else { return (0, full) }
        // The default region's calling code without '+': keep it stripped when the number did not
        // match the region's pattern before but does after, or was too long before.
        let potential = stripNationalPrefix(
            full.trailing(from: region.countryCodeDigits.count), region: region, output: areas.callingCodeRewritten)
        let patterns = region.patterns
        if (!patterns.matchesGeneralPattern(full) && patterns.matchesGeneralPattern(potential))
            || region.lengths.check(full.count) == .tooLong
        {
            return (region.countryCode, potential)
        }
        return (0, full)
    }

    /// `_extract_country_code`: the shortest run of 1–3 leading digits that is a known calling
    /// code (none when the number starts with 0), and its length.
    private func leadingCallingCode(_ digits: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        guard let first = digits.first, first != UInt8(ascii: "0") else { return nil }
        var value = 0
        for length in 1...min(digits.count, 3) {
            value = value * 10 + Int(digits[length - 1] &- 0x30)
            if metadata.isCallingCode(value) { return (value, length) }
        }
        return nil
    }

    /// `_maybe_strip_national_prefix_carrier_code`: removes (or, with a transform rule,
    /// rewrites) a leading national prefix / carrier code, unless the number matched the
    /// region's general pattern before and would not after. A rewritten number is written to
    /// `output`; otherwise the result is a slice of `number`.
    package func stripNationalPrefix(
        _ number: UnsafeBufferPointer<UInt8>, region: PhoneRegionMetadata, output: UnsafeMutableBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        let patterns = region.patterns
        guard !number.isEmpty, let prefix = patterns.nationalPrefixForParsing, let match = prefix.match(number) else {
            return number
        }
        let matchedBefore = patterns.matchesGeneralPattern(number)
        let result: UnsafeBufferPointer<UInt8>
        if let template = patterns.nationalPrefixTransform, match.range(ofGroup: prefix.groupCount) != nil {
            var count = 0
            func append(_ range: Range<Int>) {
                for index in range where count < output.count {
                    output[count] = number[index]
                    count += 1
                }
            }
            for byte in template {
                if byte < 0x80 {
                    if count < output.count {
                        output[count] = byte
                        count += 1
                    }
                } else if let group = match.range(ofGroup: Int(byte & 0x7F)) {
                    append(group)
                }
            }
            append(match.end..<number.count)
            result = UnsafeBufferPointer(rebasing: output[0..<count])
        } else {
            result = number.trailing(from: match.end)
        }
        if matchedBefore && !patterns.matchesGeneralPattern(result) { return number }
        return result
    }
}
