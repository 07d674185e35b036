import ContactsJSON

extension FixtureGenerator {
    /// Writes `contacts.jsonl` (random stream 2): the address books of the owners, one after
    /// the other, ids `c0000001`… in file order.
    func generateContacts(
        users registry: FixtureUserRegistry, into path: String, meter: inout FixtureProgressMeter,
        summary: inout Summary
    ) throws(FixtureError) {
        let output = try FixtureLineWriter(path: path)
        var factory = FixtureContactFactory(
            random: FixtureRandom(seed: options.seed, stream: 2), registry: registry,
            idWidth: max(7, FixtureDirectory.decimalDigits(options.contacts)))
        let owners = options.owners
        summary.owners = owners
        var sizes = FixtureBookSizes(contacts: options.contacts, owners: owners)
        for owner in 0..<owners {
            // Owners are spread evenly over the users, so they are distinct.
            let ownerIndex = owner * options.users / owners
            for _ in 0..<sizes.next(using: &factory.random) {
                let contact = factory.make(owner: ownerIndex)
                summary.phoneNumbers += contact.phoneNumbers.count
                try output.write(contact.jsonValue)
                meter.advance()
            }
        }
        summary.contacts = output.lineCount
        summary.registeredPhoneNumbers = factory.registeredPhoneNumbers
        try output.finish()
    }
}
