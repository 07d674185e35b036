import ContactsCore
import ContactsFixtures
import ContactsJSON
import ContactsModel
import Foundation
import Testing

@Suite("Fixture reader")
struct FixtureReaderTests {
    @Test("every record written back gives the line read, byte for byte")
    func roundTrip() throws {
        let fixture = try GeneratedFixture.small.get()
        func rewritten(_ values: [JSONValue]) -> [[UInt8]] {
            values.map { value in
                var writer = JSONWriter()
                writer.write(value)
                return writer.bytes
            }
        }
        #expect(rewritten(fixture.users.map(\.jsonValue)) == fixture.lines["users.jsonl"])
        #expect(rewritten(fixture.contacts.map(\.jsonValue)) == fixture.lines["contacts.jsonl"])
        #expect(rewritten(fixture.follows.map(\.jsonValue)) == fixture.lines["follows.jsonl"])
        #expect(rewritten(fixture.events.map(\.jsonValue)) == fixture.lines["events.jsonl"])
    }

    @Test("a directory reader streams the records in order, counting lines")
    func streaming() throws {
        let directory = makeFixtureTestDirectory()
        defer { removeFixtureTestDirectory(directory) }
        _ = try FixtureGenerator(options: .init(contacts: 300, users: 30, seed: 5)).generate(into: directory)
        let reader = try FixtureReader<Contact>(directory: directory)
        var ids: [String] = []
        while let contact = try reader.next() { ids.append(contact.id) }
        #expect(ids == (1...300).map { "c" + String(repeating: "0", count: 7 - String($0).count) + String($0) })
        #expect(reader.lineNumber == 300)
        #expect(try reader.next() == nil)
        let users = try FixtureReader<FixtureUser>(directory: directory + "/")
        var count = 0
        try users.forEach { _ in count += 1 }
        #expect(count == 30)
    }

    @Test(
        "a bad line stops the reading, naming the file and the line number",
        arguments: [
            (
                "{\"id\":\"c1\"}\n\n{\"id\":\"c2\"}\n{\"id\":\"c3\",}\n", 4,
                "invalid JSON: expected a string key at byte 11"
            ),
            ("{\"id\":\"c1\"}\n{\"givenName\":\"Ana\"}\n", 2, "not a valid contact (invalid_id)"),
            ("{\"id\":\"c1\",\"phoneNumbers\":\"+34 612\"}\n", 1, "not a valid contact (invalid_field)"),
            ("[1,2]\n", 1, "not a valid contact (not_an_object)"),
            ("  \r\n{\"id\":\"c1\"}\r\n\t\nnull", 4, "not a valid contact (not_an_object)"),
        ])
    func badContactLine(text: String, line: Int, reason: String) throws {
        let path = try write(text)
        defer { cleanUp(path) }
        let reader = try FixtureReader<Contact>(path: path)
        #expect(throws: FixtureError.badLine(file: path, line: line, reason: reason)) {
            while try reader.next() != nil {}
        }
    }

    @Test(
        "bad user, follow and event lines say which key is wrong",
        arguments: [
            (
                "{\"userId\":\"u1\",\"displayName\":\"A\",\"phone\":34612,\"region\":\"ES\"}",
                "\"phone\" must be a string"
            ),
            ("{\"userId\":\"\",\"displayName\":\"A\",\"phone\":\"+1\",\"region\":\"US\"}", "\"userId\" is empty"),
            ("{\"displayName\":\"A\",\"phone\":\"+1\"}", "\"userId\" is missing"),
            ("{\"userId\":\"u1\",\"region\":\"US\"}", "\"phone\" is missing"),
            ("{\"userId\":\"u1\",\"phone\":null}", "\"phone\" must be a string"),
            ("{\"userId\":\"u1\",\"phone\":\"+1\",\"region\":1}", "\"region\" must be a string or null"),
        ])
    func badUserLine(text: String, reason: String) throws {
        let path = try write(text + "\n")
        defer { cleanUp(path) }
        #expect(throws: FixtureError.badLine(file: path, line: 1, reason: reason)) {
            try FixtureReader<FixtureUser>.readAll(path: path)
        }
    }

    @Test("a user's displayName and region are optional, as in registerUser")
    func optionalUserKeys() throws {
        let path = try write(
            "{\"userId\":\"u1\",\"phone\":\"+14155552671\"}\n"
                + "{\"userId\":\"u2\",\"displayName\":null,\"phone\":\"+34612345678\",\"region\":null}\n"
                + "{\"userId\":\"u3\",\"displayName\":\"C\",\"phone\":\"0612345678\",\"region\":\"FR\"}\n")
        defer { cleanUp(path) }
        let users = try FixtureReader<FixtureUser>.readAll(path: path)
        #expect(
            users == [
                FixtureUser(userId: "u1", displayName: "", phone: "+14155552671", region: nil),
                FixtureUser(userId: "u2", displayName: "", phone: "+34612345678", region: nil),
                FixtureUser(userId: "u3", displayName: "C", phone: "0612345678", region: "FR"),
            ])
        // Written back, every key is present; no region is null.
        #expect(
            users[0].jsonValue.jsonText == #"{"userId":"u1","displayName":"","phone":"+14155552671","region":null}"#)
    }

    @Test("follows need integer times; events need a title")
    func badFollowAndEventLines() throws {
        let follows = try write("{\"followerId\":\"u1\",\"followeeId\":\"u2\",\"since\":1.5}\n")
        let events = try write(
            "{\"eventId\":\"e1\",\"creatorId\":\"u1\",\"title\":\"Fika\",\"createdAt\":5}\n"
                + "{\"eventId\":\"e2\",\"creatorId\":\"u1\",\"title\":\"\",\"createdAt\":5}\n")
        defer { [follows, events].forEach(cleanUp) }
        #expect(throws: FixtureError.badLine(file: follows, line: 1, reason: "\"since\" must be an integer")) {
            try FixtureReader<FollowRecord>.readAll(path: follows)
        }
        let noSince = try write("{\"followerId\":\"u1\",\"followeeId\":\"u2\"}\n")
        defer { cleanUp(noSince) }
        #expect(throws: FixtureError.badLine(file: noSince, line: 1, reason: "\"since\" is missing")) {
            try FixtureReader<FollowRecord>.readAll(path: noSince)
        }
        let reader = try FixtureReader<EventRecord>(path: events)
        #expect(
            try reader.next()
                == EventRecord(eventId: "e1", creatorId: "u1", title: "Fika", createdAt: 5))
        #expect(throws: FixtureError.badLine(file: events, line: 2, reason: "\"title\" is empty")) {
            try reader.next()
        }
    }

    @Test("a missing file is an I/O error")
    func missingFile() {
        let path = makeFixtureTestDirectory() + "/absent.jsonl"
        defer { cleanUp(path) }
        #expect(throws: FixtureError.io("cannot open \(path): No such file or directory")) {
            try FixtureReader<Contact>(path: path)
        }
    }

    /// Removes the directory of a file made by ``write(_:)``.
    private func cleanUp(_ path: String) {
        removeFixtureTestDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// Writes `text` to a file in a new directory; returns its path.
    private func write(_ text: String) throws -> String {
        let path = makeFixtureTestDirectory() + "/records.jsonl"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
