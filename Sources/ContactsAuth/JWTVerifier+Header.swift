internal import ContactsJSON
internal import ContactsModel
internal import ContactsSupport

extension JWTVerifier {
    /// The header parameters whose meaning would be ambiguous if repeated (RFC 7515 §4
    /// lets a recipient refuse repeated names; a different parser might read the other one).
    private static let watchedHeaderNames = ["alg", "typ", "crit"]

    /// Checks the JOSE header: `alg` exactly `HS256`, `typ` (if present) JWT, no `crit`.
    ///
    /// `typ` is compared as RFC 7515 §4.1.9 says media types are: ASCII case-insensitively,
    /// with `application/` implied, so `JWT`, `jwt` and `application/jwt` all pass. Other
    /// parameters (`kid`, `cty`, …) are ignored: there is one key, and a nested token's
    /// payload is not a claims object and is refused as such.
    static func checkHeader(_ header: JSONObject) throws(TokenError) {
        if let repeated = repeatedName(in: header, among: watchedHeaderNames) {
            throw .malformed("header repeats '\(repeated)'")
        }
        guard let algorithm = header["alg"] else { throw .malformed("header has no 'alg'") }
        guard let name = algorithm.stringValue else { throw .malformed("header 'alg' is not a string") }
        guard name.utf8Equals("HS256") else { throw .algorithmNotAccepted(name) }
        if let type = header["typ"] {
            guard let type = type.stringValue, isJWTMediaType(type) else {
                throw .unsupportedHeader("'typ' is not JWT")
            }
        }
        if header["crit"] != nil { throw .unsupportedHeader("'crit' is not supported") }
    }

    /// The first of `names` that `object` holds more than once, or nil.
    ///
    /// - Complexity: O(m × k) for m members and k names: no hostile object makes it quadratic.
    static func repeatedName(in object: JSONObject, among names: [String]) -> String? {
        var seen = [Bool](repeating: false, count: names.count)
        for member in object.members {
            guard let index = names.firstIndex(where: { $0.utf8Equals(member.key) }) else { continue }
            if seen[index] { return names[index] }
            seen[index] = true
        }
        return nil
    }

    /// True for `JWT` and `application/jwt` in any ASCII case.
    private static func isJWTMediaType(_ type: String) -> Bool {
        let lowered = type.utf8.map { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        }
        return lowered.elementsEqual("jwt".utf8) || lowered.elementsEqual("application/jwt".utf8)
    }
}
