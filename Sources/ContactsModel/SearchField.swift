/// Which fields a search term is matched against (PROTOCOL §2).
public enum SearchField: String, Sendable, CaseIterable {
    /// The display name, the organization, every email, and (for phone terms) every phone.
    case any
    /// The display name and the organization.
    case name
    /// Every email.
    case email
    /// Phone terms against every phone's digits; any other term matches nothing.
    case phone
    /// The notes.
    case notes
}
