import ContactsCore
import ContactsFixtures
import ContactsModel
import ContactsSearch

/// The contacts of a JSON Lines file as a single-pass sequence, so that an index is built
/// while the file is read, without an array of every contact in between.
///
/// ```swift
/// let contacts = try ContactLineSequence(path: "contacts.jsonl", progress: { line in … }, atEnd: { _ in … })
/// let index = ContactSearchIndex(contacts)
/// if let failure = contacts.failure { throw failure }
/// ```
///
/// A bad line ends the sequence early and is kept in ``failure``: check it once the sequence
/// has been consumed.
final class ContactLineSequence: Sequence, IteratorProtocol {
    /// How many contacts are read between two calls of the progress closure.
    static let progressInterval = 1024

    private let reader: FixtureReader<Contact>
    private let progress: (_ lineNumber: Int) -> Void
    private let atEnd: (ContactLineSequence) -> Void
    private var ended = false
    /// Why the sequence ended before the end of the file, if it did.
    private(set) var failure: FixtureError?
    /// The contacts read so far.
    private(set) var count = 0

    /// A sequence over the file at `path`; `progress` gets the current line number every
    /// ``progressInterval`` contacts and at the end of the file; `atEnd` gets the sequence
    /// once, when it ends (at the end of the file or at a bad line).
    init(
        path: String, progress: @escaping (_ lineNumber: Int) -> Void,
        atEnd: @escaping (ContactLineSequence) -> Void
    ) throws(FixtureError) {
        reader = try FixtureReader<Contact>(path: path)
        self.progress = progress
        self.atEnd = atEnd
    }

    /// The next contact; nil at the end of the file or from the first bad line on.
    func next() -> Contact? {
        guard !ended else { return nil }
        do {
            if let contact = try reader.next() {
                count += 1
                if count % Self.progressInterval == 0 { progress(reader.lineNumber) }
                return contact
            }
            progress(reader.lineNumber)
        } catch {
            failure = error
        }
        ended = true
        atEnd(self)
        return nil
    }
}
