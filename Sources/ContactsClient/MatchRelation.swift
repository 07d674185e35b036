/// How a matched user is connected to the acting user (PROTOCOL §5, `lookupContactMatches`).
public enum MatchRelation: String, Sendable, Hashable, CaseIterable, Decodable {
    /// Their phone number is in my uploaded contacts.
    case contact
    /// My phone number is in their uploaded contacts.
    case reverse
    /// Both.
    case mutual
}
