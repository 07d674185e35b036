import ContactsAuth
import ContactsModel
import ContactsSupport

/// `contacts token`: prints an HS256 bearer token for `contacts serve --listen` (PROTOCOL §7),
/// for development and tests.
enum TokenCommand: Command {
    static let name = "token"
    static let summary = "print a signed bearer token for serve --listen (development and tests)"
    static let usage = """
        usage: contacts token --jwt-secret-file F --sub USER [--ttl SECONDS] [--service] [--audience A]

        Prints a JWT (HS256) signed with the secret in F, for the user USER, valid from now for
        SECONDS (default 3600). Production tokens come from the app's own identity service,
        signed with the same secret.

          --jwt-secret-file F   the secret (the file's bytes, a trailing newline dropped)
          --sub USER            the token's subject: the acting user (a valid id)
          --ttl SECONDS         how long the token is valid (1 to 315360000; default 3600)
          --service             a service-scope token ("scope": "service"): the app's backend,
                                which names the acting user in params.as
          --audience A          the `aud` claim, for a server run with --jwt-audience A
        """
    static let flags: Set<String> = ["service"]
    static let options: Set<String> = ["jwt-secret-file", "sub", "ttl", "audience"]

    /// The longest `--ttl`: ten years.
    static let longestTTLSeconds = 315_360_000

    static func run(_ arguments: Arguments) throws {
        _ = try arguments.positionals()
        let secretPath = try arguments.required("jwt-secret-file")
        let subject = try arguments.required("sub")
        if let problem = Identifier.problem(with: subject) { throw CommandLineError("--sub \(problem)") }
        let ttl = try arguments.integer("ttl", in: 1...longestTTLSeconds, default: 3600) ?? 3600
        let secret: JWTSecret
        do {
            secret = try JWTSecret(contentsOfFile: secretPath)
        } catch {
            throw CommandLineError("--jwt-secret-file: \(error)")
        }
        let now = WallClock.milliseconds()
        let issuedAt = now - now % 1000
        let token = try JWTSigner(secret: secret).sign(
            subject: subject, expiresAt: issuedAt + Int64(ttl) * 1000, issuedAt: issuedAt,
            audience: arguments.option("audience"), isService: arguments.flag("service"))
        StandardStreams.write(token + "\n")
    }
}
