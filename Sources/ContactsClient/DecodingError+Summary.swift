extension DecodingError {
    /// One line naming where the answer differs from what was expected, such as
    /// `result.items[3].since is not a Int64` or `result.total is missing`.
    var summary: String {
        switch self {
        case .keyNotFound(let key, let context):
            return "\(Self.path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            return "\(Self.path(context.codingPath)) is not a \(type)"
        case .valueNotFound(let type, let context):
            return "\(Self.path(context.codingPath)) is null, expected a \(type)"
        case .dataCorrupted(let context):
            return "\(Self.path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "the body" : text
    }
}
