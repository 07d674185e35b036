internal import CXXHash

/// An incremental XXH3 hasher: feed bytes in pieces, read the same digest a one-shot call
/// over their concatenation gives.
///
/// ```swift
/// var hasher = XXH3Hasher(seed: 7)
/// hasher.update("+1415")
/// hasher.update("5552671")
/// let digest = hasher.digest64()   // == XXH3.hash64("+14155552671", seed: 7)
/// ```
///
/// The hasher owns C state and cannot be copied; it frees the state when it goes away.
public struct XXH3Hasher: ~Copyable {
    private let state: OpaquePointer
    private let seed: UInt64

    /// A hasher with `seed`, ready for both the 64-bit and the 128-bit digest.
    public init(seed: UInt64 = 0) {
        guard let state = XXH3_createState() else {
            fatalError("XXH3_createState: out of memory")
        }
        self.state = state
        self.seed = seed
        reset()
    }

    deinit {
        XXH3_freeState(state)
    }

    /// Forgets everything fed so far.
    public mutating func reset() {
        // One state serves both widths: XXH3's 64- and 128-bit streaming share their
        // accumulator layout, and the 128-bit reset initialises the state fully.
        _ = XXH3_128bits_reset_withSeed(state, seed)
    }

    /// Feeds `bytes`.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        _ = XXH3_128bits_update(state, bytes.baseAddress, bytes.count)
    }

    /// Feeds `bytes`.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds the UTF-8 bytes of `string`.
    public mutating func update(_ string: some StringProtocol) {
        withUTF8(of: string) { update($0) }
    }

    /// The XXH3-64 digest of everything fed since the last reset.
    public func digest64() -> UInt64 {
        XXH3_64bits_digest(state)
    }

    /// The XXH3-128 digest of everything fed since the last reset.
    public func digest128() -> XXH3Digest128 {
        let digest = XXH3_128bits_digest(state)
        return XXH3Digest128(low: digest.low64, high: digest.high64)
    }
}
