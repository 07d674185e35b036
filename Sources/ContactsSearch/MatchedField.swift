import ContactsModel
import ContactsSupport

/// Where a query's terms matched one contact (PROTOCOL §2): the field and the value, for
/// showing a result found through an email or an organization as such.
///
/// ```swift
/// MatchedField.fields(of: contact, query: "acme", field: .any)
/// // [MatchedField(kind: .organization, value: "Acme Corp.")]
/// ```
package struct MatchedField: Hashable, Sendable {
    /// The searched fields, in the order they are tried for a term.
    package enum Kind: String, Sendable {
        case name, organization, email, phone, notes
    }

    /// Which field.
    package let kind: Kind
    /// The value that matched, as the contact has it (the display name for `name`).
    package let value: String

    /// Makes a matched field.
    package init(kind: Kind, value: String) {
        self.kind = kind
        self.value = value
    }

    /// For each term of `query` under `field`, the first field of `contact` it matches (the
    /// display name, the organization, each email, each phone for a phone term, the notes, as
    /// `field` allows), each (field, value) once, in the order of the terms; empty for the
    /// empty query or a contact that does not match.
    ///
    /// - Complexity: O(t·n) for t terms over the contact's n bytes of text (each field folded).
    package static func fields(of contact: Contact, query: String, field: SearchField) -> [MatchedField] {
        let terms = SearchQuery(query).terms.map(SearchTerm.init)
        var candidates: [(MatchedField, [UInt8], isPhone: Bool)] = []
        func add(_ kind: Kind, _ value: String, phone: Bool = false) {
            var folded: [UInt8] = []
            if phone {
                SearchFolding.appendDigits(of: value, to: &folded)
            } else {
                SearchFolding.appendFolded(value, to: &folded)
            }
            candidates.append((MatchedField(kind: kind, value: value), folded, phone))
        }
        switch field {
        case .any, .name:
            add(.name, contact.effectiveDisplayName)
            add(.organization, contact.organizationName)
            if field == .any {
                for email in contact.emailAddresses { add(.email, email.value) }
                for phone in contact.phoneNumbers { add(.phone, phone.value, phone: true) }
            }
        case .email: for email in contact.emailAddresses { add(.email, email.value) }
        case .phone: for phone in contact.phoneNumbers { add(.phone, phone.value, phone: true) }
        case .notes: add(.notes, contact.notes)
        }
        var found: [MatchedField] = []
        for term in terms {
            let match = candidates.first { candidate in
                if candidate.isPhone {
                    guard let digits = term.phoneDigits else { return false }
                    return candidate.1.withUnsafeBufferPointer { Bytes.contains($0, digits) }
                }
                return candidate.1.withUnsafeBufferPointer { Bytes.contains($0, term.needle) }
            }
            if let match, !found.contains(match.0) { found.append(match.0) }
        }
        return found
    }
}
