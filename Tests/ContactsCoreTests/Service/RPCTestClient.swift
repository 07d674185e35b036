import ContactsCore
import ContactsJSON
import ContactsService

/// Drives a service in-process through the JSON-RPC layer, as a client would.
struct RPCTestClient {
    let server: JSONRPCServer
    private var nextID: Int64 = 1

    init(engine: ContactsEngine) {
        server = JSONRPCServer(methods: ContactsMethods.table(for: engine), clock: { 0 })
    }

    /// Calls `method` with `params`; returns `.success(result)` or `.failure(reason)`.
    mutating func call(_ method: String, _ params: JSONObject) -> Result<JSONValue, RPCFailure> {
        let id = nextID
        nextID += 1
        let request: JSONValue = .object([
            "jsonrpc": .string("2.0"), "id": .integer(id), "method": .string(method), "params": .object(params),
        ])
        guard case .object(let response)? = server.respond(to: request)?.jsonValue else {
            return .failure(RPCFailure(reason: "no response"))
        }
        if let result = response["result"] { return .success(result) }
        let reason = response["error"]?.objectValue?["data"]?.objectValue?["reason"]?.stringValue ?? "?"
        return .failure(RPCFailure(reason: reason))
    }
}

/// The reason of an error response (messages are for people; tests compare reasons).
struct RPCFailure: Error, Hashable {
    let reason: String
}
