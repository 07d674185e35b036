import ContactsCore
import ContactsSocial
import ContactsSupport
import Testing

/// `EventStore` and its feed against a naive model: a list of events and a set of follow
/// pairs, the feed filtered and sorted on every read.
@Suite struct EventStoreTests {
    static let seeds: [UInt64] = [31, 32, 33, 34, 35, 36]

    struct NaiveFeedModel {
        var events: [Event] = []
        var follows = Set<NaiveFollowModel.Pair>()

        func feed(of user: UInt32, skip: Int, limit: Int) -> FeedPage {
            let all = events.filter { event in
                event.creator != user && follows.contains(.init(follower: user, followee: event.creator))
            }.sorted { left, right in
                if left.createdAt != right.createdAt { return left.createdAt > right.createdAt }
                return Array(right.eventId.utf8).lexicographicallyPrecedes(Array(left.eventId.utf8))
            }
            return FeedPage(items: Array(all.dropFirst(skip).prefix(limit)), total: all.count)
        }
    }

    @Test(arguments: seeds)
    func randomOperationsMatchModel(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let userCount: UInt32 = 9
        var graph = FollowGraph()
        for user in 0..<userCount { try graph.registerUser(user, id: "user-\(user)") }
        var store = EventStore()
        var model = NaiveFeedModel()
        // Event ids sharing 8-byte prefixes, so ties on `createdAt` reach the full comparison.
        let idPool = (0..<40).map { "event-00\($0 % 7)-\($0)" } + ["e", "é", "Z"]
        for step in 0..<1_200 {
            let user = UInt32(random.next() % UInt64(userCount))
            let other = UInt32(random.next() % UInt64(userCount))
            switch random.next() % 100 {
            case 0..<35:
                let event = Event(
                    eventId: idPool[Int(random.next() % UInt64(idPool.count))], creator: user,
                    title: random.next() % 20 == 0 ? "" : "title \(step)",
                    description: random.next() % 2 == 0 ? nil : "about \(step)", location: nil,
                    startTime: random.next() % 3 == 0 ? Int64(step) : nil,
                    createdAt: Int64(random.next() % 5))  // few distinct times: many ties
                let expected: Result<EventCreation, EventStoreError>
                if let existing = model.events.first(where: { $0.eventId == event.eventId }) {
                    expected =
                        existing.creator == user
                        ? .success(.alreadyExists(existing)) : .failure(.eventIdTaken(event.eventId))
                } else if event.title.isEmpty {
                    expected = .failure(.emptyTitle)
                } else {
                    model.events.append(event)
                    expected = .success(.created)
                }
                let result = Result { () throws(EventStoreError) in try store.create(event) }
                #expect(result == expected)
            case 35..<50:
                let id = idPool[Int(random.next() % UInt64(idPool.count))]
                let index = model.events.firstIndex { $0.eventId == id && $0.creator == user }
                if let index { model.events.remove(at: index) }
                let deleted = store.delete(eventId: id, by: user)
                #expect(deleted == (index != nil))
            case 50..<70:
                if user != other {
                    try graph.follow(user, other, since: Int64(step))
                    model.follows.insert(.init(follower: user, followee: other))
                }
            case 70..<85:
                graph.unfollow(user, other)
                model.follows.remove(.init(follower: user, followee: other))
            case 85..<87:
                graph.removeUser(user)
                let removedEvents = store.removeEvents(of: user)
                #expect(removedEvents == model.events.filter { $0.creator == user }.count)
                model.events.removeAll { $0.creator == user }
                model.follows = model.follows.filter { $0.follower != user && $0.followee != user }
            default:
                break
            }
            #expect(store.count == model.events.count)
            #expect(throws: Never.self) { try store._checkInvariants() }
            #expect(store.eventCount(of: user) == model.events.filter { $0.creator == user }.count)
            for (skip, limit) in [(0, 1_000), (Int(random.next() % 6), Int(random.next() % 5)), (500, 3)] {
                #expect(
                    try store.feed(of: user, in: graph, skip: skip, limit: limit)
                        == model.feed(of: user, skip: skip, limit: limit))
            }
        }
        for event in model.events { #expect(store.event(withID: event.eventId) == event) }
    }

    @Test func feedOfAUserFollowingManyCreators() throws {
        var graph = FollowGraph()
        var store = EventStore()
        var model = NaiveFeedModel()
        for user in 0..<UInt32(60) { try graph.registerUser(user, id: "u\(user)") }
        for creator in 1..<UInt32(60) {
            try graph.follow(0, creator, since: 0)
            model.follows.insert(.init(follower: 0, followee: creator))
            for index in 0..<20 {
                let event = Event(
                    eventId: "ev-\(creator)-\(index)", creator: creator, title: "t",
                    createdAt: Int64((Int(creator) * 7 + index * 13) % 50))
                try store.create(event)
                model.events.append(event)
            }
        }
        // The follower's own events never show.
        let own = Event(eventId: "own", creator: 0, title: "mine", createdAt: 10_000)
        try store.create(own)
        model.events.append(own)
        for skip in [0, 1, 20, 500, 1_179, 1_180, 2_000] {
            #expect(try store.feed(of: 0, in: graph, skip: skip, limit: 25) == model.feed(of: 0, skip: skip, limit: 25))
        }
        // Unfollowing removes the creator's events at once.
        graph.unfollow(0, 5)
        model.follows.remove(.init(follower: 0, followee: 5))
        #expect(try store.feed(of: 0, in: graph, skip: 0, limit: 1_000) == model.feed(of: 0, skip: 0, limit: 1_000))
        #expect(throws: EventStoreError.invalidPage(skip: 0, limit: -1)) {
            try store.feed(of: 0, in: graph, skip: 0, limit: -1)
        }
    }

    @Test func idsAreGlobalAndFreeAfterDeletion() throws {
        var store = EventStore()
        let first = Event(eventId: "launch", creator: 1, title: "Launch", createdAt: 5)
        var outcomes = [try store.create(first)]
        outcomes.append(try store.create(Event(eventId: "launch", creator: 1, title: "Other", createdAt: 9)))
        #expect(outcomes == [.created, .alreadyExists(first)])
        #expect(throws: EventStoreError.eventIdTaken("launch")) {
            try store.create(Event(eventId: "launch", creator: 2, title: "Mine", createdAt: 6))
        }
        #expect(throws: EventStoreError.emptyEventId) {
            try store.create(Event(eventId: "", creator: 2, title: "x", createdAt: 6))
        }
        let foreignDelete = store.delete(eventId: "launch", by: 2)
        let ownDelete = store.delete(eventId: "launch", by: 1)
        #expect(!foreignDelete && ownDelete && store.count == 0)
        let reused = try store.create(Event(eventId: "launch", creator: 2, title: "Mine", createdAt: 6))
        #expect(reused == .created && store.event(withID: "launch")?.creator == 2)
    }
}
