import ContactsCore
import ContactsJSON

extension FollowStatus {
    /// Appends `{"isFollowing":…,"since":…}` (since null when not following).
    func write(to writer: inout JSONWriter) {
        if isFollowing, let since {
            writer.appendRaw(#"{"isFollowing":true,"since":"#)
            writer.writeInteger(since)
            writer.appendRaw("}")
        } else if isFollowing {
            writer.appendRaw(#"{"isFollowing":true,"since":null}"#)
        } else {
            writer.appendRaw(#"{"isFollowing":false,"since":null}"#)
        }
    }
}

extension [BatchFollowStatus] {
    /// Appends checkBatchFollowingStatus's result, `{"statuses":{id:status,…}}`, the ids in
    /// this order.
    ///
    /// - Complexity: O(n) in the size of the output.
    func writeStatuses(to writer: inout JSONWriter) {
        writer.reserveCapacity(count * 64 + 16)
        writer.appendRaw(#"{"statuses":{"#)
        for (index, entry) in enumerated() {
            if index > 0 { writer.appendRaw(",") }
            writer.writeString(entry.userId)
            writer.appendRaw(":")
            entry.status.write(to: &writer)
        }
        writer.appendRaw("}}")
    }
}
