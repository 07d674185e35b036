import ContactsHTTP
import Foundation
import Synchronization

/// Servers for the tests: loopback, ephemeral port, the given tweaks.
enum TestServer {
    /// A configuration on 127.0.0.1, ephemeral port, with `tweak` applied.
    static func configuration(_ tweak: (inout HTTPServerConfiguration) -> Void = { _ in }) -> HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        tweak(&configuration)
        return configuration
    }

    /// The JSON content type the tests' responses carry.
    static let json: HTTPHeaders = ["Content-Type": "application/json"]

    /// Answers 200 with the request's body.
    @Sendable static func echo(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, headers: json, body: request.body)
    }

    /// The URL of `path` on `server`.
    static func url(_ server: HTTPServer, _ path: String = "/rpc") -> String {
        "http://127.0.0.1:\(server.port)\(path)"
    }

    /// A request as sent by a plain client: `POST path` with `body` and `Content-Length`.
    static func post(_ path: String = "/rpc", body: String) -> String {
        "POST \(path) HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }
}

/// Counts calls from any thread.
final class CallCounter: Sendable {
    private let count = Atomic(0)

    func increment() {
        count.add(1, ordering: .relaxed)
    }

    var value: Int { count.load(ordering: .relaxed) }
}

/// Parses the `-w '%{time_total}\n'` lines curl writes after each transfer.
enum CurlTimings {
    /// The per-transfer times in seconds found in `text`, one per line starting with `T=`.
    static func seconds(in text: String) -> [Double] {
        text.split(separator: "\n").compactMap { line in
            line.hasPrefix("T=") ? Double(line.dropFirst(2)) : nil
        }
    }
}

/// A flag one thread sets and another polls.
final class StopFlag: Sendable {
    private let flag = Atomic(false)

    func set() {
        flag.store(true, ordering: .relaxed)
    }

    var isSet: Bool { flag.load(ordering: .relaxed) }
}
