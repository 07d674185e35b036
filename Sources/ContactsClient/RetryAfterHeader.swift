import Foundation

/// Reads an HTTP `Retry-After` value (RFC 9110 §10.2.3).
enum RetryAfterHeader {
    /// The wait the value asks for, in seconds: delay-seconds (`120`) or an HTTP-date
    /// (`Fri, 31 Dec 1999 23:59:59 GMT`, counted from now, at least 0); `nil` when it is neither.
    static func seconds(_ value: String) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Digits only: a count of seconds (too many digits to fit: as long as anyone waits).
            return TimeInterval(UInt32(text) ?? UInt32.max)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }
}
