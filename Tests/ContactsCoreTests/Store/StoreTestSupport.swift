import ContactsCore
import ContactsModel
import ContactsStore
import ContactsSupport
import ContactsTestSupport
import Foundation
import PhoneNumbers
import Testing

/// A fresh temporary directory for one test, removed (with anything made immutable in
/// it made mutable again) when the value is released.
final class StoreTestDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("contacts-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        _ = StoreTestFiles.setImmutable(url.path, false)
        if let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) {
            for name in names { _ = StoreTestFiles.setImmutable(url.appendingPathComponent(name).path, false) }
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// The names of the files in the directory, sorted.
    func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}

/// File helpers for the store tests.
enum StoreTestFiles {
    /// The bytes of the file at `path` (empty when unreadable).
    static func bytes(_ path: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    /// Writes `bytes` to `path`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Whether this process can make files read-only for itself: as a normal user with
    /// `chmod`, as root (who ignores permissions) only with the immutable attribute
    /// (`chattr +i`, which needs CAP_LINUX_IMMUTABLE and a file system that has it).
    static let canMakeReadOnly: Bool = {
        if geteuid() != 0 { return true }
        guard let directory = try? StoreTestDirectory() else { return false }
        let probe = directory.path("probe")
        guard FileManager.default.createFile(atPath: probe, contents: Data([1])) else { return false }
        guard setImmutable(probe, true) else { return false }
        defer { _ = setImmutable(probe, false) }
        return !FileManager.default.isWritableFile(atPath: probe)
    }()

    /// Makes `path` read-only (or writable again) for this process; `false` on failure.
    @discardableResult
    static func setReadOnly(_ path: String, _ readOnly: Bool) -> Bool {
        if geteuid() != 0 {
            let mode: Int16 = readOnly ? 0o555 : 0o755
            return (try? FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)) != nil
        }
        return setImmutable(path, readOnly)
    }

    /// Sets or clears the immutable attribute with `chattr` (quietly `false` when it fails).
    static func setImmutable(_ path: String, _ immutable: Bool) -> Bool {
        guard geteuid() == 0, FileManager.default.fileExists(atPath: "/usr/bin/chattr") else { return false }
        let run = try? ChildProcess.run("/usr/bin/chattr", [immutable ? "+i" : "-i", path])
        return run?.termination.succeeded == true
    }
}

/// SplitMix64: a small seeded generator, so a failing randomized test names its seed.
struct StoreTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A short string mixing ASCII, accents, CJK, emoji, and sometimes `""`.
    mutating func text(maxLength: Int = 8) -> String {
        let alphabet: [String] = ["a", "Z", "7", " ", "é", "ñ", "Ø", "김", "漢", "😀", "e\u{301}", "-", "\u{0}", "'"]
        let length = Int.random(in: 0...maxLength, using: &self)
        return (0..<length).map { _ in alphabet.randomElement(using: &self) ?? "" }.joined()
    }

    /// A non-empty id of printable ASCII and a few multi-byte characters.
    mutating func id(prefix: String, range: ClosedRange<Int>) -> String {
        "\(prefix)\(Int.random(in: range, using: &self))"
    }

    /// A contact with every member filled at random (lists of 0–3 entries).
    mutating func contact(id: String) -> Contact {
        func labeled(_ rng: inout StoreTestRandom) -> [LabeledValue] {
            (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                LabeledValue(label: rng.text(maxLength: 4), value: rng.text())
            }
        }
        return Contact(
            id: id, givenName: text(), familyName: text(), displayName: text(),
            organizationName: text(), jobTitle: text(), phoneNumbers: labeled(&self),
            emailAddresses: labeled(&self),
            addresses: (0..<Int.random(in: 0...2, using: &self)).map { _ in
                PostalAddress(
                    label: text(maxLength: 3), street: text(), city: text(), state: text(),
                    postalCode: text(maxLength: 5), country: text(maxLength: 2))
            },
            socialProfiles: labeled(&self), notes: text(maxLength: 30))
    }

    /// 0–3 E.164 numbers as integers, of up to 15 digits or (one in four) up to 19.
    mutating func phones() -> [UInt64] {
        (0..<Int.random(in: 0...3, using: &self)).map { _ in
            UInt64.random(
                in: 1...(Int.random(in: 0..<4, using: &self) == 0 ? PhoneNumber.largestE164 : 999_999_999_999_999),
                using: &self)
        }
    }
}

extension StoreError {
    /// The case name, for asserting the kind of an error without its payload.
    var kind: String {
        switch self {
        case .notOurs: "notOurs"
        case .newerSchema: "newerSchema"
        case .corrupt: "corrupt"
        case .readOnly: "readOnly"
        case .locked: "locked"
        case .constraint: "constraint"
        case .unknownUser: "unknownUser"
        case .unavailable: "unavailable"
        case .invalidArgument: "invalidArgument"
        case .closed: "closed"
        case .failed: "failed"
        }
    }
}

/// Options for tests: a short busy timeout so the locked cases fail fast.
let storeTestOptions = StoreOptions(busyTimeoutMilliseconds: 50)

/// Opening `path` fails with a ``StoreError`` of `kind` whose message names the path and
/// contains `phrase`; the file (if any) keeps its exact bytes and no side file is left.
func expectOpenFails(
    _ path: String, kind: String, phrase: String, in directory: StoreTestDirectory,
    options: StoreOptions = storeTestOptions, sourceLocation: SourceLocation = #_sourceLocation
) {
    let before = StoreTestFiles.bytes(path)
    let filesBefore = directory.fileNames()
    do throws(StoreError) {
        let store = try SQLiteStore.open(path: path, options: options)
        try? store.close()
        Issue.record("opening \(path) succeeded; expected \(kind)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(path), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(phrase), "\(error)", sourceLocation: sourceLocation)
    }
    #expect(StoreTestFiles.bytes(path) == before, "file bytes changed", sourceLocation: sourceLocation)
    #expect(directory.fileNames() == filesBefore, "side files appeared", sourceLocation: sourceLocation)
}
