import ContactsModel
import ContactsSearch
import ContactsSupport
import Testing

@testable import ContactsCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Saving and reopening: the same answers afterwards; and every kind of bad file rejected with
/// its own clear error, never a crash.
@Suite struct SearchIndexFileTests {
    static func temporaryPath(_ name: String) -> String {
        "/tmp/contacts-search-test-\(getpid())-\(name)"
    }

    static func decode(_ bytes: [UInt8]) throws(SearchIndexFileError) -> ContactSearchIndex {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(SearchIndexFileError) in try ContactSearchIndex(decoding: raw) }
        }
        return try result.get()
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func saveAndReopenAnswerTheSame(seed: UInt64) throws {
        var fixtures = SearchFixtures(seed: seed &+ 300)
        var index = ContactSearchIndex(fixtures.contacts(150))
        // Pending changes (delta and dead slots) are folded in by the save.
        for number in 0..<30 { index.update(with: fixtures.contact(id: fixtures.id(number * 7))) }
        for number in 0..<10 { index.remove(id: fixtures.id(number * 11)) }
        let path = Self.temporaryPath("index-\(seed)")
        defer { unlink(path) }
        try index.save(toFile: path)
        let reopened = try ContactSearchIndex(contentsOfFile: path)
        #expect(reopened.count == index.count)
        // Reopened in ranking order, its slot maps are identities (no bytes).
        #expect(reopened.tables.contactSlots.isIdentity && reopened.tables.indexSlots.isIdentity)
        let contacts = (0..<250).compactMap { index.contact(id: fixtures.id($0)) }
        #expect(contacts.allSatisfy { reopened.contact(id: $0.id) == $0 })
        for _ in 0..<40 {
            let query = fixtures.query(from: contacts)
            for field in SearchField.allCases {
                #expect(
                    reopened.search(query, field: field, limit: .max) == index.search(query, field: field, limit: .max))
            }
        }
        for fieldType in FetchFieldType.allCases {
            #expect(reopened.fetch(fieldType, limit: .max) == index.fetch(fieldType, limit: .max))
        }
        #expect(reopened.encoded() == index.encoded())
    }

    @Test func emptyIndexRoundTrips() throws {
        let reopened = try Self.decode(ContactSearchIndex().encoded())
        #expect(reopened.count == 0)
        #expect(reopened.search("").total == 0)
    }

    @Test func missingFileIsUnreadable() {
        #expect(throws: SearchIndexFileError.self) { try ContactSearchIndex(contentsOfFile: "/nonexistent/dir/index") }
        do {
            _ = try ContactSearchIndex(contentsOfFile: "/nonexistent/dir/index")
        } catch {
            #expect(error.description.contains("cannot read search index /nonexistent/dir/index"))
        }
    }

    @Test func unwritablePathIsReported() {
        #expect(throws: SearchIndexFileError.self) { try ContactSearchIndex().save(toFile: "/nonexistent/dir/index") }
    }

    @Test func headerProblemsHaveTheirOwnErrors() {
        let good = ContactSearchIndex([Contact(id: "1", givenName: "Ana")]).encoded()
        #expect(throws: SearchIndexFileError.notAnIndex) { try Self.decode(Array("{\"id\":1}".utf8)) }
        #expect(throws: SearchIndexFileError.notAnIndex) { try Self.decode([]) }
        var version = good
        version[8] = 9
        #expect(throws: SearchIndexFileError.unsupportedVersion(9)) { try Self.decode(version) }
        #expect(throws: SearchIndexFileError.truncated(section: "payload")) { try Self.decode(Array(good.dropLast(3))) }
        #expect(throws: SearchIndexFileError.truncated(section: "header")) { try Self.decode(Array(good.prefix(12))) }
        var flipped = good
        flipped[good.count - 5] ^= 0x10
        #expect(throws: SearchIndexFileError.checksumMismatch) { try Self.decode(flipped) }
        #expect(throws: SearchIndexFileError.corrupt("bytes after the payload")) { try Self.decode(good + [0]) }
    }

    /// A payload changed with its checksum recomputed (a crafted file): every single-byte
    /// change and every cut is rejected or decodes to a consistent index; none crashes.
    @Test(arguments: [1, 2] as [UInt64])
    func craftedPayloadsNeverCrash(seed: UInt64) {
        var fixtures = SearchFixtures(seed: seed &+ 400)
        let good = ContactSearchIndex(fixtures.contacts(12)).encoded()
        let header = SearchIndexFile.headerSize
        var generator = SplitMix64(seed: seed)
        var rejected = 0
        for trial in 0..<600 {
            var payload = Array(good[header...])
            if trial % 3 == 0 {
                payload = Array(payload.prefix(Int(generator.next() % UInt64(payload.count))))
            } else {
                let position = Int(generator.next() % UInt64(payload.count))
                payload[position] = UInt8(truncatingIfNeeded: generator.next())
            }
            var file = Array(good[..<header])
            Self.store(UInt64(payload.count), in: &file, at: 16)
            Self.store(payload.withUnsafeBytes { XXH3.hash64($0, seed: 0) }, in: &file, at: 24)
            do {
                let index = try Self.decode(file + payload)
                // Accepted: it must answer without trapping.
                _ = index.search("a", limit: .max)
                _ = index.search("ana 5", limit: .max)
                _ = index.fetch(.any, limit: .max)
            } catch {
                rejected += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(rejected > 300)
    }

    static func store(_ value: UInt64, in bytes: inout [UInt8], at offset: Int) {
        for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(8 * index)) }
    }
}
