import ContactsAuth
import Dispatch
import Testing

/// HMAC-SHA256 through libcrypto, against the RFC 4231 test vectors.
@Suite struct HMACSHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static let longKey = [UInt8](repeating: 0xAA, count: 131)

    /// RFC 4231 §4: test cases 1, 2, 3, 4, 6 and 7 (case 5 is a truncated output).
    static let vectors: [(key: [UInt8], data: [UInt8], mac: String)] = [
        (
            [UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            [UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            Array(1...25), [UInt8](repeating: 0xCD, count: 50),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
        ),
        (
            longKey, Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
        (
            longKey,
            Array(
                ("This is a test using a larger than block-size key and a larger than block-size data. The key needs "
                    + "to be hashed before being used by the HMAC algorithm.").utf8),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
        ),
    ]

    @Test func rfc4231Vectors() throws {
        for vector in Self.vectors {
            let mac = try HMACSHA256(key: vector.key)
            // Twice: the second use runs on a pooled context restarted with the same key.
            for _ in 0..<2 {
                let code = try vector.data.withUnsafeBytes { try mac.authenticationCode(of: $0) }
                #expect(Self.hex(code) == vector.mac)
            }
        }
    }

    @Test func anEmptyMessageHasACode() throws {
        let mac = try HMACSHA256(key: Array("key".utf8))
        let code = try [UInt8]().withUnsafeBytes { try mac.authenticationCode(of: $0) }
        // Python: hmac.new(b"key", b"", hashlib.sha256).hexdigest()
        #expect(Self.hex(code) == "5d5d139563c95b5967b9bd9a8c9b233a9dedb45072794cd232dc1b74832607d0")
    }

    @Test func manyThreadsGetTheSameCodes() throws {
        let mac = try HMACSHA256(key: Self.vectors[1].key)
        let data = Self.vectors[1].data
        let wrong = Tally()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 {
                let code = try? data.withUnsafeBytes { try mac.authenticationCode(of: $0) }
                if code.map(Self.hex) != Self.vectors[1].mac { wrong.add() }
            }
        }
        #expect(wrong.value == 0)
    }

    @Test func constantTimeComparison() {
        #expect(HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!HMACSHA256.constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(!HMACSHA256.constantTimeEquals([], [0]))
        #expect(HMACSHA256.constantTimeEquals([], []))
        #expect(!HMACSHA256.constantTimeEquals([0x80], [0x00]))
    }
}
