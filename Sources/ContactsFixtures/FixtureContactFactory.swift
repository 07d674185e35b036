import ContactsModel

/// Makes one contact at a time for the generator.
package struct FixtureContactFactory {
    var random: FixtureRandom
    let registry: FixtureUserRegistry
    let idWidth: Int
    private(set) var registeredPhoneNumbers = 0
    private var nextId = 1

    init(random: FixtureRandom, registry: FixtureUserRegistry, idWidth: Int) {
        self.random = random
        self.registry = registry
        self.idWidth = idWidth
    }

    /// Relative weights of 0, 1, 2 and 3 phone numbers (mean 1.28).
    private static let phoneCountWeights = [100, 600, 220, 80]
    /// Relative weights of 0, 1 and 2 email addresses.
    private static let emailCountWeights = [450, 400, 150]
    /// Percent of contacts that are an organization only (no person's name).
    private static let organizationOnlyPercent = 3
    /// Percent of contacts with a given name only (as people store "Anna" or "Mehmet").
    private static let givenNameOnlyPercent = 4
    /// Per mille of contacts living in the owner's country; the others live in a region of
    /// their culture (national number forms come from the first kind).
    private static let domesticPerMille = 650
    /// The address style of each country of ``FixturePhoneCountry/all``, by index.
    private static let addressStyles = FixturePhoneCountry.all.map { FixtureVocabulary.addressStyles[$0.region] }

    /// The next contact of the user at `owner`.
    mutating func make(owner: Int) -> Contact {
        let ownerId = registry.userId(owner)
        var contact = Contact(id: FixtureDirectory.identifier(UInt8(ascii: "c"), nextId, width: idWidth))
        nextId += 1
        contact.ownerId = ownerId
        let ownerCountry = registry.phones[owner].phoneCountry
        let culture = FixtureCulture.random(using: &random)
        let home =
            random.chance(perMille: Self.domesticPerMille)
            ? registry.phones[owner].country : culture.randomCountry(using: &random)
        let person = culture.person(using: &random)
        let shape = random.below(100)
        let organizationOnly = shape < Self.organizationOnlyPercent
        var organization: FixtureVocabulary.Organization?
        if organizationOnly {
            organization = random.pick(FixtureVocabulary.organizations)
        } else {
            contact.givenName = person.given.native
            if shape >= Self.organizationOnlyPercent + Self.givenNameOnlyPercent {
                contact.familyName = person.family.native
                contact.displayName = person.displayName
            }
            if random.chance(perMille: 300) {
                organization = random.pick(FixtureVocabulary.organizations)
                if random.chance(perMille: 700) { contact.jobTitle = random.pick(FixtureVocabulary.jobTitles) }
            }
        }
        contact.organizationName = organization?.name ?? ""

        for _ in 0..<random.weightedIndex(Self.phoneCountWeights) {
            let number = phoneNumber(owner: owner, home: home)
            let label = FixtureVocabulary.phoneLabels[random.weightedIndex(FixtureVocabulary.phoneLabelWeights)]
            contact.phoneNumbers.append(LabeledValue(label: label, value: ownerCountry.written(number, using: &random)))
        }
        for index in 0..<random.weightedIndex(Self.emailCountWeights) {
            if let organization, organizationOnly {
                let mailbox = random.pick(["info", "contact", "office", "hello"])
                contact.emailAddresses.append(LabeledValue(label: "work", value: mailbox + "@" + organization.domain))
                break
            }
            contact.emailAddresses.append(
                email(person, culture: culture, organization: organization, second: index > 0))
        }
        if random.chance(perMille: 150), let style = Self.addressStyles[home] {
            contact.addresses.append(address(style, region: FixturePhoneCountry.all[home].region))
        }
        if !organizationOnly, random.chance(perMille: 100) {
            contact.socialProfiles.append(socialProfile(person))
        }
        if random.chance(perMille: 200) {
            contact.notes = random.pick(FixtureVocabulary.notes)
            if random.chance(perMille: 100) { contact.notes += "; " + random.pick(FixtureVocabulary.notes) }
        }
        return contact
    }

    /// A registered user's number (not the owner's) with probability
    /// ``FixtureGenerator/registeredPhonePerMille``, else a number of `home` that no user has.
    private mutating func phoneNumber(owner: Int, home: Int) -> FixturePhoneNumber {
        let users = registry.phones.count
        if users > 1, random.chance(perMille: FixtureGenerator.registeredPhonePerMille) {
            var user = random.below(users - 1)
            if user >= owner { user += 1 }
            registeredPhoneNumbers += 1
            return registry.phones[user]
        }
        var number = FixturePhoneCountry.randomNumber(country: home, using: &random)
        while registry.phoneValues.contains(number.e164Value) {
            number = FixturePhoneCountry.randomNumber(country: home, using: &random)
        }
        return number
    }

    private mutating func email(
        _ person: FixturePerson, culture: FixtureCulture, organization: FixtureVocabulary.Organization?, second: Bool
    ) -> LabeledValue {
        let given = person.given.ascii
        let family = person.family.ascii
        if let organization, second || random.chance(perMille: 400) {
            return LabeledValue(label: "work", value: given + "." + family + "@" + organization.domain)
        }
        let local =
            switch random.below(6) {
            case 0: given + "." + family
            case 1: given + family
            case 2: String(given.prefix(1)) + family
            case 3: given + "_" + family + String(random.between(10...99))
            case 4: family + "." + given
            default: given + String(random.between(1950...2009))
            }
        let label = second ? "other" : (random.chance(perMille: 800) ? "home" : "other")
        return LabeledValue(label: label, value: local + "@" + random.pick(culture.emailDomains))
    }

    private mutating func address(_ style: FixtureVocabulary.AddressStyle, region: String) -> PostalAddress {
        let place = random.pick(style.cities)
        let street = random.pick(style.streets)
        let number = String(random.between(1...199))
        var postalCode: [UInt8] = []
        for byte in place.postalCode.utf8 {
            postalCode.append(byte == UInt8(ascii: "#") ? UInt8(ascii: "0") + UInt8(random.below(10)) : byte)
        }
        return PostalAddress(
            label: random.chance(perMille: 700) ? "home" : "work",
            street: style.numberFirst ? number + " " + street : street + " " + number, city: place.city,
            state: place.state, postalCode: String(decoding: postalCode, as: UTF8.self), country: region)
    }

    private mutating func socialProfile(_ person: FixturePerson) -> LabeledValue {
        let service = random.pick(FixtureVocabulary.socialServices)
        let given = person.given.ascii
        let family = person.family.ascii
        let value =
            switch service {
            case "linkedin": "linkedin.com/in/" + given + "-" + family
            case "facebook": "facebook.com/" + given + "." + family
            default: "@" + given + family.prefix(1) + String(random.between(1...999))
            }
        return LabeledValue(label: service, value: value)
    }
}
