import Foundation

/// Times on the wire are integers: milliseconds since the Unix epoch (PROTOCOL: "Times").
enum WireTime {
    /// The date `milliseconds` after the epoch.
    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    /// `date` in whole milliseconds since the epoch (rounded to the nearest, so that a date read
    /// from the wire goes back unchanged), or `nil` when it does not fit in an Int64.
    static func milliseconds(_ date: Date) -> Int64? {
        Int64(exactly: (date.timeIntervalSince1970 * 1_000).rounded())
    }
}

extension KeyedDecodingContainer {
    /// A required time.
    func decodeTime(forKey key: Key) throws -> Date {
        WireTime.date(try decode(Int64.self, forKey: key))
    }

    /// An optional time: null or absent is `nil`.
    func decodeTimeIfPresent(forKey key: Key) throws -> Date? {
        try decodeIfPresent(Int64.self, forKey: key).map(WireTime.date)
    }

    /// An optional text: null, absent or `""` is `nil` (the server writes an absent text as `""`,
    /// PROTOCOL §1, so both mean "none").
    func decodeText(forKey key: Key) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return text
    }
}

extension KeyedEncodingContainer {
    /// Writes `text` unless it is nil or empty (absent and `""` mean the same to the server).
    mutating func encodeText(_ text: String?, forKey key: Key) throws {
        guard let text, !text.isEmpty else { return }
        try encode(text, forKey: key)
    }
}
