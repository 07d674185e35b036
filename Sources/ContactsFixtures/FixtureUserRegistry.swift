import ContactsJSON

/// The registered users of a fixture being generated, as the later files need them: ids,
/// phone numbers (distinct) and regions.
package struct FixtureUserRegistry {
    /// Each user's phone number; its country is the user's region.
    let phones: [FixturePhoneNumber]
    /// The E.164 values of all users' numbers, so that contacts' other numbers avoid them.
    let phoneValues: Set<UInt64>
    /// Digits of the numeric part of user ids.
    let idWidth: Int

    /// The id of the user at `index` (`u000001` for 0).
    func userId(_ index: Int) -> String {
        FixtureDirectory.identifier(UInt8(ascii: "u"), index + 1, width: idWidth)
    }

    /// Digits of user ids for `count` users: 6, or more when needed.
    static func idWidth(userCount: Int) -> Int {
        max(6, FixtureDirectory.decimalDigits(userCount))
    }

    /// Makes `options.users` users and writes them to `path` (random stream 1).
    static func generate(
        options: FixtureGenerator.Options, path: String, meter: inout FixtureProgressMeter
    ) throws(FixtureError) -> FixtureUserRegistry {
        let output = try FixtureLineWriter(path: path)
        let registry = try generate(options: options) { user throws(FixtureError) in
            try output.write(user.jsonValue)
            meter.advance()
        }
        try output.finish()
        return registry
    }

    /// Makes `options.users` users (random stream 1), handing each to `body` in order.
    static func generate<E: Error>(
        options: FixtureGenerator.Options, _ body: (FixtureUser) throws(E) -> Void
    ) throws(E) -> FixtureUserRegistry {
        var random = FixtureRandom(seed: options.seed, stream: 1)
        let width = idWidth(userCount: options.users)
        var phones: [FixturePhoneNumber] = []
        phones.reserveCapacity(options.users)
        var values = Set<UInt64>(minimumCapacity: options.users)
        for index in 0..<options.users {
            let culture = FixtureCulture.random(using: &random)
            let country = culture.randomCountry(using: &random)
            let person = culture.person(using: &random)
            var phone = FixturePhoneCountry.randomNumber(country: country, using: &random)
            while !values.insert(phone.e164Value).inserted {
                phone = FixturePhoneCountry.randomNumber(country: country, using: &random)
            }
            phones.append(phone)
            try body(
                FixtureUser(
                    userId: FixtureDirectory.identifier(UInt8(ascii: "u"), index + 1, width: width),
                    displayName: person.displayName, phone: phone.e164, region: phone.phoneCountry.region))
        }
        return FixtureUserRegistry(phones: phones, phoneValues: values, idWidth: width)
    }
}
