/// One contact of an upload, as ``UploadIndex`` sees it: the engine's handle for the contact
/// and the E.164 numbers (as integers) it holds after normalization.
///
/// Not the store's contact row (`StoreSnapshot.StoredContact`, the whole contact and its
/// phones): the index never sees a contact's fields, only its handle and numbers.
package struct UploadedContact: Hashable, Sendable {
    /// The engine's handle for the contact, unique within its owner's book (for instance a
    /// per-owner slot assigned at first upload).
    package var contact: UInt32
    /// The contact's E.164 numbers; repeats are harmless, an empty list holds none.
    package var numbers: [UInt64]

    /// An uploaded contact.
    package init(contact: UInt32, numbers: [UInt64]) {
        self.contact = contact
        self.numbers = numbers
    }
}
