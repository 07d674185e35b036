import ContactsModel

// The domain's value types, defined below the engine (the structures and stores use them too)
// and named here so that `import ContactsCore` is all a host needs.

/// An address-book entry (PROTOCOL §1); see ``ContactsModel/Contact``.
public typealias Contact = ContactsModel.Contact
/// A labelled phone, email or social profile of a contact.
public typealias LabeledValue = ContactsModel.LabeledValue
/// A postal address of a contact.
public typealias PostalAddress = ContactsModel.PostalAddress
/// An event as a feed shows it.
public typealias EventRecord = ContactsModel.EventRecord
/// Which fields a contact search looks in.
public typealias SearchField = ContactsModel.SearchField
/// Which contacts `fetchContacts` lists.
public typealias FetchFieldType = ContactsModel.FetchFieldType
/// Why an uploaded contact was rejected.
public typealias ContactRejection = ContactsModel.ContactRejection
/// The rules for ids.
public typealias Identifier = ContactsModel.Identifier
