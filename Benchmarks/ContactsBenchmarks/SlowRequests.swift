/// The requests a service timed over 50 ms and over 100 ms, by JSON-RPC method, between two
/// scrapes of its `contacts_request_duration_seconds` histogram: which methods make a load's
/// tail, as the service saw them (from the complete head to the answer, without the kernel's
/// queues).
struct SlowRequests {
    /// One method's requests between the scrapes.
    struct Counts {
        let method: String
        let requests: Double
        let over50Millis: Double
        let over100Millis: Double
    }

    /// The methods with any request between the scrapes, by name.
    let methods: [Counts]
    /// The store's commits between the scrapes (`contacts_store_commit_duration_seconds`),
    /// as one more "method": the time every change of a commit group waits for.
    let commits: Counts

    /// The counts between `before` and `after`, two ``HTTPServeProcess/metrics()`` scrapes.
    init(before: [String: Double], after: [String: Double]) {
        let family = "contacts_request_duration_seconds"
        let countPrefix = family + "_count{method=\""
        func change(_ series: String) -> Double { (after[series] ?? 0) - (before[series] ?? 0) }
        // One histogram's series (`labels`: its labels but `le`, comma-separated) between the scrapes.
        func counts(_ name: String, family: String, labels: String) -> Counts {
            let requests = change(family + "_count" + (labels.isEmpty ? "" : "{\(labels)}"))
            func within(_ bound: String) -> Double {
                change(family + "_bucket{" + (labels.isEmpty ? "" : labels + ",") + "le=\"\(bound)\"}")
            }
            return Counts(
                method: name, requests: requests, over50Millis: requests - within("0.05"),
                over100Millis: requests - within("0.1"))
        }
        commits = counts("(store commits)", family: "contacts_store_commit_duration_seconds", labels: "")
        methods = after.keys.filter { $0.hasPrefix(countPrefix) }.sorted().compactMap { series in
            let method = String(series.dropFirst(countPrefix.count).dropLast(2))
            let counted = counts(method, family: family, labels: "method=\"\(method)\"")
            return counted.requests > 0 ? counted : nil
        }
    }

    /// The requests over 50 ms, of every method.
    var total: Double { methods.reduce(0) { $0 + $1.over50Millis } }

    /// `method N / M of R; …` for a row's workload text.
    var summary: String {
        (methods + [commits]).map {
            "\($0.method) \(Int($0.over50Millis)) / \(Int($0.over100Millis)) of \(Int($0.requests))"
        }
        .joined(separator: "; ")
    }
}
