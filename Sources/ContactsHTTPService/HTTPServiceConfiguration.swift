import ContactsAuth
import ContactsHTTP

/// How `contacts serve --listen` runs: the HTTP server's address and limits, who may call, and
/// what is logged (PROTOCOL §7).
package struct HTTPServiceConfiguration: Sendable {
    /// The HTTP server's address, connection limit, timeouts, body limit and threads.
    package var server: HTTPServerConfiguration
    /// Checks bearer tokens.
    package var verifier: JWTVerifier
    /// Whether to log one line per request to stderr.
    package var accessLog: Bool
    /// The longest a request waits for `Contacts-Min-Position` (PROTOCOL §8: 5 s).
    package var minimumPositionWaitMilliseconds: Int

    /// A configuration with PROTOCOL §7's defaults for everything but the address and verifier.
    package init(server: HTTPServerConfiguration, verifier: JWTVerifier, accessLog: Bool = false) {
        self.server = server
        self.verifier = verifier
        self.accessLog = accessLog
        minimumPositionWaitMilliseconds = 5_000
    }
}
