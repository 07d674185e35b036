/// Why one contact of an upload was not stored (PROTOCOL §6); the rest of the upload is.
public enum ContactRejection: Error, Hashable, Sendable, CaseIterable {
    /// The entry is not an object (a contact in JSON form must be one).
    case notAnObject
    /// The id is missing or not a valid id (1–128 UTF-8 bytes, no control characters).
    case invalidID
    /// A known field holds a value of the wrong type.
    case invalidField
}
