import ContactsMatching
import ContactsSupport

/// One user's uploaded contacts as the pages that name them read them: which of the user's
/// contacts hold a number. Made by ``EngineState/ownContacts(of:)`` once per page, so that the
/// owner's book and upload book are looked up (and copied) once, not once per number.
struct OwnContacts {
    /// The owner's address book (ids, contacts), if any.
    let book: AddressBook?
    /// The owner's (number, contact handle) pairs, if any.
    let uploads: UploadBook?

    /// The smallest id (by bytes) of the contacts holding `number`, if any.
    ///
    /// - Complexity: O(log p) for p pairs in the book, plus one id compare per contact holding it.
    func smallestID(holding number: UInt64) -> String? {
        guard let book, let uploads else { return nil }
        return book.slotWithSmallestID(among: uploads.contacts(holding: number)).flatMap(book.id(atSlot:))
    }
}
