/// One method call as the client sends it: the method, its params (without `as`, which the
/// transport adds), and whether it may be sent again after a failure that may have come after
/// the server acted.
struct RPCCall: Sendable {
    /// Whether repeating the call after an ambiguous failure is harmless.
    enum Repetition: Sendable {
        /// A read, or a write whose repetition leaves the same state: retried.
        case safe
        /// A write that could be applied twice or answer differently: never retried.
        case unsafe
    }

    /// The JSON-RPC method name (PROTOCOL §5).
    var method: String
    /// The params, `as` excluded.
    var params: RPCParams
    /// Whether the client may retry the call.
    var repetition: Repetition
    /// False for `registerUser`, the one method that names its user in `userId`, not `as`.
    var sendsActingUser = true
}
