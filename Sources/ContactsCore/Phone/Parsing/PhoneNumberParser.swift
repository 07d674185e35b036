/// libphonenumber's `parse(raw, region)` followed by `is_possible_number_with_reason`, step
/// for step (phonenumberutil.py names each step; the comments here quote them), on UTF-8 bytes.
///
/// Work areas live on the stack: the normalizer allocates nothing per number.
struct PhoneNumberParser {
    /// Longest input, in scalars (`_MAX_INPUT_STRING_LENGTH`).
    static let maximumInputLength = 250
    /// Shortest national significant number (`_MIN_LENGTH_FOR_NSN`).
    static let minimumNationalNumberLength = 2
    /// Bytes in one digit work area: a normalized number has at most 250 digits (one per input
    /// scalar) and rewriting a national prefix adds at most 16 literal digits.
    static let digitAreaSize = 272

    /// The metadata everything is read from.
    let metadata: PhoneMetadata

    /// The default region as libphonenumber sees it.
    struct DefaultRegion {
        /// `_is_valid_region_code(region)`: the region is exactly a supported code.
        let isValid: Bool
        /// `metadata_for_region(region.upper())`: the metadata parsing reads (nil without one).
        let metadata: PhoneRegionMetadata?
    }

    /// Resolves a default region string (nil, unknown, wrong case, … are all allowed).
    func defaultRegion(_ region: String?) -> DefaultRegion {
        guard let region else { return DefaultRegion(isValid: false, metadata: nil) }
        if let exact = metadata.regionIndex(exactly: region) {
            return DefaultRegion(isValid: true, metadata: metadata.regions[exact])
        }
        return DefaultRegion(isValid: false, metadata: metadata.regionIndex(uppercasing: region).map { metadata.regions[$0] })
    }

    /// The E.164 number of `raw` (valid UTF-8), or why there is none.
    func normalize(_ raw: UnsafeBufferPointer<UInt8>, region: DefaultRegion) throws(PhoneNumberError) -> PhoneNumber {
        guard PhoneUTF8.scalarCount(raw, limit: Self.maximumInputLength) <= Self.maximumInputLength else {
            throw .inputTooLong
        }
        // _build_national_number_for_parsing
        guard let marker = PhoneUTF8.firstIndex(of: ";phone-context=", in: raw) else {
            return try parse(extractPossibleNumber(raw), region: region)
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) {
            (buffer) throws(PhoneNumberError) -> PhoneNumber in
            try parse(nationalNumber(fromPhoneContextIn: raw, marker: marker, into: buffer), region: region)
        }
    }

