import ContactsJSON

/// One line of the results table.
struct BenchmarkRow {
    /// What a row's figures are and how far they were checked.
    enum Kind: String {
        /// Ours beside a baseline computing the same answer, checked equal after the warm-up
        /// and on every sample.
        case checked
        /// A one-off fact with no baseline (a memory size, a load time).
        case fact
        /// A figure for context that is not the same computation as ours: no baseline, no ratio.
        case reference
        /// Ours and the baseline answered differently: the figures mean nothing, the run fails.
        case mismatch
        /// Recorded through ``BenchmarkRow/init(workload:size:unit:ours:baseline:bytesPerEntry:baselineBytesPerEntry:)``
        /// by a suite that does not check answers yet: labelled so in the table.
        case unchecked
    }

    let workload: String
    let size: String
    let unit: String
    let ours: Statistics
    let baseline: Statistics?
    let bytesPerEntry: Double?
    let baselineBytesPerEntry: Double?
    let kind: Kind
    /// How many times the two answers were compared and found equal.
    let checks: Int

    /// A row of `kind`.
    init(
        _ kind: Kind, workload: String, size: String, unit: String, ours: Statistics, baseline: Statistics?,
        checks: Int = 0, bytesPerEntry: Double? = nil, baselineBytesPerEntry: Double? = nil
    ) {
        self.kind = kind
        self.workload = workload
        self.size = size
        self.unit = unit
        self.ours = ours
        self.baseline = baseline
        self.checks = checks
        self.bytesPerEntry = bytesPerEntry
        self.baselineBytesPerEntry = baselineBytesPerEntry
    }

    /// A row whose answers nobody checked (``Kind/unchecked``), for suites not yet converted
    /// to ``BenchmarkRunner``'s checked comparisons.
    init(
        workload: String, size: String, unit: String, ours: Statistics, baseline: Statistics?, bytesPerEntry: Double?,
        baselineBytesPerEntry: Double?
    ) {
        self.init(
            .unchecked, workload: workload, size: size, unit: unit, ours: ours, baseline: baseline,
            bytesPerEntry: bytesPerEntry, baselineBytesPerEntry: baselineBytesPerEntry)
    }

    /// How many times better ours is (baseline / ours, for costs); none unless a baseline ran
    /// and the answers did not differ.
    var ratio: Double? {
        guard let baseline, kind == .checked || kind == .unchecked, ours.median > 0 else { return nil }
        return baseline.median / ours.median
    }

    static let header = """
        | workload | size | ours | baseline | ratio | answers | bytes/entry (ours / baseline) |
        |---|---|---|---|---|---|---|
        """

    /// What the answers column says.
    var answersText: String {
        switch kind {
        case .checked: "equal (\(checks) checks)"
        case .fact: "fact, no baseline"
        case .reference: "reference, no baseline"
        case .mismatch: "**MISMATCH**"
        case .unchecked: "NOT CHECKED"
        }
    }

    var tableLine: String {
        let oursText = "\(format(ours.median)) \(unit) ±\(format(ours.spreadPercent))%"
        let baselineText = baseline.map { "\(format($0.median)) \(unit)" } ?? "—"
        let ratioText = ratio.map { "\(format($0))×" } ?? "—"
        let bytes = [bytesPerEntry, baselineBytesPerEntry].map { $0.map { format($0) } ?? "—" }.joined(separator: " / ")
        return "| \(workload) | \(size) | \(oursText) | \(baselineText) | \(ratioText) | \(answersText) | \(bytes) |"
    }

    var jsonValue: JSONValue {
        func number(_ value: Double) -> JSONValue { .number(JSONNumber(validatedLiteral: format(value, digits: 6))) }
        var object: JSONObject = [
            "workload": .string(workload), "size": .string(size), "unit": .string(unit), "kind": .string(kind.rawValue),
            "median": number(ours.median), "min": number(ours.minimum), "max": number(ours.maximum),
        ]
        if kind == .checked { object["checks"] = .integer(checks) }
        if let baseline { object["baselineMedian"] = number(baseline.median) }
        if let ratio { object["ratio"] = number(ratio) }
        if let bytesPerEntry { object["bytesPerEntry"] = number(bytesPerEntry) }
        if let baselineBytesPerEntry { object["baselineBytesPerEntry"] = number(baselineBytesPerEntry) }
        return .object(object)
    }
}
