extension PhoneMetadata {
    /// The table's records, parsed and compiled (the format is described in
    /// scripts/phone/generate_metadata.py).
    struct Parsed {
        var version = ""
        var rules = PhoneScalarRules(unicodeVersion: (0, 0), fold: [], upper: [])
        var viablePhoneNumber: PhoneAutomaton
        var extensionSuffix: PhoneAutomaton
        var globalNumberDigits: PhoneAutomaton
        var domainName: PhoneAutomaton
        var regions: [PhoneRegionMetadata] = []
        var regionIndexByLetters = [Int16](repeating: -1, count: 26 * 26)
        var mainRegionIndexByCallingCode = [Int16](repeating: -1, count: PhoneMetadata.maximumCallingCode + 1)

        init(_ table: String) throws(PhoneMetadataError) {
            var patterns: [String: (source: String, ignoresCase: Bool)] = [:]
            var regionLines: [[Substring]] = []
            var callingCodeLines: [[Substring]] = []
            var unicodeVersion: Unicode.Version?
            var fold: [(UInt32, UInt32)] = []
            var upper: [(UInt32, UInt8)] = []
            for line in table.split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
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
            let rules = PhoneScalarRules(unicodeVersion: unicodeVersion, fold: fold, upper: upper)
            self.rules = rules

            func pattern(_ name: String) throws(PhoneMetadataError) -> PhonePattern {
                guard let entry = patterns[name] else { throw PhoneMetadataError("missing pattern \(name)") }
                return try PhonePattern(entry.source, ignoresCase: entry.ignoresCase, fold: rules.fold)
            }
            viablePhoneNumber = try PhoneAutomaton(PhoneProgram(pattern("viablePhoneNumber")), rules: rules)
            extensionSuffix = try PhoneAutomaton(PhoneProgram(pattern("extension").reversed()), rules: rules)
            globalNumberDigits = try PhoneAutomaton(PhoneProgram(pattern("globalNumberDigits")), rules: rules)
            domainName = try PhoneAutomaton(PhoneProgram(pattern("domainName")), rules: rules)

            var geographic: [String: Int] = [:]
            var nonGeographic: [Int: Int] = [:]
            for fields in regionLines {
                let region = try Self.region(fields, rules: rules)
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
        /// possible lengths, local-only lengths, general pattern.
        private static func region(_ fields: [Substring], rules: PhoneScalarRules) throws(PhoneMetadataError)
            -> PhoneRegionMetadata
        {
            let regionCode = String(fields[1])
            guard let countryCode = Int(fields[2]), (1...PhoneMetadata.maximumCallingCode).contains(countryCode) else {
                throw PhoneMetadataError("bad calling code in region \(regionCode)")
            }
            let sources = PhoneRegionMetadata.Sources(
                internationalPrefix: optional(fields[3]), nationalPrefixForParsing: optional(fields[4]),
                nationalPrefixTransform: optional(fields[5]), generalPattern: optional(fields[8]))
            func prefixMatcher(_ source: String?) throws(PhoneMetadataError) -> PhonePrefixMatcher? {
                guard let source else { return nil }
                return try PhonePrefixMatcher(PhonePattern(source, ignoresCase: false, fold: rules.fold))
            }
            let nationalPrefix = try prefixMatcher(sources.nationalPrefixForParsing)
            var transform: [UInt8]?
            if let rule = sources.nationalPrefixTransform {
                guard let nationalPrefix else { throw PhoneMetadataError("transform without a prefix in \(regionCode)") }
                transform = try Self.transform(rule, groupCount: nationalPrefix.groupCount, region: regionCode)
            }
            let lengths = try PhonePossibleLengths(possible: lengths(fields[6]), localOnly: lengths(fields[7]))
            // E.164 numbers are kept in a UInt64: calling code and national number fit in 19 digits.
            guard String(countryCode).count + lengths.maximum <= 19 else {
                throw PhoneMetadataError("numbers of \(regionCode) do not fit in 19 digits")
            }
            var general: PhoneAutomaton?
            if let source = sources.generalPattern {
                general = try PhoneAutomaton(
                    PhoneProgram(PhonePattern(source, ignoresCase: false, fold: rules.fold)), rules: rules)
            }
            return PhoneRegionMetadata(
                regionCode: regionCode, countryCode: countryCode,
                internationalPrefix: try prefixMatcher(sources.internationalPrefix),
                nationalPrefixForParsing: nationalPrefix, nationalPrefixTransform: transform, lengths: lengths,
                generalPattern: general, sources: sources)
        }

        /// Longest literal part of a transform rule accepted (the metadata's is three digits).
        private static let maximumTransformLiterals = 16

        /// A transform rule such as `9\1` as template bytes (see
        /// `PhoneRegionMetadata.nationalPrefixTransform`). Each group may appear once, so the
        /// rewritten number is never longer than the input plus the literal digits.
        private static func transform(_ rule: String, groupCount: Int, region: String) throws(PhoneMetadataError)
            -> [UInt8]
        {
            guard groupCount > 0 else { throw PhoneMetadataError("transform for a prefix without groups in \(region)") }
            var template: [UInt8] = []
            var bytes = rule.utf8.makeIterator()
            var used = Set<UInt8>()
            while let byte = bytes.next() {
                if (0x30...0x39).contains(byte) {
                    template.append(byte)
                    continue
                }
                guard byte == UInt8(ascii: "\\"), let digit = bytes.next(), (0x31...0x39).contains(digit),
                    Int(digit - 0x30) <= groupCount, used.insert(digit).inserted
                else { throw PhoneMetadataError("unsupported transform rule \(rule) in \(region)") }
                template.append(0x80 | (digit - 0x30))
            }
            guard template.filter({ $0 < 0x80 }).count <= maximumTransformLiterals else {
                throw PhoneMetadataError("transform rule \(rule) too long in \(region)")
            }
            return template
        }
    }
}
