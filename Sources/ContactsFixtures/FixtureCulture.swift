/// A name as written and its ASCII form (for email addresses and handles).
package struct FixtureName: Hashable, Sendable {
    /// The name as people write it (diacritics, native script).
    package let native: String
    /// Lowercase ASCII letters only: the diacritics stripped, or a romanization.
    package let ascii: String
}

/// A person made up by a fixture.
package struct FixturePerson: Sendable {
    /// Given name (for Vietnamese, middle and given name).
    package let given: FixtureName
    /// Family name; for a double Spanish or Portuguese surname, both.
    package let family: FixtureName
    /// The name as the culture writes it in full.
    package let displayName: String
}

/// A naming culture: name tables, how a full name is written, the regions its people live
/// in and the mail domains they use.
package struct FixtureCulture: Sendable {
    /// How a full name is put together.
    package enum NameOrder: Sendable {
        /// `Given Family` (most cultures here).
        case givenFirst
        /// `Family Given` (Vietnamese, Japanese).
        case familyFirst
        /// `FamilyGiven` without a space (Chinese, Korean).
        case familyFirstJoined
    }

    /// The culture's name, for documentation and tests.
    package let name: String
    /// Its share of fixture people, per mille (the shares of ``all`` add up to 1000).
    package let perMille: Int
    /// False for Cyrillic, Greek, CJK, Hangul and Arabic names.
    package let isLatinScript: Bool
    /// Regions (``FixturePhoneCountry/region``) its people live in.
    package let regions: [String]
    /// The relative weight of each region.
    package let regionWeights: [Int]
    /// The index in ``FixturePhoneCountry/all`` of each region.
    package let countries: [Int]
    /// How a full name is written.
    package let order: NameOrder
    /// Men's given names.
    package let maleGiven: [FixtureName]
    /// Women's given names.
    package let femaleGiven: [FixtureName]
    /// Family names in the men's form.
    package let maleFamily: [FixtureName]
    /// Family names in the women's form (index for index the same family as ``maleFamily``).
    package let femaleFamily: [FixtureName]
    /// How often, per mille, a person has two family names (Spanish, Portuguese).
    package let doubleFamilyPerMille: Int
    /// Personal mail domains.
    package let emailDomains: [String]

    /// A culture from compact tables: names separated by commas; a family name with a
    /// women's form as `Kowalski/Kowalska`; a name not in Latin script followed by
    /// `=romanization` (with `/` for the women's form when it differs).
    package init(
        name: String, perMille: Int, isLatinScript: Bool, regions: [(String, Int)], order: NameOrder,
        male: String, female: String, family: String, doubleFamilyPerMille: Int = 0, emailDomains: [String]
    ) {
        self.name = name
        self.perMille = perMille
        self.isLatinScript = isLatinScript
        self.regions = regions.map(\.0)
        regionWeights = regions.map(\.1)
        countries = regions.compactMap { FixturePhoneCountry.index(ofRegion: $0.0) }
        self.order = order
        maleGiven = Self.names(male).map(\.male)
        femaleGiven = Self.names(female).map(\.male)
        let families = Self.names(family)
        maleFamily = families.map(\.male)
        femaleFamily = families.map(\.female)
        self.doubleFamilyPerMille = doubleFamilyPerMille
        self.emailDomains = emailDomains
    }

    /// A random person of this culture, a man or a woman with even odds.
    package func person(using random: inout FixtureRandom) -> FixturePerson {
        let female = random.below(2) == 0
        let given = random.pick(female ? femaleGiven : maleGiven)
        let familyIndex = random.below(maleFamily.count)
        var family = (female ? femaleFamily : maleFamily)[familyIndex]
        if random.chance(perMille: doubleFamilyPerMille) {
            let second = (female ? femaleFamily : maleFamily)[random.below(maleFamily.count)]
            if second != family {
                family = FixtureName(native: family.native + " " + second.native, ascii: family.ascii)
            }
        }
        let displayName =
            switch order {
            case .givenFirst: given.native + " " + family.native
            case .familyFirst: family.native + " " + given.native
            case .familyFirstJoined: family.native + given.native
            }
        return FixturePerson(given: given, family: family, displayName: displayName)
    }

    /// The index in ``FixturePhoneCountry/all`` of a region of this culture, chosen by weight.
    package func randomCountry(using random: inout FixtureRandom) -> Int {
        countries[random.weightedIndex(regionWeights)]
    }

    /// A culture chosen by the shares of ``all``.
    package static func random(using random: inout FixtureRandom) -> FixtureCulture {
        all[random.weightedIndex(allWeights)]
    }

    private static let allWeights = all.map(\.perMille)

    private static func names(_ table: String) -> [(male: FixtureName, female: FixtureName)] {
        table.split(separator: ",").map { entry in
            let parts = entry.split(separator: "=", maxSplits: 1)
            let native = parts[0].split(separator: "/").map(String.init)
            let ascii = parts.count > 1 ? parts[1].split(separator: "/").map(String.init) : native.map(asciiLetters)
            let male = FixtureName(native: native[0], ascii: ascii[0])
            let female = FixtureName(native: native[native.count - 1], ascii: ascii[ascii.count - 1])
            return (male, female)
        }
    }

    /// The lowercase ASCII letters of a Latin-script `name`: `Łukasz` → `lukasz`,
    /// `Nguyễn` → `nguyen`, `O'Brien` → `obrien`, `Strauß` → `strauss`.
    ///
    /// A precomposed Latin letter is reduced to its base letter through its Unicode name
    /// (`LATIN SMALL LETTER L WITH STROKE` → `l`); ligatures keep their letters (`AE` → `ae`);
    /// anything else that is not an ASCII letter (and letters such as `ð` named by a word) is
    /// dropped.
    package static func asciiLetters(_ name: String) -> String {
        var letters = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                if scalar.properties.isAlphabetic { letters += String(scalar).lowercased() }
                continue
            }
            guard let unicodeName = scalar.properties.name else { continue }
            let words = unicodeName.split(separator: " ")
            guard words.count >= 4, words[0] == "LATIN", words[2] == "LETTER" || words[2] == "LIGATURE" else {
                continue
            }
            switch words[3] {
            case "SHARP": letters += "ss"
            case "DOTLESS": letters += words.count > 4 ? words[4].lowercased() : ""
            case let base where base.count <= 2: letters += base.lowercased()
            default: continue
            }
        }
        return letters
    }
}
