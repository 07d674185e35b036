import ContactsModel

/// The mapping of a card to a ``Contact`` (PROTOCOL §1):
///
/// | vCard | Contact |
/// |---|---|
/// | FN | displayName (the first non-empty one) |
/// | N | familyName (1st component), givenName (2nd) (the first N) |
/// | ORG | organizationName (1st component of the first non-empty one) |
/// | TITLE | jobTitle (the first non-empty one) |
/// | TEL | phoneNumbers; a leading `tel:` (4.0 `VALUE=uri`) removed, the rest as written |
/// | EMAIL | emailAddresses |
/// | ADR | addresses: street (3rd part), city (4th, locality), state (5th, region), postalCode (6th), country (7th) |
/// | NOTE | notes (several joined with a line feed) |
/// | X-SOCIALPROFILE, IMPP | socialProfiles, value as written |
/// | UID | id (the first non-empty one); without one, ``VCardCard/derivedID`` |
///
/// An address's PO box and extended address (1st and 2nd components) are not kept. Labels
/// follow `VCardProperty+Label`. Entries whose value is empty (an address whose five
/// kept components are all empty, such as a PO box alone) are left out. `ownerId` is `""`.
/// Other properties are ignored.
extension VCardCard {
    /// The contact this card holds; problems met on the way (a property skipped, a value
    /// repaired, an invalid UID) go to `problems`, in line order.
    package func contact(problems: inout [VCardProblem]) -> Contact {
        var found: [VCardProblem] = []
        var groupLabels: [String: String] = [:]
        for property in properties where property.name == "X-ABLABEL" && !property.group.isEmpty {
            if groupLabels[property.group] == nil, let text = property.text(problems: &found), !text.isEmpty {
                groupLabels[property.group] = text
            }
        }
        var contact = Contact(id: "")
        var uid: (text: String, line: Int)?
        var sawName = false
        var notes: [String] = []
        for property in properties {
            let groupLabel = groupLabels[property.group]
            switch property.name {
            case "FN" where contact.displayName.isEmpty:
                contact.displayName = property.text(problems: &found) ?? ""
            case "N" where !sawName:
                guard let parts = property.components(problems: &found) else { break }
                sawName = true
                contact.familyName = parts.first ?? ""
                contact.givenName = parts.count > 1 ? parts[1] : ""
            case "ORG" where contact.organizationName.isEmpty:
                contact.organizationName = property.components(problems: &found)?.first ?? ""
            case "TITLE" where contact.jobTitle.isEmpty:
                contact.jobTitle = property.text(problems: &found) ?? ""
            case "NOTE":
                if let note = property.text(problems: &found), !note.isEmpty { notes.append(note) }
            case "UID" where uid == nil:
                if let text = property.text(problems: &found), !text.isEmpty { uid = (text, property.line) }
            case "TEL":
                guard let text = property.text(problems: &found) else { break }
                let value = Self.removingTelScheme(text)
                guard !value.isEmpty else { break }
                let label = property.label(groupLabel: groupLabel, ignoring: VCardProperty.nonLabelTypes)
                contact.phoneNumbers.append(LabeledValue(label: label, value: value))
            case "EMAIL":
                guard let value = property.text(problems: &found), !value.isEmpty else { break }
                let label = property.label(groupLabel: groupLabel, ignoring: VCardProperty.nonLabelTypes)
                contact.emailAddresses.append(LabeledValue(label: label, value: value))
            case "ADR":
                guard let parts = property.components(problems: &found) else { break }
                func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
                guard (2...6).contains(where: { !part($0).isEmpty }) else { break }
                contact.addresses.append(
                    PostalAddress(
                        label: property.label(groupLabel: groupLabel, ignoring: VCardProperty.nonLabelAddressTypes),
                        street: part(2), city: part(3), state: part(4), postalCode: part(5), country: part(6)))
            case "X-SOCIALPROFILE", "IMPP":
                guard let value = property.text(problems: &found), !value.isEmpty else { break }
                let label = property.socialLabel(value: value, groupLabel: groupLabel)
                contact.socialProfiles.append(LabeledValue(label: label, value: value))
            default:
                break
            }
        }
        contact.notes = notes.joined(separator: "\n")
        contact.id = derivedID
        if let uid {
            if Self.isValidID(uid.text) {
                contact.id = uid.text
            } else {
                found.append(
                    VCardProblem(
                        line: uid.line, kind: .invalidUID,
                        message: "UID is not a valid contact id (1–128 UTF-8 bytes, no control characters); "
                            + "the derived id \(contact.id) is used"))
            }
        }
        problems += found.enumerated()
            .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
            .map(\.element)
        return contact
    }

    /// `text` without a leading `tel:` (any case).
    private static func removingTelScheme(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.count >= 4, utf8.prefix(4).map(VCardProperty.asciiUppercased).elementsEqual("TEL:".utf8)
        else { return text }
        return String(decoding: utf8.dropFirst(4), as: UTF8.self)
    }

    /// Whether `id` is a valid contact id: 1–128 UTF-8 bytes, no code point of general
    /// category Cc.
    private static func isValidID(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count)
            && !id.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
