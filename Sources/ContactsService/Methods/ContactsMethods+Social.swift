import ContactsCore
import ContactsJSON

extension ContactsMethods {
    static func registerSocial(_ engine: ContactsEngine, in table: inout RPCMethodTable) {
        table.register("followUser", changes: true) { params, context in
            let userId = try params.id("as")
            let target = try params.id("userId")
            let followed = try engine.followUser(as: userId, target: target, at: context.at)
            return .object(["success": .bool(followed), "alreadyFollowing": .bool(!followed)])
        }
        table.register("unfollowUser", changes: true) { params, _ in
            let userId = try params.id("as")
            let target = try params.id("userId")
            return .object(["success": .bool(try engine.unfollowUser(as: userId, target: target))])
        }
        table.registerStreaming("isFollowingUser") { params, _ in
            let userId = try params.id("as")
            let target = try params.id("userId")
            let status = try engine.isFollowingUser(as: userId, target: target)
            return StreamedJSON { status.write(to: &$0) }
        }
        table.registerStreaming("checkBatchFollowingStatus") { params, _ in
            let userId = try params.id("as")
            let targets = try params.idArray("userIds", maximumCount: ContactsEngine.maximumBatchStatusIDs)
            let statuses = try engine.checkBatchFollowingStatus(as: userId, targets: targets)
            return StreamedJSON { statuses.writeStatuses(to: &$0) }
        }
        let pages: [(String, @Sendable (ContactsEngine, String, Int, Int) throws(ContactsError) -> Page<FollowEntry>)] =
            [
                (
                    "getFollowers",
                    { engine, userId, skip, limit throws(ContactsError) in
                        try engine.followers(as: userId, skip: skip, limit: limit)
                    }
                ),
                (
                    "getFollowing",
                    { engine, userId, skip, limit throws(ContactsError) in
                        try engine.following(as: userId, skip: skip, limit: limit)
                    }
                ),
                (
                    "getMutualFollows",
                    { engine, userId, skip, limit throws(ContactsError) in
                        try engine.mutualFollows(as: userId, skip: skip, limit: limit)
                    }
                ),
            ]
        for (name, list) in pages {
            table.register(name) { params, _ in
                let userId = try params.id("as")
                let skip = try params.skip()
                let limit = try params.limit()
                return try list(engine, userId, skip, limit).jsonValue(\.jsonValue)
            }
        }
        table.register("followContact", changes: true) { params, context in
            let userId = try params.id("as")
            let contactId = try params.id("contactId")
            let outcome = try engine.followContact(as: userId, contactId: contactId, at: context.at)
            return .object([
                "success": .bool(outcome.changed), "alreadyFollowing": .bool(!outcome.changed),
                "userId": .string(outcome.userId),
            ])
        }
        table.register("unfollowContact", changes: true) { params, _ in
            let userId = try params.id("as")
            let contactId = try params.id("contactId")
            let outcome = try engine.unfollowContact(as: userId, contactId: contactId)
            return .object(["success": .bool(outcome.changed), "userId": .string(outcome.userId)])
        }
        table.register("isFollowingContact") { params, _ in
            let userId = try params.id("as")
            let contactId = try params.id("contactId")
            let outcome = try engine.isFollowingContact(as: userId, contactId: contactId)
            return .object([
                "isFollowing": .bool(outcome.status.isFollowing), "since": .integer(orNull: outcome.status.since),
                "userId": .string(outcome.userId),
            ])
        }
    }
}

extension FollowEntry {
    var jsonValue: JSONValue {
        .object([
            "userId": .string(userId), "displayName": .string(displayName), "since": .integer(since),
            "localContact": localContact.map {
                .object(["contactId": .string($0.contactId), "displayName": .string($0.displayName)])
            } ?? .null,
        ])
    }
}
