internal import CXXHash

/// A 128-bit XXH3 digest, as the two 64-bit halves libxxhash returns.
public struct XXH3Digest128: Hashable, Sendable {
    /// The low 64 bits.
    public var low: UInt64
    /// The high 64 bits.
    public var high: UInt64

    /// Makes a digest from its two halves.
    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }
}

/// Seeded XXH3 hashing (64- and 128-bit) through the C library libxxhash.
///
/// Every entry point reads the bytes in place: strings are hashed over their UTF-8 storage
/// without a copy when the storage is contiguous (native Swift strings always are).
///
/// ```swift
/// let key = XXH3.hash64("+14155552671", seed: 42)
/// ```
///
/// - Note: XXH3 is a fast non-cryptographic hash. It gives compact, uniformly spread keys;
///   it hides nothing (see the README's privacy notes).
public enum XXH3 {
    /// The XXH3-64 hash of `bytes` with `seed`.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inlinable
    public static func hash64(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        rawHash64(bytes.baseAddress, bytes.count, seed)
    }

    /// The XXH3-64 hash of `bytes` with `seed`.
    public static func hash64(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { hash64($0, seed: seed) }
    }

    /// The XXH3-64 hash of the UTF-8 bytes of `string` with `seed`, read in place.
    public static func hash64(_ string: some StringProtocol, seed: UInt64 = 0) -> UInt64 {
        withUTF8(of: string) { hash64($0, seed: seed) }
    }

    /// The XXH3-128 hash of `bytes` with `seed`.
    public static func hash128(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> XXH3Digest128 {
        let digest = XXH3_128bits_withSeed(bytes.baseAddress, bytes.count, seed)
        return XXH3Digest128(low: digest.low64, high: digest.high64)
    }

    /// The XXH3-128 hash of `bytes` with `seed`.
    public static func hash128(_ bytes: [UInt8], seed: UInt64 = 0) -> XXH3Digest128 {
        bytes.withUnsafeBytes { hash128($0, seed: seed) }
    }

    /// The XXH3-128 hash of the UTF-8 bytes of `string` with `seed`, read in place.
    public static func hash128(_ string: some StringProtocol, seed: UInt64 = 0) -> XXH3Digest128 {
        withUTF8(of: string) { hash128($0, seed: seed) }
    }

    @usableFromInline
    static func rawHash64(_ base: UnsafeRawPointer?, _ count: Int, _ seed: UInt64) -> UInt64 {
        XXH3_64bits_withSeed(base, count, seed)
    }
}

/// Calls `body` with the UTF-8 bytes of `string`: in place when its storage is contiguous,
/// else (a bridged or substring view without contiguous storage) through one copy.
/// Public and inlinable, so that callers in other modules get it specialized (unspecialized,
/// every call looks up generic metadata: a tenth of a 1,000-id batch request's time went to
/// that); Swift serializes no `@inlinable package` body (swiftlang/swift#70100), and
/// ContactsSupport is no product, so nothing outside the package sees it.
@inlinable
public func withUTF8<R>(of string: some StringProtocol, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    if let result = string.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
        return result
    }
    return Array(string.utf8).withUnsafeBytes(body)
}
