import ContactsCore
import ContactsJSON

extension ContactsMethods {
    static func registerFeed(_ engine: ContactsEngine, in table: inout RPCMethodTable) {
        table.register("createEvent", changes: true) { params, context in
            let userId = try params.id("as")
            let eventId = try params.optionalID("eventId")
            let title = try params.string("title")
            let description = try params.optionalString("description")
            let location = try params.optionalString("location")
            let startTime = try params.optionalInt64("startTime")
            let id = try engine.createEvent(
                as: userId, eventId: eventId, title: title, description: description, location: location,
                startTime: startTime, at: context.at)
            return .object(["eventId": .string(id)])
        }
        table.register("deleteEvent", changes: true) { params, _ in
            let userId = try params.id("as")
            let eventId = try params.id("eventId")
            return .object(["success": .bool(try engine.deleteEvent(as: userId, eventId: eventId))])
        }
        table.register("getFeed") { params, _ in
            let userId = try params.id("as")
            let skip = try params.skip()
            let limit = try params.limit()
            return try engine.feed(as: userId, skip: skip, limit: limit).jsonValue { item in
                .object([
                    "eventId": .string(item.event.eventId), "creatorId": .string(item.event.creatorId),
                    "creatorName": .string(item.creatorName), "title": .string(item.event.title),
                    "description": .string(orNull: item.event.description),
                    "location": .string(orNull: item.event.location),
                    "startTime": .integer(orNull: item.event.startTime), "createdAt": .integer(item.event.createdAt),
                ])
            }
        }
    }
}
