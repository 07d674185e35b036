import ContactsCore
import ContactsJSON
import ContactsModel
import ContactsSearch
import ContactsSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The output of `contacts search`: per query, either one JSON line or a header and one line
/// per result; then a summary of the latencies and of the time the index took.
///
/// JSON (`--json`), key order fixed:
/// ```
/// {"query":"nun","total":3,"ids":["c2","c9","c1"],"micros":41}
/// {"summary":{"queries":1,"p50":41,"p95":41,"p99":41,"buildMillis":812}}
/// ```
struct SearchReport {
    /// Text is written to stdout once this many bytes are buffered.
    static let flushBytes = 1 << 16

    private let json: Bool
    private var buffer: [UInt8] = []
    private var micros: [Int] = []

    /// A report in JSON Lines when `json`, else in text for people.
    init(json: Bool) {
        self.json = json
    }

    /// Adds the result of one query, found in `micros` microseconds: `total` matches, the
    /// `ids` shown (ranked), and for text output the `results` shown — each contact with the
    /// fields its match was found in.
    mutating func add(
        query: String, total: Int, ids: ByteStringList, results: [(contact: Contact, fields: [MatchedField])],
        micros: Int
    ) throws {
        self.micros.append(micros)
        if json {
            try appendJSONLine(query: query, total: total, ids: ids, micros: micros)
            return
        }
        let matches = total == 1 ? "1 match" : "\(total) matches"
        try append(line: "\(Self.quoted(query)): \(matches), \(results.count) shown, \(micros) µs")
        let rankWidth = String(results.count).count
        let idWidth = results.reduce(0) { max($0, Self.printable($1.contact.id).count) }
        let nameWidth = results.reduce(0) { max($0, Self.printable($1.contact.effectiveDisplayName).count) }
        for (offset, result) in results.enumerated() {
            let rank = Self.padded(String(offset + 1), to: rankWidth, leading: true)
            let id = Self.padded(Self.printable(result.contact.id), to: idWidth, leading: false)
            var line = "  \(rank)  \(id)  \(Self.printable(result.contact.effectiveDisplayName))"
            if !result.fields.isEmpty {
                line = Self.padded(line, to: 6 + rankWidth + idWidth + nameWidth, leading: false)
                line += "  (" + result.fields.map(Self.described).joined(separator: "; ") + ")"
            }
            try append(line: line)
        }
    }

    /// One matched field as a result line shows it: the field's name, and its value unless it
    /// is the display name (shown on the line already).
    static func described(_ field: MatchedField) -> String {
        field.kind == .name ? "name" : "\(field.kind.rawValue) \(printable(field.value))"
    }

    /// `{"query":q,"total":n,"ids":[..],"micros":t}`, the ids written one by one (a list of
    /// every match can hold millions).
    private mutating func appendJSONLine(query: String, total: Int, ids: ByteStringList, micros: Int) throws {
        var line = JSONWriter()
        line.appendRaw(#"{"query":"#)
        line.writeString(query)
        line.appendRaw(#","total":"#)
        line.writeInteger(Int64(total))
        line.appendRaw(#","ids":["#)
        for position in 0..<ids.count {
            if position > 0 { line.appendRaw(",") }
            ids.withBytes(position) { line.writeString(utf8: $0) }
            if line.bytes.count >= Self.flushBytes {
                buffer.append(contentsOf: line.bytes)
                line.removeAll()
                try flush()
            }
        }
        line.appendRaw(#"],"micros":"#)
        line.writeInteger(Int64(micros))
        line.appendRaw("}\n")
        buffer.append(contentsOf: line.bytes)
        if buffer.count >= Self.flushBytes { try flush() }
    }

    /// Writes the summary (`buildMillis`: the time to build or reopen the index) and flushes.
    mutating func finish(buildMillis: Int) throws {
        let sorted = micros.sorted()
        let (p50, p95, p99) = (
            Self.percentile(50, of: sorted), Self.percentile(95, of: sorted), Self.percentile(99, of: sorted)
        )
        if json {
            let summary: JSONObject = [
                "queries": .integer(sorted.count),
                "p50": .integer(p50),
                "p95": .integer(p95),
                "p99": .integer(p99),
                "buildMillis": .integer(buildMillis),
            ]
            try append(json: .object(["summary": .object(summary)]))
        } else {
            let queries = sorted.count == 1 ? "1 query" : "\(sorted.count) queries"
            try append(
                line: "\(queries): p50 \(p50) µs, p95 \(p95) µs, p99 \(p99) µs; index ready in \(buildMillis) ms")
        }
        try flush()
    }

    /// The nearest-rank `percent` percentile of `sorted` (ascending): the smallest value that
    /// at least `percent`% of the values do not exceed; 0 for no values.
    static func percentile(_ percent: Int, of sorted: [Int]) -> Int {
        guard !sorted.isEmpty else { return 0 }
        let rank = (percent * sorted.count + 99) / 100
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    /// `text` with every control character (general category Cc) shown as U+FFFD, so that a
    /// value always stays on its line.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    /// `text` in double quotes, printable.
    private static func quoted(_ text: String) -> String {
        "\"\(printable(text))\""
    }

    /// `text` padded with spaces to `width` characters, before it when `leading`.
    private static func padded(_ text: String, to width: Int, leading: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return leading ? padding + text : text + padding
    }

    private mutating func append(json value: JSONValue) throws {
        var writer = JSONWriter()
        writer.write(value)
        buffer.append(contentsOf: writer.bytes)
        buffer.append(0x0A)
        if buffer.count >= Self.flushBytes { try flush() }
    }

    private mutating func append(line: String) throws {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= Self.flushBytes { try flush() }
    }

    private mutating func flush() throws {
        try FileOutput.writeAll(buffer, to: STDOUT_FILENO)
        buffer.removeAll(keepingCapacity: true)
    }
}
