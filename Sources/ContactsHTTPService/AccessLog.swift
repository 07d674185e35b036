import ContactsHTTP
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One line per request on stderr (`--access-log`): method, target, status, body bytes and
/// the time from the complete head to the response, e.g.
/// `POST /rpc 200 57B 0.412ms`.
///
/// Each line is one `write(2)` of less than `PIPE_BUF` bytes (the target is cut short), so
/// lines from concurrent requests never interleave.
struct AccessLog: Sendable {
    /// The longest target logged, in bytes: keeps every line one atomic write.
    static let maximumTargetBytes = 256

    /// Logs the response to `head`.
    func write(_ head: HTTPRequestHead, _ response: HTTPResponse) {
        let elapsed = WallClock.monotonicNanoseconds() &- head.receivedAt
        let milliseconds = Double(elapsed) / 1e6
        var target = head.path + (head.query.map { "?" + $0 } ?? "")
        if target.utf8.count > Self.maximumTargetBytes {
            target = String(decoding: target.utf8.prefix(Self.maximumTargetBytes), as: UTF8.self) + "..."
        }
        let method = String(decoding: head.method.utf8.prefix(16), as: UTF8.self)
        let line =
            "\(method) \(Self.printable(target)) \(response.status) \(response.body.count)B "
            + "\(Self.threeDecimals(milliseconds))ms\n"
        try? FileOutput.writeAll(Array(line.utf8), to: STDERR_FILENO)
    }

    /// `text` with control characters shown as `?`, so a request cannot forge log lines.
    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// `value` with three decimals.
    private static func threeDecimals(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
