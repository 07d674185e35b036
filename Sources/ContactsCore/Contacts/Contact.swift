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
public struct Contact: Hashable, Sendable {
    /// The contact's id, unique within its owner's book (1–128 UTF-8 bytes, no Cc).
    public var id: String
    /// Whose address book the contact belongs to; `""` in a single-owner fixture.
    public var ownerId: String
    /// Given name.
    public var givenName: String
    /// Family name.
    public var familyName: String
    /// Display name as given (possibly `""`); see ``effectiveDisplayName``.
    public var displayName: String
    /// Organization.
    public var organizationName: String
    /// Job title.
    public var jobTitle: String
    /// Phone numbers as written.
    public var phoneNumbers: [LabeledValue]
    /// Email addresses as written.
    public var emailAddresses: [LabeledValue]
    /// Postal addresses.
    public var addresses: [PostalAddress]
    /// Social profiles.
    public var socialProfiles: [LabeledValue]
    /// Free-form notes.
    public var notes: String

    /// Makes a contact; only `id` is required.
    public init(
        id: String, ownerId: String = "", givenName: String = "", familyName: String = "",
        displayName: String = "", organizationName: String = "", jobTitle: String = "",
        phoneNumbers: [LabeledValue] = [], emailAddresses: [LabeledValue] = [],
        addresses: [PostalAddress] = [], socialProfiles: [LabeledValue] = [], notes: String = ""
    ) {
        self.id = id
        self.ownerId = ownerId
        self.givenName = givenName
        self.familyName = familyName
        self.displayName = displayName
        self.organizationName = organizationName
        self.jobTitle = jobTitle
        self.phoneNumbers = phoneNumbers
        self.emailAddresses = emailAddresses
        self.addresses = addresses
        self.socialProfiles = socialProfiles
        self.notes = notes
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
