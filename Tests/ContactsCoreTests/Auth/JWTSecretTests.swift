import ContactsAuth
import Foundation
import Testing

/// The secret file: its bytes, one trailing line break dropped, an empty secret refused.
@Suite struct JWTSecretTests {
    /// A fresh file holding `bytes`, removed after `body`.
    @discardableResult
    func withFile<R>(_ bytes: [UInt8], _ body: (String) throws -> R) throws -> R {
        let path = NSTemporaryDirectory() + "jwt-secret-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    func secretBytes(_ contents: String) throws -> [UInt8] {
        try withFile(Array(contents.utf8)) { path in try JWTSecret(contentsOfFile: path).bytes }
    }

    @Test func oneTrailingLineBreakIsDropped() throws {
        #expect(try secretBytes("s3cret") == Array("s3cret".utf8))
        #expect(try secretBytes("s3cret\n") == Array("s3cret".utf8))
        #expect(try secretBytes("s3cret\r\n") == Array("s3cret".utf8))
        #expect(try secretBytes("s3cret\n\n") == Array("s3cret\n".utf8))
        #expect(try secretBytes("s3cret\r\n\r\n") == Array("s3cret\r\n".utf8))
        #expect(try secretBytes("s3cret\r") == Array("s3cret\r".utf8))
        #expect(try secretBytes(" s3 cret \n") == Array(" s3 cret ".utf8))
        #expect(try secretBytes("\ns3cret") == Array("\ns3cret".utf8))
    }

    @Test func anyBytesAreKept() throws {
        let bytes: [UInt8] = [0, 0xFF, 0x80, 0x0A, 0x0D, 0x41]
        #expect(try withFile(bytes) { path in try JWTSecret(contentsOfFile: path).bytes } == bytes)
    }

    @Test(arguments: ["", "\n", "\r\n"])
    func anEmptySecretIsRefused(contents: String) throws {
        try withFile(Array(contents.utf8)) { path in
            #expect(throws: JWTSecretError.empty(source: path)) { try JWTSecret(contentsOfFile: path) }
            do {
                _ = try JWTSecret(contentsOfFile: path)
            } catch let error as JWTSecretError {
                #expect(error.description == "the JWT secret file \(path) is empty")
            }
        }
        #expect(throws: JWTSecretError.empty(source: nil)) { try JWTSecret(bytes: []) }
    }

    @Test func aMissingFileIsRefusedWithTheSystemsReason() {
        let path = "/nonexistent/jwt-secret"
        #expect(throws: JWTSecretError.unreadable(path: path, reason: "No such file or directory")) {
            try JWTSecret(contentsOfFile: path)
        }
    }

    @Test func aDirectoryIsRefused() {
        #expect(throws: JWTSecretError.unreadable(path: "/", reason: "Is a directory")) {
            try JWTSecret(contentsOfFile: "/")
        }
    }

    @Test func anOversizedFileIsRefused() throws {
        let bytes = [UInt8](repeating: 0x61, count: JWTSecret.maximumFileByteCount + 1)
        try withFile(bytes) { path in
            #expect(throws: JWTSecretError.tooLarge(path: path, maximumBytes: JWTSecret.maximumFileByteCount)) {
                try JWTSecret(contentsOfFile: path)
            }
        }
        let largest = [UInt8](repeating: 0x61, count: JWTSecret.maximumFileByteCount)
        #expect(try withFile(largest) { path in try JWTSecret(contentsOfFile: path).bytes.count } == largest.count)
    }

    @Test func theDescriptionHidesTheBytes() throws {
        let secret = try JWTSecret(bytes: Array("hunter2-hunter2-hunter2-hunter2!".utf8))
        #expect(secret.description == "JWTSecret(32 bytes)")
        #expect(!"\(secret)".contains("hunter"))
        #expect(secret.meetsRecommendedLength)
        #expect(try !JWTSecret(bytes: Array("short".utf8)).meetsRecommendedLength)
    }

    @Test func aSecretReadFromAFileSignsLikeTheSameBytes() throws {
        let fromFile = try withFile(Array("file-secret\n".utf8)) { path in try JWTSecret(contentsOfFile: path) }
        let signer = try JWTSigner(secret: try JWTSecret(bytes: Array("file-secret".utf8)))
        let token = try signer.sign(subject: "u1", expiresAt: TokenFactory.now + 60_000)
        #expect(try JWTVerifier(secret: fromFile).verify(token, now: TokenFactory.now).subject == "u1")
    }
}
