import ContactsCore
import ContactsModel
import ContactsSupport
import ContactsVCard

extension MatchCommand {
    /// The address book of a match: each contact's id, owner and phone values as written.
    struct MatchBook {
        /// One contact of the book.
        struct Entry {
            /// The contact's id.
            var contactId: String
            /// Its owner's id, `""` when the book does not say.
            var ownerId: String
            /// Its phone values as written.
            var phones: [String]
        }

        /// The contacts, in book order.
        var entries: [Entry] = []
        /// The distinct non-empty owner ids.
        var owners: Set<ExactString> = []

        /// Reads the book at `path`: a vCard file when it looks like one, else contact JSON
        /// Lines. A malformed card is reported on stderr and skipped (as `contacts import`
        /// does); a bad JSON line stops the reading.
        ///
        /// - Throws: ``CommandLineError`` naming the file (and the line).
        static func read(_ path: String, quiet: Bool) throws -> MatchBook {
            var book = MatchBook()
            if VCardParser.looksLikeVCard(fileAtPath: path) {
                let imported: VCardImport
                do {
                    imported = try VCardParser.parse(fileAtPath: path)
                } catch {
                    throw CommandLineError(error.message)
                }
                for problem in imported.problems {
                    StandardStreams.writeError("contacts match: \(path): \(problem)\n")
                }
                for contact in imported.contacts { book.add(contact) }
            } else {
                try FixtureFile.forEach(Contact.self, path: path, label: "match: reading the book", quiet: quiet) {
                    contact, _ in book.add(contact)
                }
            }
            return book
        }

        private mutating func add(_ contact: Contact) {
            entries.append(
                Entry(contactId: contact.id, ownerId: contact.ownerId, phones: contact.phoneNumbers.map(\.value)))
            if !contact.ownerId.isEmpty { owners.insert(ExactString(contact.ownerId)) }
        }
    }
}
