import ContactsCore
import ContactsFixtures
import ContactsMatching
import ContactsSupport
import PhoneNumbers

extension MatchCommand {
    /// The registered users of a match: their numbers in a ``HashedPhoneTable`` (built at
    /// once), their ids and names in one byte arena — about 45 bytes a user once built, 70 at
    /// the peak of the build (ten million users: 0.7 GB).
    struct RegisteredUsers {
        /// Every user's number, mapped to the user's index in file order.
        let table: HashedPhoneTable
        /// The `region` of each user the book names as an owner, by user id.
        let ownerRegions: [ExactString: String]
        /// User ids and display names, one after the other.
        private let text: [UInt8]
        /// Per user, where its id and then its name end in `text`.
        private let ends: [UInt32]

        /// The number of users.
        var count: Int { ends.count / 2 }

        /// The id of the user at `index`.
        func userId(_ index: UInt32) -> String {
            let slot = Int(index) * 2
            return string(from: slot == 0 ? 0 : Int(ends[slot - 1]), to: Int(ends[slot]))
        }

        /// The display name of the user at `index`.
        func displayName(_ index: UInt32) -> String {
            let slot = Int(index) * 2 + 1
            return string(from: Int(ends[slot - 1]), to: Int(ends[slot]))
        }

        private func string(from start: Int, to end: Int) -> String {
            String(decoding: text[start..<end], as: UTF8.self)
        }

        /// Streams the users file at `path`, normalizing each phone with its user's region,
        /// then builds the table at once; keeps the regions of the users in `owners`.
        ///
        /// - Throws: ``CommandLineError`` naming the file and line of a bad line, a phone that
        ///   does not normalize or a number registered twice.
        /// - Complexity: O(n) for n users, plus the table's build.
        static func read(_ path: String, owners: Set<ExactString>, normalizer: PhoneNumberNormalizer, quiet: Bool)
            throws -> RegisteredUsers
        {
            var numbers: [UInt64] = []
            var text: [UInt8] = []
            var ends: [UInt32] = []
            var ownerRegions: [ExactString: String] = [:]
            try FixtureFile.forEach(FixtureUser.self, path: path, label: "match: reading users", quiet: quiet) {
                user, line in
                numbers.append(try number(of: user, line: line, path: path, normalizer: normalizer))
                for field in [user.userId, user.displayName] {
                    text.append(contentsOf: field.utf8)
                    guard let end = UInt32(exactly: text.count) else {
                        throw CommandLineError("\(path) line \(line): ids and names exceed 4 GiB in all")
                    }
                    ends.append(end)
                }
                if !owners.isEmpty, owners.contains(ExactString(user.userId)) {
                    ownerRegions[ExactString(user.userId)] = user.region
                }
            }
            let table: HashedPhoneTable
            do {
                table = try HashedPhoneTable(
                    numbers: numbers, users: (0..<UInt32(numbers.count)).map { $0 },
                    seed: EngineConfiguration.defaultPhoneKeySeed)
            } catch {
                throw CommandLineError("\(path): \(error)")
            }
            if table.count < numbers.count { try reportRepeatedNumber(path, normalizer: normalizer) }
            return RegisteredUsers(table: table, ownerRegions: ownerRegions, text: text, ends: ends)
        }

        /// The E.164 number of `user`'s phone (normalized with the user's region).
        private static func number(of user: FixtureUser, line: Int, path: String, normalizer: PhoneNumberNormalizer)
            throws -> UInt64
        {
            do {
                return try normalizer.normalize(user.phone, defaultRegion: user.region).e164
            } catch {
                throw CommandLineError(
                    "\(path) line \(line): phone '\(user.phone)' of user '\(user.userId)' does not normalize: \(error)")
            }
        }

        /// Reads the file again to name the first number registered twice (only after the
        /// table showed that there is one), and throws it.
        private static func reportRepeatedNumber(_ path: String, normalizer: PhoneNumberNormalizer) throws {
            var firstLine: [UInt64: Int] = [:]
            try FixtureFile.forEach(FixtureUser.self, path: path, label: "match: checking users", quiet: true) {
                user, line in
                let number = try number(of: user, line: line, path: path, normalizer: normalizer)
                if let earlier = firstLine[number] {
                    throw CommandLineError(
                        "\(path) line \(line): phone +\(number) of user '\(user.userId)' is already registered "
                            + "on line \(earlier)")
                }
                firstLine[number] = line
            }
            throw CommandLineError("\(path): a phone number is registered twice")
        }
    }
}
