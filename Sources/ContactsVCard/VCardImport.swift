import ContactsModel

/// What ``VCardParser/parse(_:)`` made of a vCard file: the contacts, in file order, and the
/// problems met on the way.
///
/// Every contact's `ownerId` is `""`: the caller sets it. Two cards with the same `UID`, or
/// two identical cards without one, give two contacts with the same id; the import keeps
/// both and leaves the choice to the caller (an upload keeps the later one).
package struct VCardImport: Hashable, Sendable {
    /// One contact per well-formed card, in the order of the file.
    package var contacts: [Contact]
    /// The problems, in the order of their lines.
    package var problems: [VCardProblem]
    /// How many cards (`BEGIN:VCARD` lines outside a card) the file holds, imported or not.
    package var cardCount: Int

    /// Makes an import result.
    package init(contacts: [Contact] = [], problems: [VCardProblem] = [], cardCount: Int = 0) {
        self.contacts = contacts
        self.problems = problems
        self.cardCount = cardCount
    }
}
