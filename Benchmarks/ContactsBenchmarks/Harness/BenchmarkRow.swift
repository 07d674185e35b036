import ContactsCore
import ContactsJSON

/// Median and spread of samples.
struct Statistics {
    let median: Double
    let minimum: Double
    let maximum: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        median = sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        minimum = sorted.first ?? .nan
        maximum = sorted.last ?? .nan
    }

    /// Half the range relative to the median, in percent.
    var spreadPercent: Double {
        median > 0 ? (maximum - minimum) / 2 / median * 100 : 0
    }
}

/// One line of the results table.
struct BenchmarkRow {
    let workload: String
    let size: String
    let unit: String
    let ours: Statistics
    let baseline: Statistics?
    let bytesPerEntry: Double?
    let baselineBytesPerEntry: Double?

    /// How many times better ours is (baseline / ours, for costs).
    var ratio: Double? {
        guard let baseline, ours.median > 0 else { return nil }
        return baseline.median / ours.median
    }

    static let header = """
        | workload | size | ours | baseline | ratio | bytes/entry (ours / baseline) |
        |---|---|---|---|---|---|
        """

    var tableLine: String {
        let oursText = "\(format(ours.median)) \(unit) ±\(format(ours.spreadPercent))%"
        let baselineText = baseline.map { "\(format($0.median)) \(unit)" } ?? "—"
        let ratioText = ratio.map { "\(format($0))×" } ?? "—"
        let bytes = [bytesPerEntry, baselineBytesPerEntry].map { $0.map { format($0) } ?? "—" }.joined(separator: " / ")
        return "| \(workload) | \(size) | \(oursText) | \(baselineText) | \(ratioText) | \(bytes) |"
    }

    var jsonValue: JSONValue {
        var object: JSONObject = [
            "workload": .string(workload), "size": .string(size), "unit": .string(unit),
            "median": .number(JSONNumber(validatedLiteral: format(ours.median, digits: 6))),
            "min": .number(JSONNumber(validatedLiteral: format(ours.minimum, digits: 6))),
            "max": .number(JSONNumber(validatedLiteral: format(ours.maximum, digits: 6))),
        ]
        if let baseline {
            object["baselineMedian"] = .number(JSONNumber(validatedLiteral: format(baseline.median, digits: 6)))
        }
        if let ratio { object["ratio"] = .number(JSONNumber(validatedLiteral: format(ratio, digits: 6))) }
        if let bytesPerEntry {
            object["bytesPerEntry"] = .number(JSONNumber(validatedLiteral: format(bytesPerEntry, digits: 6)))
        }
        if let baselineBytesPerEntry {
            object["baselineBytesPerEntry"] = .number(
                JSONNumber(validatedLiteral: format(baselineBytesPerEntry, digits: 6)))
        }
        return .object(object)
    }
}

/// `value` with about three significant digits (or `digits` after the point), never in
/// exponent form, so it is also a valid JSON number.
func format(_ value: Double, digits: Int? = nil) -> String {
    guard value.isFinite else { return "0" }
    let places = digits ?? (abs(value) >= 100 ? 0 : abs(value) >= 10 ? 1 : abs(value) >= 1 ? 2 : 3)
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if places == 0 { return String(Int64(rounded)) }
    let integerPart = Int64(rounded.magnitude.rounded(.down))
    var fraction = String(Int64(((rounded.magnitude - Double(integerPart)) * scale).rounded()))
    while fraction.count < places { fraction = "0" + fraction }
    return (rounded < 0 ? "-" : "") + "\(integerPart).\(fraction)"
}
