/// The byte that separates the values of one field in folded text (the emails of a contact,
/// its phone numbers' digits): 0xFF never occurs in UTF-8, so no needle can match across it.
package enum TextSeparator {
    /// The separator byte.
    package static let byte: UInt8 = 0xFF
}
