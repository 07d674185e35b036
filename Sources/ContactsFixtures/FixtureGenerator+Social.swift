import ContactsJSON
import ContactsModel

extension FixtureGenerator {
    /// The moment fixture times are drawn around: 2024-01-01T00:00:00Z, in ms since the
    /// epoch (a constant, never the clock, so fixtures are reproducible).
    static let referenceTime: Int64 = 1_704_067_200_000
    private static let day: Int64 = 86_400_000
    /// A user follows others with a geometric count: one more with this probability (mean 9).
    private static let followContinuePerMille = 900
    /// The most users one user follows.
    private static let maximumFollowing = 200
    /// A user creates events with a geometric count: one more with this probability (mean 1.5).
    private static let eventContinuePerMille = 600
    /// The most events one user creates.
    private static let maximumEvents = 40

    /// Writes `follows.jsonl` (random stream 3): for each user in order, the users they
    /// follow, sorted by index; followees drawn by Zipf's law over a random ranking of the
    /// users, never oneself, never twice; `since` within the two years before
    /// ``referenceTime``. Returns the number of follows.
    func generateFollows(
        userCount: Int, into path: String, meter: inout FixtureProgressMeter
    ) throws(FixtureError) -> Int {
        let output = try FixtureLineWriter(path: path)
        var random = FixtureRandom(seed: options.seed, stream: 3)
        let width = FixtureUserRegistry.idWidth(userCount: userCount)
        // ranking[r] is the user at popularity rank r (Fisher–Yates shuffle of the users).
        var ranking = (0..<userCount).map { UInt32($0) }
        for index in stride(from: userCount - 1, to: 0, by: -1) {
            ranking.swapAt(index, random.below(index + 1))
        }
        let zipf = FixtureZipf(count: userCount)
        // Leave room to choose: at most half of the others, so a follower never has to
        // collect the least popular users one by one.
        let limit = userCount < 2 ? 0 : min(Self.maximumFollowing, max(1, (userCount - 1) / 2))
        var followees: [Int] = []
        for follower in 0..<userCount {
            let count = random.geometric(continuePerMille: Self.followContinuePerMille, limit: limit)
            followees.removeAll(keepingCapacity: true)
            var attempts = 0
            while followees.count < count, attempts < 8 * count + 16 {
                attempts += 1
                let followee = Int(ranking[zipf.sample(using: &random)])
                if followee != follower, !followees.contains(followee) { followees.append(followee) }
            }
            followees.sort()
            let followerId = FixtureDirectory.identifier(UInt8(ascii: "u"), follower + 1, width: width)
            for followee in followees {
                let since = Self.referenceTime - 730 * Self.day + Int64(random.below(Int(730 * Self.day)))
                let follow = FollowRecord(
                    followerId: followerId,
                    followeeId: FixtureDirectory.identifier(UInt8(ascii: "u"), followee + 1, width: width), since: since
                )
                try output.write(follow.jsonValue)
            }
            meter.advance()
        }
        try output.finish()
        return output.lineCount
    }

    /// Writes `events.jsonl` (random stream 4): for each user in order, their events, ids
    /// `e0000001`… in file order; created within the year before ``referenceTime``; 75%
    /// with a start time (1 hour to 60 days later, on a quarter hour), 50% with a
    /// description, 60% with a location in the creator's region. Returns the number of events.
    func generateEvents(
        users registry: FixtureUserRegistry, into path: String, meter: inout FixtureProgressMeter
    ) throws(FixtureError) -> Int {
        let output = try FixtureLineWriter(path: path)
        var random = FixtureRandom(seed: options.seed, stream: 4)
        let idWidth = max(7, FixtureDirectory.decimalDigits(registry.phones.count) + 1)
        let quarterHour: Int64 = 900_000
        var nextId = 1
        for creator in registry.phones.indices {
            let creatorId = registry.userId(creator)
            let cities = FixtureVocabulary.addressStyles[registry.phones[creator].phoneCountry.region]?.cities ?? []
            for _ in 0..<random.geometric(continuePerMille: Self.eventContinuePerMille, limit: Self.maximumEvents) {
                let createdAt = Self.referenceTime - 365 * Self.day + Int64(random.below(Int(365 * Self.day)))
                var event = EventRecord(
                    eventId: FixtureDirectory.identifier(UInt8(ascii: "e"), nextId, width: idWidth),
                    creatorId: creatorId, title: random.pick(FixtureVocabulary.eventTitles), createdAt: createdAt)
                nextId += 1
                if random.chance(perMille: 750) {
                    let start = createdAt + 3_600_000 + Int64(random.below(Int(60 * Self.day)))
                    event.startTime = start - start % quarterHour
                }
                if random.chance(perMille: 500) { event.description = random.pick(FixtureVocabulary.eventDescriptions) }
                if !cities.isEmpty, random.chance(perMille: 600) {
                    event.location = random.pick(FixtureVocabulary.venues) + ", " + random.pick(cities).city
                }
                try output.write(event.jsonValue)
            }
            meter.advance()
        }
        try output.finish()
        return output.lineCount
    }
}
