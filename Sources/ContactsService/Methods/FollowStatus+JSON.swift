import ContactsCore
import ContactsJSON

extension FollowStatus {
    /// Appends `{"isFollowing":…,"since":…}` (since null when not following).
    func write(to writer: inout JSONWriter) {
        writer.appendRaw(isFollowing ? #"{"isFollowing":true,"since":"# : #"{"isFollowing":false,"since":"#)
        if let since { writer.writeInteger(since) } else { writer.appendRaw("null") }
        writer.appendRaw("}")
    }
}

extension [BatchFollowStatus] {
    /// Appends checkBatchFollowingStatus's result, `{"statuses":{id:status,…}}`, the ids in
    /// this order.
    ///
    /// - Complexity: O(n) in the size of the output.
    func writeStatuses(to writer: inout JSONWriter) {
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
