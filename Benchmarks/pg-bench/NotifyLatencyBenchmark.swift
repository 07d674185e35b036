import Foundation
import PostgreSQLClient
import Synchronization

/// Wake latency of LISTEN/NOTIFY: from just before one connection sends `pg_notify`
/// (autocommit) to the moment a listener blocked in `waitForNotification` on another
/// connection (its own thread) has it. One notification in flight at a time.
func notifyLatencyBenchmark(_ harness: BenchmarkHarness) throws {
    let count = harness.size(quick: 200, full: 2_000)
    let channel = "bench_wake"
    try harness.measure("notify-wake") {
        let latencies = Mutex<[Double]>([])
        let ready = DispatchSemaphore(value: 0)
        let received = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        let url = harness.url
        let listenerThread = Thread {
            do {
                let listener = try PostgresConnection.connect(url, responseTimeout: .seconds(60))
                try listener.listen(channel)
                ready.signal()
                for _ in 0..<count {
                    guard let notification = try listener.waitForNotification(timeout: .seconds(10)) else {
                        failure.withLock { $0 = "no notification within 10 s" }
                        received.signal()
                        return
                    }
                    let now = DispatchTime.now().uptimeNanoseconds
                    let sent = UInt64(notification.payload) ?? now
                    latencies.withLock { $0.append(Double(now - sent) / 1e3) }
                    received.signal()
                }
            } catch {
                failure.withLock { $0 = "\(error)" }
                ready.signal()
                received.signal()
            }
        }
        listenerThread.start()
        ready.wait()
        let sender = try harness.connect()
        for _ in 0..<count {
            try sender.notify(channel, payload: String(DispatchTime.now().uptimeNanoseconds))
            received.wait()
            if let message = failure.withLock({ $0 }) { BenchmarkHarness.check(false, message) }
        }
        let samples = latencies.withLock { $0 }.sorted()
        BenchmarkHarness.check(samples.count == count, "\(samples.count) of \(count) notifications arrived")
        return [
            ("p50", BenchmarkHarness.percentile(samples, 0.5), "us"),
            ("p99", BenchmarkHarness.percentile(samples, 0.99), "us"),
        ]
    }
}
