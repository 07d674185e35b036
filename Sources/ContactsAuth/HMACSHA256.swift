internal import CCrypto
internal import ContactsSupport

/// HMAC-SHA256 (RFC 2104, FIPS 180-4) with one fixed key, through OpenSSL's libcrypto
/// (`EVP_MAC`), and the constant-time comparison that checks a signature.
///
/// The only file that imports `CCrypto`. Keyed contexts are kept in a small pool and
/// restarted with the same key for each message (`EVP_MAC_init` with a null key), which
/// saves the key setup and the allocation a fresh context costs; a context is used by one
/// thread at a time, as OpenSSL requires, and the fetched `EVP_MAC` algorithm object is
/// shared, as OpenSSL allows for fetched algorithms.
package final class HMACSHA256: @unchecked Sendable {
    // @unchecked: `algorithm` is immutable after init and thread-safe per OpenSSL; `key` is an
    // immutable array; the pooled contexts are only touched under `pool`'s lock (taken out one
    // at a time, used by one thread, then put back).

    /// The length of an authentication code, in bytes.
    package static let byteCount = 32

    /// How many idle keyed contexts are kept for reuse: more than the threads that verify at
    /// once on the machines we run on, so that steady traffic allocates none; a context beyond
    /// it is freed after use.
    private static let maximumIdleContexts = 16

    private let algorithm: OpaquePointer
    private let key: [UInt8]
    private let pool = ReadWriteLocked<[OpaquePointer]>([])

    /// Prepares HMAC-SHA256 with `key` (any length; RFC 2104 hashes keys longer than the
    /// block first).
    ///
    /// - Throws: ``CryptoError`` when libcrypto has no HMAC (a broken installation) or refuses
    ///   the key.
    package init(key: [UInt8]) throws(CryptoError) {
        guard let algorithm = EVP_MAC_fetch(nil, "HMAC", nil) else {
            throw Self.lastError("EVP_MAC_fetch(HMAC)")
        }
        self.algorithm = algorithm
        self.key = key
        // A first context proves now, not at the first request, that the key is accepted.
        let context = try makeContext()
        pool.write { $0.append(context) }
    }

    deinit {
        pool.write { contexts in
            for context in contexts { EVP_MAC_CTX_free(context) }
            contexts.removeAll()
        }
        EVP_MAC_free(algorithm)
    }

    /// The 32-byte HMAC-SHA256 of `message` under the key.
    ///
    /// - Complexity: O(n) in the length of `message`.
    /// - Throws: ``CryptoError`` when a libcrypto call fails (out of memory).
    package func authenticationCode(of message: UnsafeRawBufferPointer) throws(CryptoError) -> [UInt8] {
        let context = try takeContext()
        var code = [UInt8](repeating: 0, count: Self.byteCount)
        var written = 0
        let succeeded = code.withUnsafeMutableBufferPointer { output in
            EVP_MAC_init(context, nil, 0, nil) == 1
                && EVP_MAC_update(context, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count)
                    == 1
                && EVP_MAC_final(context, output.baseAddress, &written, output.count) == 1
        }
        guard succeeded, written == Self.byteCount else {
            EVP_MAC_CTX_free(context)  // its state is unknown: never reused
            throw Self.lastError("HMAC-SHA256 (EVP_MAC_init/update/final)")
        }
        putBack(context)
        return code
    }

    /// True when `left` and `right` hold the same bytes, in time that depends only on their
    /// lengths (`CRYPTO_memcmp`), so that a forger learns nothing from how long a refusal
    /// takes. Buffers of different lengths are unequal at once: lengths are not secret.
    package static func constantTimeEquals(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        guard left.count > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        return CRYPTO_memcmp(leftBase, rightBase, left.count) == 0
    }

    /// ``constantTimeEquals(_:_:)-(UnsafeRawBufferPointer,_)`` of two byte arrays.
    package static func constantTimeEquals(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left.withUnsafeBytes { left in right.withUnsafeBytes { right in constantTimeEquals(left, right) } }
    }

    private func takeContext() throws(CryptoError) -> OpaquePointer {
        if let context = pool.write({ $0.popLast() }) { return context }
        return try makeContext()
    }

    private func putBack(_ context: OpaquePointer) {
        let kept = pool.write { contexts in
            guard contexts.count < Self.maximumIdleContexts else { return false }
            contexts.append(context)
            return true
        }
        if !kept { EVP_MAC_CTX_free(context) }
    }

    private func makeContext() throws(CryptoError) -> OpaquePointer {
        guard let context = EVP_MAC_CTX_new(algorithm) else { throw Self.lastError("EVP_MAC_CTX_new") }
        let initialized = key.withUnsafeBufferPointer { key in
            contacts_hmac_sha256_init(context, key.baseAddress, key.count) == 1
        }
        guard initialized else {
            EVP_MAC_CTX_free(context)
            throw Self.lastError("EVP_MAC_init(HMAC, SHA256)")
        }
        return context
    }

    /// An error naming `call` and the oldest reason on OpenSSL's error queue (which it clears).
    private static func lastError(_ call: String) -> CryptoError {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return CryptoError("libcrypto: \(call) failed") }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        let reason = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return CryptoError("libcrypto: \(call) failed: \(reason)")
    }
}
