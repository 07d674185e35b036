import ContactsCore
import ContactsFixtures
import Testing

@Suite("Fixture cultures")
struct FixtureCultureTests {
    @Test("shares add up to 1000, a tenth outside the Latin script")
    func shares() {
        let cultures = FixtureCulture.all
        #expect(cultures.map(\.perMille).reduce(0, +) == 1000)
        #expect(cultures.filter { !$0.isLatinScript }.map(\.perMille).reduce(0, +) == 100)
        #expect(cultures.count >= 15)
    }

    @Test("every name has a lowercase ASCII form for mail addresses; tables are not empty")
    func asciiForms() {
        for culture in FixtureCulture.all {
            let tables = [culture.maleGiven, culture.femaleGiven, culture.maleFamily, culture.femaleFamily]
            #expect(tables.allSatisfy { $0.count >= 10 }, "\(culture.name) tables")
            #expect(culture.maleFamily.count == culture.femaleFamily.count)
            #expect(!culture.emailDomains.isEmpty)
            for name in tables.joined() {
                #expect(!name.native.isEmpty)
                #expect(
                    !name.ascii.isEmpty && name.ascii.utf8.allSatisfy { (0x61...0x7A).contains($0) },
                    "\(culture.name): \(name.native) → \(name.ascii)")
            }
        }
    }

    @Test(
        "diacritics and special letters reduce to their base letters",
        arguments: [
            ("Łukasz", "lukasz"), ("Nguyễn", "nguyen"), ("O'Brien", "obrien"), ("Strauß", "strauss"),
            ("Yılmaz", "yilmaz"),
            ("İbrahim", "ibrahim"), ("Øyvind", "oyvind"), ("Sæther", "saether"), ("Đặng", "dang"), ("Lưu", "luu"),
            ("Dvořák", "dvorak"), ("De Luca", "deluca"), ("\u{0110}or\u{0111}e", "dorde"),
            ("\u{00D0}\u{00FE}\u{00F3}r", "or"),
        ])
    func asciiLetters(name: String, expected: String) {
        #expect(FixtureCulture.asciiLetters(name) == expected)
    }

    @Test(
        "people: names of the culture in its order; women's family names where they differ",
        arguments: [2, 8] as [UInt64])
    func people(seed: UInt64) {
        var random = FixtureRandom(seed: seed, stream: 0)
        for culture in FixtureCulture.all {
            var sawDouble = false
            for _ in 0..<200 {
                let person = culture.person(using: &random)
                let female = culture.femaleGiven.contains(person.given)
                #expect(female || culture.maleGiven.contains(person.given))
                let families = female ? culture.femaleFamily : culture.maleFamily
                let parts = person.family.native.split(separator: " ").map(String.init)
                let single = families.contains { $0.native == person.family.native }
                if !single { sawDouble = true }
                #expect(single || parts.count >= 2, "\(person.family.native) is not a \(culture.name) family name")
                let expected =
                    switch culture.order {
                    case .givenFirst: person.given.native + " " + person.family.native
                    case .familyFirst: person.family.native + " " + person.given.native
                    case .familyFirstJoined: person.family.native + person.given.native
                    }
                #expect(person.displayName == expected)
            }
            #expect(sawDouble == (culture.doubleFamilyPerMille > 0), "\(culture.name) double family names")
        }
    }
}
