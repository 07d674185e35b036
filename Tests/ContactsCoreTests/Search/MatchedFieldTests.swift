import ContactsModel
import ContactsSearch
import Testing

/// Which field and value a query matched in (what `contacts search` shows on a result line).
@Suite struct MatchedFieldTests {
    let contact = Contact(
        id: "1", givenName: "Ana", familyName: "Núñez", organizationName: "Acme Corp.",
        phoneNumbers: [LabeledValue(label: "mobile", value: "+34 612 34 56 78")],
        emailAddresses: [LabeledValue(value: "ana@home.es"), LabeledValue(value: "a.nunez@acme.es")],
        notes: "met at the fair")

    @Test func eachTermNamesTheFirstFieldItMatches() {
        #expect(
            MatchedField.fields(of: contact, query: "nunez", field: .any) == [.init(kind: .name, value: "Ana Núñez")])
        #expect(
            MatchedField.fields(of: contact, query: "ACME", field: .any) == [
                .init(kind: .organization, value: "Acme Corp.")
            ])
        #expect(
            MatchedField.fields(of: contact, query: "a.nu", field: .any) == [
                .init(kind: .email, value: "a.nunez@acme.es")
            ])
        #expect(
            MatchedField.fields(of: contact, query: "612 34", field: .any)
                == [.init(kind: .phone, value: "+34 612 34 56 78")])
        #expect(
            MatchedField.fields(of: contact, query: "ana home", field: .any)
                == [.init(kind: .name, value: "Ana Núñez"), .init(kind: .email, value: "ana@home.es")])
        #expect(
            MatchedField.fields(of: contact, query: "fair", field: .notes) == [
                .init(kind: .notes, value: "met at the fair")
            ])
    }

    @Test func fieldsOutsideTheSearchedOnesAreNotNamed() {
        #expect(
            MatchedField.fields(of: contact, query: "acme", field: .email) == [
                .init(kind: .email, value: "a.nunez@acme.es")
            ])
        #expect(MatchedField.fields(of: contact, query: "fair", field: .any).isEmpty)
        #expect(MatchedField.fields(of: contact, query: "", field: .any).isEmpty)
    }
}
