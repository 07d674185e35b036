import ContactsCore
import ContactsModel
import ContactsSearch
import ContactsSupport

/// The query mix of the search benchmark, drawn from an address book: name substrings of 1,
/// 2, 3, 4, 6 and 8 characters, 4–7 digit phone fragments, email fragments and 10% misses.
/// Deterministic for a seed.
struct SearchQueryMix {
    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(generator.next() % UInt64(items.count))]
    }

    /// The query mix: name substrings of 1, 2, 3, 4, 6 and 8 characters, 4–7 digit phone
    /// fragments and email fragments drawn from `contacts`, and 10% misses; each with the field
    /// it naturally belongs to (misses: `any`).
    mutating func queries(_ count: Int, from contacts: [Contact]) -> [(query: String, field: SearchField)] {
        queries(count, fromCount: contacts.count) { contacts[$0] }
    }

    /// The query mix drawn from `contactCount` contacts, `contact(i)` the `i`th.
    mutating func queries(_ count: Int, fromCount contactCount: Int, contact: (Int) -> Contact) -> [(
        query: String, field: SearchField
    )] {
        (0..<count).map { _ in
            let contact = contact(Int(generator.next() % UInt64(max(1, contactCount))))
            switch generator.next() % 10 {
            case 0:
                return (pick(["zqx", "qqqq", "xyzzy", "ñçþ", "9z9z", "жжжж"]) + String(generator.next() % 100), .any)
            case 1, 2, 3, 4, 5:
                return (substring(contact.effectiveDisplayName, length: pick([1, 2, 3, 4, 6, 8])), .name)
            case 6, 7:
                let digits = SearchFolding.digits(contact.phoneNumbers.first?.value ?? "5551234")
                return (substring(digits, length: 4 + Int(generator.next() % 4)), .phone)
            default:
                let email = contact.emailAddresses.first?.value ?? contact.effectiveDisplayName
                return (substring(email, length: 3 + Int(generator.next() % 6)), .email)
            }
        }
    }

    mutating func substring(_ text: String, length: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        let length = min(length, scalars.count)
        guard length > 0 else { return "a" }
        let start = Int(generator.next() % UInt64(scalars.count - length + 1))
        return String(String.UnicodeScalarView(scalars[start..<start + length])).trimmingUnicodeWhiteSpace()
    }
}
