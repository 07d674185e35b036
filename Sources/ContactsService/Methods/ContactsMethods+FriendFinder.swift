import ContactsCore

extension ContactsMethods {
    static func registerFriendFinder(_ engine: ContactsEngine, in table: inout RPCMethodTable) {
        table.register("registerUser", changes: true) { params, context in
            let userId = try params.id("userId")
            let phone = try params.string("phone")
            let region = try params.optionalString("region")
            let displayName = try params.optionalString("displayName")
            let user = try engine.registerUser(
                userId, phone: phone, region: region, displayName: displayName, at: context.at)
            return .object(["userId": .string(user.userId), "e164": .string(user.e164)])
        }
        table.register("deleteUser", changes: true) { params, _ in
            try engine.deleteUser(as: try params.id("as"))
            return .object(["success": .bool(true)])
        }
        table.register("uploadContacts", changes: true) { params, context in
            let userId = try params.id("as")
            let contacts = try params.array("contacts", maximumCount: engine.configuration.maximumContactsPerUpload)
            let region = try params.optionalString("region")
            let outcome = try engine.uploadContacts(
                as: userId, entries: Contact.uploadEntries(contacts), region: region, at: context.at)
            return .object([
                "totalContacts": .integer(outcome.totalContacts),
                "numberOfUploadedContacts": .integer(outcome.numberOfUploadedContacts),
                "rejected": .array(
                    outcome.rejected.map {
                        .object(["index": .integer($0.index), "reason": .string($0.reason.wireName)])
                    }),
            ])
        }
        table.register("lookupContactMatches") { params, _ in
            let userId = try params.id("as")
            let cursor = try params.optionalID("cursor")
            let limit = try params.limit(default: 100)
            let page = try engine.lookupContactMatches(as: userId, cursor: cursor, limit: limit)
            return .object([
                "matches": .array(
                    page.matches.map {
                        .object([
                            "userId": .string($0.userId), "displayName": .string($0.displayName),
                            "relation": .string($0.relation.description), "contactId": .string(orNull: $0.contactId),
                        ])
                    }),
                "nextCursor": .string(orNull: page.nextCursor),
            ])
        }
        table.register("deleteAllUploadedContacts", changes: true) { params, _ in
            let deleted = try engine.deleteAllUploadedContacts(as: try params.id("as"))
            return .object(["deleted": .integer(deleted)])
        }
    }
}
