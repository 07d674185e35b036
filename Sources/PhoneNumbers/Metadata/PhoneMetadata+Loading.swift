extension PhoneMetadata {
    /// The table's records, parsed and compiled (the format is described in
    /// scripts/phone/generate_metadata.py).
    package struct Parsed {
        package var version = ""
        package var rules: PhoneScalarRules
        package var viablePhoneNumber: PhoneAutomaton
        package var extensionSuffix: PhoneAutomaton
        package var globalNumberDigits: PhoneAutomaton
        package var domainName: PhoneAutomaton
        package var regions: [PhoneRegionMetadata] = []
        package var regionIndexByLetters = [Int16](repeating: -1, count: 26 * 26)
        package var mainRegionIndexByCallingCode = [Int16](repeating: -1, count: PhoneMetadata.maximumCallingCode + 1)

        package init(_ table: String) throws(PhoneMetadataError) {
            var patterns: [String: (source: String, ignoresCase: Bool)] = [:]
            var regionLines: [[Substring]] = []
            var callingCodeLines: [[Substring]] = []
            var unicodeVersion: Unicode.Version?
            var fold: [(UInt32, UInt32)] = []
            var upper: [(UInt32, UInt8)] = []
            var digitZeros: [UInt32] = []
            for fields in Self.records(table) {
                switch fields[0] {
                case "phonenumbers":
                    try Self.expect(fields, count: 2)
                    version = String(fields[1])
                case "unicode":
                    try Self.expect(fields, count: 2)
                    let parts = fields[1].split(separator: ".").compactMap { Int($0) }
                    guard parts.count >= 2 else { throw PhoneMetadataError("bad Unicode version \(fields[1])") }
                    unicodeVersion = (parts[0], parts[1])
                case "pattern":
                    try Self.expect(fields, count: 4)
                    patterns[String(fields[1])] = (String(fields[3]), fields[2] == "i")
                case "fold":
                    fold = try Self.hexPairs(fields).map { ($0.0, $0.1) }
                case "upper":
                    upper = try Self.hexPairs(fields).map { pair throws(PhoneMetadataError) in
                        guard pair.1 < 0x80 else { throw PhoneMetadataError("upper maps to non-ASCII") }
                        return (pair.0, UInt8(pair.1))
                    }
                case "digits":
                    try Self.expect(fields, count: 2)
                    for item in fields[1].split(separator: " ") {
                        guard let zero = UInt32(item, radix: 16) else {
                            throw PhoneMetadataError("bad digit zero \(item)")
                        }
                        digitZeros.append(zero)
                    }
                case "region":
                    try Self.expect(fields, count: 9)
                    regionLines.append(fields)
                case "callingCode":
                    try Self.expect(fields, count: 3)
                    callingCodeLines.append(fields)
                default:
                    throw PhoneMetadataError("unknown record \(fields[0])")
                }
            }
            guard let unicodeVersion else { throw PhoneMetadataError("missing unicode record") }
            guard digitZeros.first == 0x30 else { throw PhoneMetadataError("missing digits record") }
            let rules = PhoneScalarRules(
                unicodeVersion: unicodeVersion, fold: fold, upper: upper, digitZeros: digitZeros)
            self.rules = rules

            func pattern(_ name: String) throws(PhoneMetadataError) -> PhonePattern {
                guard let entry = patterns[name] else { throw PhoneMetadataError("missing pattern \(name)") }
                return try PhonePattern(entry.source, ignoresCase: entry.ignoresCase, fold: rules.fold)
            }
            let text = PhoneScalarClassifier.Alphabet.unicode(rules)
            viablePhoneNumber = try PhoneAutomaton(PhoneProgram(pattern("viablePhoneNumber")), alphabet: text)
            extensionSuffix = try PhoneAutomaton(PhoneProgram(pattern("extension").reversed()), alphabet: text)
            globalNumberDigits = try PhoneAutomaton(PhoneProgram(pattern("globalNumberDigits")), alphabet: text)
            domainName = try PhoneAutomaton(PhoneProgram(pattern("domainName")), alphabet: text)

            var geographic: [String: Int] = [:]
            var nonGeographic: [Int: Int] = [:]
            for fields in regionLines {
                let region = try Self.region(fields)
                let index = regions.count
                guard index < Int(Int16.max) else { throw PhoneMetadataError("too many regions") }
                regions.append(region)
                if region.regionCode == PhoneMetadata.nonGeographicRegion {
                    nonGeographic[region.countryCode] = index
                    continue
                }
                let letters = Array(region.regionCode.utf8)
                guard letters.count == 2, letters.allSatisfy({ (0x41...0x5A).contains($0) }) else {
                    throw PhoneMetadataError("bad region code \(region.regionCode)")
                }
                geographic[region.regionCode] = index
                regionIndexByLetters[Int(letters[0] - 0x41) * 26 + Int(letters[1] - 0x41)] = Int16(index)
            }
            for fields in callingCodeLines {
                guard let code = Int(fields[1]), (1...PhoneMetadata.maximumCallingCode).contains(code),
                    let main = fields[2].split(separator: ",").first
                else { throw PhoneMetadataError("bad callingCode record \(fields)") }
                let index =
                    main == PhoneMetadata.nonGeographicRegion ? nonGeographic[code] : geographic[String(main)]
                guard let index, regions[index].countryCode == code else {
                    throw PhoneMetadataError("calling code \(code) names a region without metadata")
                }
                mainRegionIndexByCallingCode[code] = Int16(index)
            }
            for region in regions where mainRegionIndexByCallingCode[region.countryCode] < 0 {
                throw PhoneMetadataError("region \(region.regionCode) has an unlisted calling code")
            }
        }

        /// The table's lines split into tab-separated fields (on UTF-8: splitting a `String` by
        /// characters would cost most of the load time).
        private static func records(_ table: String) -> [[Substring]] {
            var records: [[Substring]] = []
            var fields: [Substring] = []
            let utf8 = table.utf8
            var fieldStart = utf8.startIndex
            var index = utf8.startIndex
            while index < utf8.endIndex {
                let byte = utf8[index]
                if byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") {
                    fields.append(table[fieldStart..<index])
                    fieldStart = utf8.index(after: index)
                    if byte == UInt8(ascii: "\n") {
                        if !(fields.count == 1 && fields[0].isEmpty) { records.append(fields) }
                        fields.removeAll(keepingCapacity: true)
                    }
                }
                index = utf8.index(after: index)
            }
            if fieldStart < utf8.endIndex { fields.append(table[fieldStart...]) }
            if !fields.isEmpty { records.append(fields) }
            return records
        }

        private static func expect(_ fields: [Substring], count: Int) throws(PhoneMetadataError) {
            guard fields.count == count else {
                throw PhoneMetadataError("record \(fields[0]) has \(fields.count) fields, expected \(count)")
            }
        }

        private static func hexPairs(_ fields: [Substring]) throws(PhoneMetadataError) -> [(UInt32, UInt32)] {
            guard fields.count == 2 else { throw PhoneMetadataError("bad \(fields[0]) record") }
            var pairs: [(UInt32, UInt32)] = []
            for item in fields[1].split(separator: " ") {
                let parts = item.split(separator: ":")
                guard parts.count == 2, let key = UInt32(parts[0], radix: 16), let value = UInt32(parts[1], radix: 16)
                else { throw PhoneMetadataError("bad pair \(item) in \(fields[0])") }
                pairs.append((key, value))
            }
            return pairs
        }

        private static func optional(_ field: Substring) -> String? {
            field == "-" ? nil : String(field)
        }

        private static func lengths(_ field: Substring) throws(PhoneMetadataError) -> [Int] {
            if field == "-" { return [] }
            var values: [Int] = []
            for item in field.split(separator: ",") {
                guard let value = Int(item) else { throw PhoneMetadataError("bad length list \(field)") }
                values.append(value)
            }
            return values
        }

        /// One `region` record: id, calling code, IDD, national prefix for parsing, transform,
        /// possible lengths, local-only lengths, general pattern (compiled as the region loads).
        private static func region(_ fields: [Substring]) throws(PhoneMetadataError) -> PhoneRegionMetadata {
            let regionCode = String(fields[1])
            guard let countryCode = Int(fields[2]), (1...PhoneMetadata.maximumCallingCode).contains(countryCode) else {
                throw PhoneMetadataError("bad calling code in region \(regionCode)")
            }
            let sources = PhoneRegionMetadata.Sources(
                internationalPrefix: optional(fields[3]), nationalPrefixForParsing: optional(fields[4]),
                nationalPrefixTransform: optional(fields[5]), generalPattern: optional(fields[8]))
            let lengths = try PhonePossibleLengths(possible: lengths(fields[6]), localOnly: lengths(fields[7]))
            // E.164 numbers are kept in a UInt64: calling code and national number fit in 19 digits.
            guard String(countryCode).count + lengths.maximum <= PhoneNumber.maximumDigitCount else {
                throw PhoneMetadataError(
                    "numbers of \(regionCode) do not fit in \(PhoneNumber.maximumDigitCount) digits")
            }
            return try PhoneRegionMetadata(
                regionCode: regionCode, countryCode: countryCode, lengths: lengths, sources: sources)
        }
    }
}
