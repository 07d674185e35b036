/// The paths of PROTOCOL §7 (matched exactly, before any `?`, not percent-decoded).
enum Route: Equatable {
    /// An endpoint that needs no token.
    enum Operation: Equatable {
        /// `/healthz`: 200 while the process serves.
        case health
        /// `/readyz`: 200 once the store is loaded, else 503.
        case readiness
        /// `/metrics`: the Prometheus text exposition.
        case metrics
    }

    /// `POST /rpc`: one JSON-RPC request.
    case rpc
    /// `GET` of an operations endpoint.
    case operations(Operation)

    /// The route of `path`, or nil (404).
    init?(_ path: String) {
        switch path {
        case "/rpc": self = .rpc
        case "/healthz": self = .operations(.health)
        case "/readyz": self = .operations(.readiness)
        case "/metrics": self = .operations(.metrics)
        default: return nil
        }
    }
}
