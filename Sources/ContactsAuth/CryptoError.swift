/// A libcrypto call that failed, with OpenSSL's own reason when it gave one.
public struct CryptoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed and why, in words: the libcrypto function and OpenSSL's error string.
    public let message: String

    /// Makes an error with `message`.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
