/// Contacts together with their bodies in the one binary form of ``ContactCodec``, encoded
/// once, when the value is made: what an upload's change carries, so that a store's rows and an
/// address book's records copy each body instead of encoding the contact again — on the path
/// every change takes one at a time.
///
/// ```swift
/// let batch = EncodedContacts([Contact(id: "c1", givenName: "Ana")])
/// batch.withBody(at: 0) { ContactCodec.decodeBody($0, id: "c1", ownerId: "u1") }   // Ana
/// ```
///
/// - Complexity: O(n) in the encoded size to make; O(1) to reach a contact or its body.
package struct EncodedContacts: Hashable, Sendable {
    /// The contacts, in the order given.
    package let contacts: [Contact]
    /// Every body, back to back, in the contacts' order.
    private let bodies: [UInt8]
    /// Where the body of each contact ends in `bodies` (the next one starts there).
    private let ends: [Int]

    /// `contacts`, each encoded (``ContactCodec/appendBody(_:to:)``).
    ///
    /// - Complexity: O(n) in the encoded size.
    package init(_ contacts: [Contact]) {
        var bodies: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(contacts.count)
        // By index: iterating the contacts themselves would copy each one.
        for index in contacts.indices {
            ContactCodec.appendBody(contacts[index], to: &bodies)
            ends.append(bodies.count)
        }
        self.contacts = contacts
        self.bodies = bodies
        self.ends = ends
    }

    /// Equal when the contacts are: the bodies follow from them.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.contacts == rhs.contacts
    }

    /// Hashes the contacts only, as ``==(_:_:)`` compares them.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(contacts)
    }

    /// How many contacts there are.
    package var count: Int { contacts.count }

    /// `body` over the encoded body of the contact at `index` (exactly its bytes).
    ///
    /// - Precondition: `index` is in `0..<count`.
    package func withBody<Value, Failure: Error>(
        at index: Int, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let range = (index == 0 ? 0 : ends[index - 1])..<ends[index]
        return try bodies.withUnsafeBytes { bytes in
            Result { () throws(Failure) in try body(UnsafeRawBufferPointer(rebasing: bytes[range])) }
        }.get()
    }
}
