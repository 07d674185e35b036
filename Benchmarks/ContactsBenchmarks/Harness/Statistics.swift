/// Median and spread of samples.
struct Statistics {
    let median: Double
    let minimum: Double
    let maximum: Double

    /// The statistics of `samples` (an odd count has its middle sample as the median; NaN for
    /// none).
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
