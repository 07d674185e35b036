/// libphonenumber's `parse(raw, region)` followed by `is_possible_number_with_reason`, step
/// for step (phonenumberutil.py names each step; the comments here quote them), on UTF-8 bytes.
///
/// Work areas live on the stack: the normalizer allocates nothing per number.
package struct PhoneNumberParser {
    /// Longest input, in scalars (`_MAX_INPUT_STRING_LENGTH`).
    package static let maximumInputLength = 250
    /// Shortest national significant number (`_MIN_LENGTH_FOR_NSN`).
    package static let minimumNationalNumberLength = 2
    /// Bytes in one digit work area: a normalized number has at most 250 digits (one per input
    /// scalar) and rewriting a national prefix adds at most 16 literal digits.
    package static let digitAreaSize = 272

    /// The metadata everything is read from.
    package let metadata: PhoneMetadata

    /// The default region as libphonenumber sees it.
    package struct DefaultRegion {
        /// `_is_valid_region_code(region)`: the region is exactly a supported code.
        package let isValid: Bool
        /// Index in `metadata.regions` of `metadata_for_region(region.upper())`, or -1 for none.
        package let metadataIndex: Int
    }

    /// Resolves a default region string (nil, unknown, wrong case, … are all allowed).
    @inline(__always)
    package func defaultRegion(_ region: String?) -> DefaultRegion {
        guard let region else { return DefaultRegion(isValid: false, metadataIndex: -1) }
        if let exact = metadata.regionIndex(exactly: region) {
            return DefaultRegion(isValid: true, metadataIndex: exact)
        }
        return DefaultRegion(isValid: false, metadataIndex: metadata.regionIndex(uppercasing: region) ?? -1)
    }

    /// The metadata parsing reads for `region`, if any.
    @inline(__always)
    private func metadata(of region: DefaultRegion) -> PhoneRegionMetadata? {
        region.metadataIndex >= 0 ? metadata.regions[region.metadataIndex] : nil
    }

    /// The E.164 number of `raw` (UTF-8; malformed sequences read as U+FFFD), or why there is none.
    package func normalize(_ raw: UnsafeBufferPointer<UInt8>, region: DefaultRegion) throws(PhoneNumberError)
        -> PhoneNumber
    {
        let survey = PhoneUTF8.survey(raw)
        guard survey.isValid else { return try normalizeRepaired(raw, region: region) }
        guard survey.scalarCount <= Self.maximumInputLength else { throw .inputTooLong }
        // ASCII digits after an optional '+' are already the possible number: nothing to extract.
        if survey.isPlainDigits, let verdicts = metadata.plainDigits {
            return try parse(raw, region: region, shape: .plainDigits(verdicts))
        }
        // _build_national_number_for_parsing (a simple text has no ';', so neither RFC 3966 part)
        if survey.isSimple && metadata.simpleTextsHaveNoExtension {
            return try parse(simplePossibleNumber(raw), region: region, shape: .simple)
        }
        guard survey.hasSemicolon else { return try parse(extractPossibleNumber(raw), region: region) }
        guard let marker = PhoneUTF8.firstIndex(of: ";phone-context=", in: raw) else {
            return try parse(truncatingSubaddress(extractPossibleNumber(raw)), region: region)
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) {
            (buffer) throws(PhoneNumberError) -> PhoneNumber in
            let national = try nationalNumber(fromPhoneContextIn: raw, marker: marker, into: buffer)
            return try parse(truncatingSubaddress(national), region: region)
        }
    }

    /// Malformed UTF-8 is read as `String(decoding:as:)` reads it, through a repaired copy.
    private func normalizeRepaired(_ raw: UnsafeBufferPointer<UInt8>, region: DefaultRegion) throws(PhoneNumberError)
        -> PhoneNumber
    {
        var repaired = String(decoding: raw, as: UTF8.self)
        let result = repaired.withUTF8 { bytes in
            Result { () throws(PhoneNumberError) -> PhoneNumber in try normalize(bytes, region: region) }
        }
        return try result.get()
    }

    /// Deletes an RFC 3966 isdn-subaddress and everything after it (unless at the very start).
    private func truncatingSubaddress(_ national: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let subaddress = PhoneUTF8.firstIndex(of: ";isub=", in: national), subaddress > 0 else { return national }
        return national.leading(subaddress)
    }

    /// What is known of a candidate's bytes before parsing it, and so which scans `parse` can skip.
    package enum CandidateShape {
        /// Nothing: every scan runs.
        case general
        /// ASCII digits after at most one `+`: the verdicts answer viability and extension.
        case plainDigits(PhonePlainDigitsVerdicts)
        /// Only ``PhoneUTF8/simpleBytes``, in which the metadata found no extension can match.
        case simple
    }

    /// Everything after building the national number for parsing; `shape` says which answers
    /// are known without scanning `candidate`.
    private func parse(
        _ candidate: UnsafeBufferPointer<UInt8>, region: DefaultRegion, shape: CandidateShape = .general
    ) throws(PhoneNumberError) -> PhoneNumber {
        var national = candidate
        func isViable(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            if case .plainDigits(let verdicts) = shape { return verdicts.isViable(text) }
            return metadata.viablePhoneNumber.matchesWhole(text)
        }
        // _is_viable_phone_number (the pattern itself requires at least two scalars).
        guard isViable(national) else { throw .notANumber }
        // _check_region_for_parsing
        let plusLength = Self.plusPrefixLength(national)
        if !region.isValid && plusLength == 0 { throw .missingRegion }
        // _maybe_strip_extension: the leftmost extension, if what precedes it is viable.
        let extensionStart: Int?
        switch shape {
        case .general: extensionStart = metadata.extensionSuffix.leftmostMatchingSuffix(of: national)
        case .plainDigits(let verdicts): extensionStart = verdicts.extensionStart(national)
        case .simple: extensionStart = nil
        }
        if let extensionStart, isViable(national.leading(extensionStart)) {
            national = national.leading(extensionStart)
        }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * Self.digitAreaSize) {
            (scratch) throws(PhoneNumberError) -> PhoneNumber in
            let areas = WorkAreas(scratch)
            var countryCode: Int
            var nationalNumber: UnsafeBufferPointer<UInt8>
            do throws(PhoneNumberError) {
                (countryCode, nationalNumber) = try extractCountryCode(
                    national, region: metadata(of: region), areas: areas)
            } catch {
                guard error.code == .invalidCountryCode, plusLength > 0 else { throw error }
                // Strip the plus-char, and try again.
                (countryCode, nationalNumber) = try extractCountryCode(
                    national.trailing(from: plusLength), region: metadata(of: region), areas: areas)
                if countryCode == 0 { throw .uninterpretableAfterPlus }
            }
            // The region whose rules finish the parse, and the lengths of the calling code's main
            // region, which decide possibility (they differ for, e.g., a national number from CA).
            let numberRegion: PhoneRegionMetadata
            let mainLengths: PhonePossibleLengths
            if countryCode != 0 {
                guard let main = metadata.mainRegion(forCallingCode: countryCode) else { throw .unknownCallingCode }
                numberRegion = main
                mainLengths = main.lengths
            } else {
                // Without a calling code the number is national to the default region, which the
                // region check above guarantees is valid.
                guard let defaultMetadata = metadata(of: region),
                    let main = metadata.mainRegion(forCallingCode: defaultMetadata.countryCode)
                else { throw .missingRegion }
                numberRegion = defaultMetadata
                mainLengths = main.lengths
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
            return try possibleNumber(countryCode: countryCode, nationalNumber: nationalNumber, lengths: mainLengths)
        }
    }

    /// `is_possible_number_with_reason` == IS_POSSIBLE, judged by the main region of the
    /// calling code, then the E.164 digits.
    private func possibleNumber(
        countryCode: Int, nationalNumber: UnsafeBufferPointer<UInt8>, lengths: PhonePossibleLengths
    ) throws(PhoneNumberError) -> PhoneNumber {
        switch lengths.check(nationalNumber.count) {
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
    package struct WorkAreas {
        package let normalized: UnsafeMutableBufferPointer<UInt8>
        package let callingCodeRewritten: UnsafeMutableBufferPointer<UInt8>
        package let rewritten: UnsafeMutableBufferPointer<UInt8>

        package init(_ scratch: UnsafeMutableBufferPointer<UInt8>) {
            let size = PhoneNumberParser.digitAreaSize
            normalized = UnsafeMutableBufferPointer(rebasing: scratch[0..<size])
            callingCodeRewritten = UnsafeMutableBufferPointer(rebasing: scratch[size..<2 * size])
            rewritten = UnsafeMutableBufferPointer(rebasing: scratch[2 * size..<3 * size])
        }
    }

    /// The length in bytes of the run of `+` / `＋` (U+FF0B) that starts `text`.
    package static func plusPrefixLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
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
    package func leading(_ count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: self[0..<count])
    }

    /// The bytes from `start` on.
    package func trailing(from start: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: self[start...])
    }
}
