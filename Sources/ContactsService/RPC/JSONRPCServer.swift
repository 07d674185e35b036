import ContactsCore
import ContactsJSON
import ContactsSupport

/// The JSON-RPC 2.0 transport of PROTOCOL §5 and §6: one request a line in, one response a
/// line out, in order; envelope checks, notifications, `params.at`, and dispatch to a
/// ``RPCMethodTable``. It holds no state of its own beyond the table, so it is `Sendable`.
///
/// ```swift
/// let server = JSONRPCServer(methods: table)
/// try server.serve(input: LineReader(fileDescriptor: 0), output: 1)
/// ```
public struct JSONRPCServer: Sendable {
    /// The longest request line, in bytes without the newline (16 MiB).
    public static let maximumLineBytes = JSONLines.maximumLineBytes

    private let table: RPCMethodTable
    private let clock: @Sendable () -> Int64

    /// A server answering `methods`, plus `getServerInfo`; `clock` gives the time of
    /// requests without `params.at` (ms since the epoch).
    public init(
        methods: RPCMethodTable, name: String = "contacts", version: String = ContactsCoreVersion.current,
        clock: @escaping @Sendable () -> Int64 = WallClock.milliseconds
    ) {
        var table = methods
        let names = (table.names + ["getServerInfo"]).sorted { $0.utf8Precedes($1) }
        let info: JSONValue = .object([
            "name": .string(name), "version": .string(version), "methods": .array(names.map(JSONValue.string)),
        ])
        table.register("getServerInfo") { _, _ in info }
        self.table = table
        self.clock = clock
    }

    /// The response to one request line (without its newline) from `caller`, or nil when
    /// none is due (a blank line or a notification).
    public func respond(toLine line: UnsafeBufferPointer<UInt8>, caller: RPCCaller = .trusted) -> RPCResponse? {
        switch Self.request(inLine: line) {
        case .blank: nil
        case .unreadable(let response): response
        case .request(let request): respond(to: request, caller: caller)
        }
    }

    /// What one request line (without its newline) holds, before anything is executed.
    public enum LineRequest: Sendable {
        /// Whitespace only: no response is due.
        case blank
        /// Too long or not JSON: the error response due (id null).
        case unreadable(RPCResponse)
        /// A JSON value, for ``respond(to:caller:)``.
        case request(JSONValue)
    }

    /// Reads one request line (without its newline): blank, unreadable (over 16 MiB or not
    /// JSON, with the error response due), or a JSON value to answer.
    ///
    /// - Complexity: O(n) in the line's bytes.
    public static func request(inLine line: UnsafeBufferPointer<UInt8>) -> LineRequest {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) { return .blank }
        guard line.count <= maximumLineBytes else {
            return .unreadable(errorResponse(id: .null, RPCError(.invalidRequest, "request line longer than 16 MiB")))
        }
        do {
            return .request(try JSONParser.parse(line))
        } catch {
            if line.starts(with: byteOrderMark) {
                return .unreadable(
                    errorResponse(
                        id: .null,
                        RPCError(
                            .parseError,
                            "invalid JSON: the line starts with a UTF-8 byte order mark (EF BB BF); send the request without it"
                        )))
            }
            return .unreadable(errorResponse(id: .null, RPCError(.parseError, "invalid JSON: \(error)")))
        }
    }

    /// The UTF-8 byte order mark: JSON text must not start with it (RFC 8259 §8.1), so a line
    /// that does gets a parse error that names it.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether the method named `name` may change state (registered with `changes: true`):
    /// a transport may run such requests ahead of reads.
    public func changes(method name: String) -> Bool {
        table.changes(name)
    }

    /// The names of every method this server answers (`getServerInfo` included), sorted by bytes.
    public var methodNames: [String] { table.names }

    /// The response to a parsed request value from `caller`, or nil for a notification.
    ///
    /// Checks in PROTOCOL §6's order, with §7's `forbidden` right after the unknown-method
    /// check: a forbidden request (a notification too) is never executed.
    public func respond(to request: JSONValue, caller: RPCCaller = .trusted) -> RPCResponse? {
        guard case .object(let envelope) = request else {
            return Self.errorResponse(id: .null, RPCError(.invalidRequest, "a request must be a JSON object"))
        }
        let rawID = envelope["id"]
        let id: JSONValue
        switch rawID {
        case nil: id = .null
        case .string?, .number?, .null?: id = rawID ?? .null
        default:
            return Self.errorResponse(id: .null, RPCError(.invalidRequest, "'id' must be a string, a number or null"))
        }
        guard envelope["jsonrpc"] == .string("2.0") else {
            return Self.errorResponse(id: id, RPCError(.invalidRequest, "'jsonrpc' must be \"2.0\""))
        }
        guard case .string(let methodName)? = envelope["method"] else {
            return Self.errorResponse(id: id, RPCError(.invalidRequest, "'method' must be a string"))
        }
        let params: JSONValue? = envelope["params"]
        switch params {
        case nil, .object?, .array?: break
        default:
            return Self.errorResponse(id: id, RPCError(.invalidRequest, "'params' must be an object"))
        }
        let isNotification = rawID == nil
        let outcome = execute(methodName, params, caller: caller)
        if isNotification { return nil }
        switch outcome {
        case .success(let result): return RPCResponse(id: id, .result(result))
        case .failure(let error): return Self.errorResponse(id: id, error)
        }
    }

    private func execute(_ methodName: String, _ params: JSONValue?, caller: RPCCaller) -> Result<RPCResult, RPCError> {
        guard let method = table.handler(named: methodName) else {
            return .failure(RPCError(.unknownMethod, "unknown method '\(methodName)'"))
        }
        var object: JSONObject
        switch params {
        case .object(let value)?: object = value
        case .array?: return .failure(.invalidParams("'params' must be an object, not an array"))
        default: object = [:]
        }
        do {
            object = try caller.authorizedParams(object, method: methodName)
        } catch {
            return .failure(error)
        }
        let typed = RPCParams(object)
        do {
            let at = try typed.optionalInt64("at") ?? clock()
            return .success(try method(typed, RPCContext(at: at)))
        } catch let error as RPCError {
            return .failure(error)
        } catch let error as ContactsError {
            return .failure(RPCError(error))
        } catch {
            return .failure(RPCError(.internalError, "\(error)"))
        }
    }

    /// An error response with `id`.
    public static func errorResponse(id: JSONValue, _ error: RPCError) -> RPCResponse {
        RPCResponse(id: id, .error(error))
    }

    /// Answers every line of `input` on the file descriptor `output` until end of input.
    ///
    /// Each response is written (and so visible to the peer) before the next line is read.
    public func serve(input: inout LineReader, output: Int32) throws(SystemError) {
        var writer = JSONWriter(reserve: 4096)
        while let line = try input.nextLine() {
            let response: RPCResponse?
            switch line {
            case .oversized:
                response = Self.errorResponse(id: .null, RPCError(.invalidRequest, "request line longer than 16 MiB"))
            case .bytes(let bytes):
                response = bytes.withUnsafeBufferPointer { respond(toLine: $0) }
            }
            guard let response else { continue }
            writer.removeAll()
            response.write(to: &writer)
            writer.appendRaw("\n")
            try FileOutput.writeAll(writer.bytes, to: output)
        }
    }
}
