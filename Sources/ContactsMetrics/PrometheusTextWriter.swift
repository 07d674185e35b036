/// Writes the Prometheus text exposition format, version 0.0.4: `# HELP` and `# TYPE`
/// lines, then one `name{label="value",…} value` line per sample, each ended by `\n`.
///
/// Label values escape backslash, double quote and line feed (`\\`, `\"`, `\n`); help text
/// escapes backslash and line feed. Values are written as Go's `ParseFloat` reads them:
/// integers as integers, other finite values in the shortest form that reads back exactly,
/// and `NaN`, `+Inf`, `-Inf`.
struct PrometheusTextWriter {
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8] = []

    /// The largest magnitude below which an integral double is written without a fraction
    /// or exponent: 2^53, where every integer is still exact.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// Appends the `# HELP` and `# TYPE` lines of a family.
    mutating func writeHeader(name: String, help: String, type: String) {
        append("# HELP ")
        append(name)
        append(" ")
        for byte in help.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "\n"): append("\\n")
            default: bytes.append(byte)
            }
        }
        append("\n# TYPE ")
        append(name)
        append(" ")
        append(type)
        append("\n")
    }

    /// Appends one sample line: `name`, the rendered `labels` and `extraLabel` (either may
    /// be empty) in braces when there are any, then `value`.
    mutating func writeSample(name: [UInt8], labels: [UInt8], extraLabel: [UInt8] = [], value: String) {
        bytes.append(contentsOf: name)
        if !labels.isEmpty || !extraLabel.isEmpty {
            bytes.append(UInt8(ascii: "{"))
            bytes.append(contentsOf: labels)
            if !labels.isEmpty && !extraLabel.isEmpty { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: extraLabel)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: " "))
        append(value)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The text of a label set, `names[0]="values[0]",…`, with the values escaped.
    static func renderLabels(names: [String], values: [String]) -> [UInt8] {
        var rendered: [UInt8] = []
        for (index, (name, value)) in zip(names, values).enumerated() {
            if index > 0 { rendered.append(UInt8(ascii: ",")) }
            rendered.append(contentsOf: name.utf8)
            rendered.append(contentsOf: "=\"".utf8)
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): rendered.append(contentsOf: "\\\\".utf8)
                case UInt8(ascii: "\""): rendered.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\n"): rendered.append(contentsOf: "\\n".utf8)
                default: rendered.append(byte)
                }
            }
            rendered.append(UInt8(ascii: "\""))
        }
        return rendered
    }

    /// `value` as a sample value or a bucket bound.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Inf" : "+Inf" }
        if value == value.rounded(.towardZero), abs(value) < exactIntegerLimit { return String(Int64(value)) }
        return value.description
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}