    /// Everything after building the national number for parsing.
    private func parse(_ candidate: UnsafeBufferPointer<UInt8>, region: DefaultRegion) throws(PhoneNumberError)
        -> PhoneNumber
    {
        var national = candidate
        // Delete the isdn-subaddress and everything after it (only when not at the very start).
        if let subaddress = PhoneUTF8.firstIndex(of: ";isub=", in: national), subaddress > 0 {
            national = national.leading(subaddress)
        }
        // _is_viable_phone_number (the pattern itself requires at least two scalars).
        guard metadata.viablePhoneNumber.matchesWhole(national) else { throw .notANumber }
        // _check_region_for_parsing
        let plusLength = Self.plusPrefixLength(national)
        if !region.isValid && plusLength == 0 { throw .missingRegion }
        // _maybe_strip_extension: the leftmost extension, if what precedes it is viable.
        if let start = metadata.extensionSuffix.leftmostMatchingSuffix(of: national),
            metadata.viablePhoneNumber.matchesWhole(national.leading(start))
        {
            national = national.leading(start)
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * Self.digitAreaSize) {
            (scratch) throws(PhoneNumberError) -> PhoneNumber in
            let areas = WorkAreas(scratch)
            var countryCode: Int
            var nationalNumber: UnsafeBufferPointer<UInt8>
            do throws(PhoneNumberError) {
                (countryCode, nationalNumber) = try extractCountryCode(national, region: region.metadata, areas: areas)
            } catch {
                guard error.code == .invalidCountryCode, plusLength > 0 else { throw error }
                // Strip the plus-char, and try again.
                (countryCode, nationalNumber) = try extractCountryCode(
                    national.trailing(from: plusLength), region: region.metadata, areas: areas)
                if countryCode == 0 { throw .uninterpretableAfterPlus }
            }
            let numberRegion: PhoneRegionMetadata
            if countryCode != 0 {
                guard let main = metadata.mainRegion(forCallingCode: countryCode) else { throw .unknownCallingCode }
                numberRegion = main
            } else {
                // Without a calling code the number is national to the default region, which the
                // region check above guarantees is valid.
                guard let defaultMetadata = region.metadata else { throw .missingRegion }
                numberRegion = defaultMetadata
                countryCode = defaultMetadata.countryCode
            }
            guard nationalNumber.count >= Self.minimumNationalNumberLength else { throw .tooShortNSN }
            // Strip the national prefix only when what remains could still be a whole number.
            let stripped = stripNationalPrefix(nationalNumber, region: numberRegion, output: areas.rewritten)
            let verdict = numberRegion.lengths.check(stripped.count)
            if verdict == .possible || verdict == .tooLong { nationalNumber = stripped }
            guard nationalNumber.count >= Self.minimumNationalNumberLength else { throw .tooShortNSN }
            guard nationalNumber.count <= PhonePossibleLengths.longestNationalNumber else {
                throw .nationalNumberTooLong
            }
            return try possibleNumber(countryCode: countryCode, nationalNumber: nationalNumber)
        }
    }

    /// `is_possible_number_with_reason` == IS_POSSIBLE, judged by the main region of the
    /// calling code, then the E.164 digits.
    private func possibleNumber(countryCode: Int, nationalNumber: UnsafeBufferPointer<UInt8>) throws(PhoneNumberError)
        -> PhoneNumber
    {
        guard let main = metadata.mainRegion(forCallingCode: countryCode) else { throw .unknownCallingCode }
        switch main.lengths.check(nationalNumber.count) {
        case .possible: break
        case .possibleLocalOnly: throw .localOnly
        case .tooShort: throw .tooShort
        case .tooLong: throw .tooLong
        case .invalidLength: throw .invalidLength
        }
        // At most 3 + 17 digits would overflow, but the loader checked that every possible
        // length plus its calling code fits in 19.
        var e164 = UInt64(countryCode)
        for digit in nationalNumber { e164 = e164 &* 10 &+ UInt64(digit &- 0x30) }
        return PhoneNumber(e164: e164, countryCode: countryCode)
    }

    /// The three digit work areas of one parse: normalized digits, a prefix rewritten while
    /// looking for the default region's calling code, and a prefix rewritten at the end.
    struct WorkAreas {
        let normalized: UnsafeMutableBufferPointer<UInt8>
        let callingCodeRewritten: UnsafeMutableBufferPointer<UInt8>
        let rewritten: UnsafeMutableBufferPointer<UInt8>

        init(_ scratch: UnsafeMutableBufferPointer<UInt8>) {
            let size = PhoneNumberParser.digitAreaSize
            normalized = UnsafeMutableBufferPointer(rebasing: scratch[0..<size])
            callingCodeRewritten = UnsafeMutableBufferPointer(rebasing: scratch[size..<2 * size])
            rewritten = UnsafeMutableBufferPointer(rebasing: scratch[2 * size..<3 * size])
        }
    }

    /// The length in bytes of the run of `+` / `＋` (U+FF0B) that starts `text`.
    static func plusPrefixLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "+") {
                index += 1
            } else if index + 2 < text.count, text[index] == 0xEF, text[index + 1] == 0xBC, text[index + 2] == 0x8B {
                index += 3
            } else {
                break
            }
        }
        return index
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The first `count` bytes.
    func leading(_ count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: self[0..<count])
    }

    /// The bytes from `start` on.
    func trailing(from start: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: self[start...])
    }
}
