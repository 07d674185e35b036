import ContactsCore
import ContactsJSON

extension FollowStatus {
    /// The most bytes ``write(to:)-(JSONByteCursor)`` writes.
    static let jsonBound = #"{"isFollowing":true,"since":}"#.utf8.count + JSONByteCursor.integerBound

    /// Appends `{"isFollowing":…,"since":…}` (since null when not following).
    func write(to writer: inout JSONWriter) {
        writer.write(upTo: Self.jsonBound) { write(to: &$0) }
    }

    /// ``write(to:)-(JSONWriter)`` through a cursor with room for ``jsonBound`` bytes.
    func write(to cursor: inout JSONByteCursor) {
        if isFollowing, let since {
            cursor.appendRaw(#"{"isFollowing":true,"since":"#)
            cursor.writeInteger(since)
            cursor.appendByte(UInt8(ascii: "}"))
        } else if isFollowing {
            cursor.appendRaw(#"{"isFollowing":true,"since":null}"#)
        } else {
            cursor.appendRaw(#"{"isFollowing":false,"since":null}"#)
        }
    }
}

extension [BatchFollowStatus] {
    /// Appends checkBatchFollowingStatus's result, `{"statuses":{id:status,…}}`, the ids in
    /// this order, through one cursor.
    ///
    /// - Complexity: O(n) in the size of the output.
    func writeStatuses(to writer: inout JSONWriter) {
        let opening: StaticString = #"{"statuses":{"#
        var bound = opening.utf8CodeUnitCount + 2
        for entry in self {
            bound += 2 + JSONByteCursor.stringBound(utf8Count: entry.userId.utf8.count) + FollowStatus.jsonBound
        }
        writer.write(upTo: bound) { cursor in
            cursor.appendRaw(opening)
            for (index, entry) in enumerated() {
                if index > 0 { cursor.appendByte(UInt8(ascii: ",")) }
                cursor.writeString(entry.userId)
                cursor.appendByte(UInt8(ascii: ":"))
                entry.status.write(to: &cursor)
            }
            cursor.appendRaw("}}")
        }
    }
}
