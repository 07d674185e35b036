import Foundation

/// The example's settings, from flags or the environment (a flag wins).
struct ExampleOptions {
    /// Why the settings could not be read: one line for stderr.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = """
        usage: ContactsClientExample --base-url URL --user-token T --service-token T [--user ID]

        Runs the ContactsManager SDK's samples against a contacts server (PROTOCOL §7): follows,
        follow status, followers with totals, an address-book upload, matches by cursor, deleting
        the uploads, search, and the feed. Prints one stable line per step.

          --base-url URL             the server, e.g. http://127.0.0.1:8080     (env CONTACTS_BASE_URL)
          --user ID                  the signed-in user (default example-ann)   (env CONTACTS_USER)
          --user-token T             a user token whose sub is --user           (env CONTACTS_USER_TOKEN)
          --service-token T          a service-scope token, to register the example's users and act
                                     as the other ones                          (env CONTACTS_SERVICE_TOKEN)
          --user-token-file F, --service-token-file F
                                     read a token from a file (a trailing newline dropped)

        Make the tokens with `contacts token --jwt-secret-file F --sub example-ann` and
        `contacts token --jwt-secret-file F --sub example-backend --service`. The example deletes
        and re-registers its users (example-ann, -bob, -carl, -dan) first, so it can run again.
        """

    /// The server's base URL.
    var baseURL: URL
    /// The signed-in user, whose token ``userToken`` is.
    var user: String
    /// A user token for ``user``.
    var userToken: String
    /// A service-scope token.
    var serviceToken: String

    /// Reads `arguments` (without the program name) and `environment`.
    init(arguments: [String], environment: [String: String]) throws(Failure) {
        var values: [String: String] = [:]
        var index = 0
        let known: Set = [
            "--base-url", "--user", "--user-token", "--service-token", "--user-token-file", "--service-token-file",
        ]
        while index < arguments.count {
            let flag = arguments[index]
            guard known.contains(flag) else { throw Failure(description: "unknown option \(flag) (see --help)") }
            guard index + 1 < arguments.count else { throw Failure(description: "\(flag) needs a value") }
            values[flag] = arguments[index + 1]
            index += 2
        }
        func value(_ flag: String, _ variable: String) -> String? {
            values[flag] ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        }
        func token(_ name: String, _ variable: String) throws(Failure) -> String {
            if let file = values["--\(name)-file"] {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw Failure(description: "--\(name)-file \(file): cannot read the file")
                }
                var text = String(decoding: data, as: UTF8.self)
                if text.hasSuffix("\n") { text.removeLast() }
                return text
            }
            guard let token = value("--\(name)", variable) else {
                throw Failure(description: "--\(name) (or \(variable)) is required")
            }
            return token
        }
        guard let base = value("--base-url", "CONTACTS_BASE_URL") else {
            throw Failure(description: "--base-url (or CONTACTS_BASE_URL) is required")
        }
        guard let url = URL(string: base), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw Failure(description: "--base-url \(base): not an http(s) URL")
        }
        baseURL = url
        user = value("--user", "CONTACTS_USER") ?? "example-ann"
        userToken = try token("user-token", "CONTACTS_USER_TOKEN")
        serviceToken = try token("service-token", "CONTACTS_SERVICE_TOKEN")
    }
}
