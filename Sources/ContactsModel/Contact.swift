import CPrefetch

/// A labelled value of a contact: a phone number, an email address or a social profile.
public struct LabeledValue: Hashable, Sendable {
    /// The label as written (`mobile`, `work`, `twitter`, …); `""` when absent.
    public var label: String
    /// The value as written; `""` when absent.
    public var value: String

    /// Makes a labelled value.
    public init(label: String = "", value: String = "") {
        self.label = label
        self.value = value
    }
}

/// A postal address of a contact; every absent member is `""`.
public struct PostalAddress: Hashable, Sendable {
    /// The label (`home`, `work`, …).
    public var label: String
    /// Street and number.
    public var street: String
    /// City (vCard locality).
    public var city: String
    /// State or region.
    public var state: String
    /// Postal code.
    public var postalCode: String
    /// Country as written.
    public var country: String

    /// Makes an address.
    public init(
        label: String = "", street: String = "", city: String = "", state: String = "",
        postalCode: String = "", country: String = ""
    ) {
        self.label = label
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
    }
}

/// One address-book entry (PROTOCOL §1).
///
/// Every member is always present: an absent string is `""`, an absent list `[]`.
/// `displayName` holds what was given; ``effectiveDisplayName`` derives one when it is empty.
///
/// A contact is a value with its members in one shared box (`ContactStorage`), copied on
/// the first write to a shared copy: copying a contact (into a search page, a book, a
/// response) retains one object, not each of its strings and lists. Where contacts are
/// copied out of a large set, as a search page does, the retains are what cost: each is an
/// atomic write to an object the cache has not seen, and one must finish before the next.
public struct Contact: Hashable, Sendable {
    private var storage: ContactStorage

    /// Asks the processor to bring this contact's box into the cache, so that a copy made soon
    /// after (which writes the box's reference count) need not wait for it.
    @inline(__always)
    package func prefetchStorage() {
        contacts_prefetch(Unmanaged.passUnretained(storage).toOpaque())
    }

    /// Asks the processor to bring this contact's list of phones into the cache (the box is
    /// read to find it, so it should be prefetched first).
    @inline(__always)
    package func prefetchPhoneNumbers() {
        storage.phoneNumbers.withUnsafeBufferPointer { contacts_prefetch($0.baseAddress) }
    }

    /// The contact's id, unique within its owner's book (1–128 UTF-8 bytes, no Cc).
    public var id: String {
        get { storage.id }
        _modify { yield &uniqueStorage.id }
    }
    /// Whose address book the contact belongs to; `""` in a single-owner fixture.
    public var ownerId: String {
        get { storage.ownerId }
        _modify { yield &uniqueStorage.ownerId }
    }
    /// Given name.
    public var givenName: String {
        get { storage.givenName }
        _modify { yield &uniqueStorage.givenName }
    }
    /// Family name.
    public var familyName: String {
        get { storage.familyName }
        _modify { yield &uniqueStorage.familyName }
    }
    /// Display name as given (possibly `""`); see ``effectiveDisplayName``.
    public var displayName: String {
        get { storage.displayName }
        _modify { yield &uniqueStorage.displayName }
    }
    /// Organization.
    public var organizationName: String {
        get { storage.organizationName }
        _modify { yield &uniqueStorage.organizationName }
    }
    /// Job title.
    public var jobTitle: String {
        get { storage.jobTitle }
        _modify { yield &uniqueStorage.jobTitle }
    }
    /// Phone numbers as written.
    public var phoneNumbers: [LabeledValue] {
        get { storage.phoneNumbers }
        _modify { yield &uniqueStorage.phoneNumbers }
    }
    /// Email addresses as written.
    public var emailAddresses: [LabeledValue] {
        get { storage.emailAddresses }
        _modify { yield &uniqueStorage.emailAddresses }
    }
    /// Postal addresses.
    public var addresses: [PostalAddress] {
        get { storage.addresses }
        _modify { yield &uniqueStorage.addresses }
    }
    /// Social profiles.
    public var socialProfiles: [LabeledValue] {
        get { storage.socialProfiles }
        _modify { yield &uniqueStorage.socialProfiles }
    }
    /// Free-form notes.
    public var notes: String {
        get { storage.notes }
        _modify { yield &uniqueStorage.notes }
    }

    /// Makes a contact; only `id` is required.
    public init(
        id: String, ownerId: String = "", givenName: String = "", familyName: String = "",
        displayName: String = "", organizationName: String = "", jobTitle: String = "",
        phoneNumbers: [LabeledValue] = [], emailAddresses: [LabeledValue] = [],
        addresses: [PostalAddress] = [], socialProfiles: [LabeledValue] = [], notes: String = ""
    ) {
        storage = ContactStorage(
            id: id, ownerId: ownerId, givenName: givenName, familyName: familyName, displayName: displayName,
            organizationName: organizationName, jobTitle: jobTitle, phoneNumbers: phoneNumbers,
            emailAddresses: emailAddresses, addresses: addresses, socialProfiles: socialProfiles, notes: notes)
    }

    /// The box, copied first when another contact shares it.
    private var uniqueStorage: ContactStorage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// True when every member is equal.
    public static func == (left: Contact, right: Contact) -> Bool {
        left.storage === right.storage || left.storage.hasEqualMembers(right.storage)
    }

    /// Hashes every member.
    public func hash(into hasher: inout Hasher) {
        storage.hash(into: &hasher)
    }

    /// The display name PROTOCOL §1 defines: `displayName` when non-empty, else
    /// `givenName + " " + familyName` trimmed of Unicode White_Space, else
    /// `organizationName`, else the first email, else the first phone value, else `""`.
    public var effectiveDisplayName: String {
        if !displayName.isEmpty { return displayName }
        let joined = (givenName + " " + familyName).trimmingUnicodeWhiteSpace()
        if !joined.isEmpty { return joined }
        if !organizationName.isEmpty { return organizationName }
        if let email = emailAddresses.first { return email.value }
        if let phone = phoneNumbers.first { return phone.value }
        return ""
    }

    /// This contact with `displayName` replaced by ``effectiveDisplayName``.
    public var withDerivedDisplayName: Contact {
        var copy = self
        copy.displayName = effectiveDisplayName
        return copy
    }
}

extension String {
    /// The string without leading and trailing Unicode White_Space code points.
    package func trimmingUnicodeWhiteSpace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
