import Testing

@testable import ContactsHTTPService

/// The two header values `/rpc` reads byte by byte: `Content-Type` (PROTOCOL §7: JSON or 415)
/// and `Authorization: Bearer <token>`.
@Suite struct HTTPFrontHeaderTests {
    @Test(arguments: [
        ("application/json", true), ("Application/JSON", true), ("application/json; charset=utf-8", true),
        (" \tapplication/json \t; q=1", true), ("application/vnd.api+json", true), ("APPLICATION/LD+JSON;x", true),
        ("application/+json", true), ("application/jsonx", false), ("application/json+", false),
        ("text/json", false), ("application+json", false), ("application/", false), ("", false), (";", false),
        ("application/ json", false), ("json", false), ("application/jso", false), ("application/vnd.api+jsonx", false),
    ])
    func contentTypeIsJSON(_ value: String, _ expected: Bool) {
        #expect(HTTPFront.isJSON(value) == expected, "\(value)")
    }

    @Test func noContentTypeIsNotJSON() {
        #expect(!HTTPFront.isJSON(nil))
    }

    @Test(
        arguments: [
            ("Bearer abc.def.ghi", "abc.def.ghi"), ("bearer abc", "abc"), ("BEARER  abc \t", "abc"),
            ("Bearer é.ü", "é.ü"), ("Bearer ", nil), ("Bearer \t ", nil), ("Bearerabc", nil), ("Basic abc", nil),
            ("Bearer", nil), ("", nil), ("Bearer\tabc", nil),
        ] as [(String, String?)])
    func bearerTokens(_ value: String, _ expected: String?) {
        #expect(HTTPFront.bearerToken(in: value) == expected, "\(value)")
    }

    @Test func asciiSpacesAreTrimmed() {
        #expect(" \t a b \t".trimmingASCIISpaces == "a b")
        #expect("ab".trimmingASCIISpaces == "ab")
        #expect(" \t ".trimmingASCIISpaces == "")
        #expect("\u{A0}x\u{A0}".trimmingASCIISpaces == "\u{A0}x\u{A0}")
    }
}
