/// A strict parser of the Prometheus text exposition format 0.0.4, written from the format's
/// documentation, to check what the registry writes: every line must follow the grammar, and
/// the format's rules on families hold (TYPE before the samples, one uninterrupted group per
/// metric, unique series, histogram buckets increasing and cumulative with `+Inf` equal to
/// `_count`).
struct Exposition {
    struct Sample: Hashable {
        var name: String
        var labels: [Label]
        var value: Double

        /// The value of label `name`, if present.
        func label(_ name: String) -> String? {
            labels.first { $0.name == name }?.value
        }
    }

    struct Label: Hashable {
        var name: String
        var value: String
    }

    struct Family {
        var name: String
        var help: String?
        var type: String
        var samples: [Sample]
    }

    struct ParseError: Error, CustomStringConvertible {
        var line: Int
        var problem: String
        var description: String { "line \(line): \(problem)" }
    }

    /// The families in the order written.
    var families: [Family] = []

    func family(_ name: String) -> Family? {
        families.first { $0.name == name }
    }

    init(parsing text: String) throws {
        guard text.isEmpty || text.hasSuffix("\n") else { throw ParseError(line: 0, problem: "no final line feed") }
        var helps: [String: String] = [:]
        var types: [String: String] = [:]
        var finished: Set<String> = []  // families whose group has ended
        var seriesSeen: Set<[[UInt8]]> = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let lineNumber = number + 1
            func fail(_ problem: String) -> ParseError { ParseError(line: lineNumber, problem: problem) }
            var cursor = Cursor(Array(line.unicodeScalars))
            cursor.skipBlanks()
            if cursor.atEnd { continue }
            if cursor.peek == "#" {
                cursor.advance()
                cursor.skipBlanks()
                let keyword = cursor.token()
                guard keyword == "HELP" || keyword == "TYPE" else { continue }  // a plain comment
                cursor.skipBlanks()
                let name = cursor.token()
                guard Self.isMetricName(name) else { throw fail("bad metric name '\(name)'") }
                if keyword == "HELP" {
                    guard helps[name] == nil else { throw fail("second HELP for \(name)") }
                    guard cursor.skipOneBlank() || cursor.atEnd else { throw fail("no blank after the name") }
                    do {
                        helps[name] = try cursor.rest(unescaping: ["\\": "\\", "n": "\n"])
                    } catch {
                        throw fail(error.text)
                    }
                } else {
                    guard types[name] == nil else { throw fail("second TYPE for \(name)") }
                    cursor.skipBlanks()
                    let type = cursor.token()
                    guard ["counter", "gauge", "histogram", "summary", "untyped"].contains(type) else {
                        throw fail("bad type '\(type)'")
                    }
                    cursor.skipBlanks()
                    guard cursor.atEnd else { throw fail("more after the type") }
                    guard !families.contains(where: { $0.name == name }) else { throw fail("TYPE after samples") }
                    types[name] = type
                    if let last = families.last { finished.insert(last.name) }
                    families.append(Family(name: name, help: helps[name], type: type, samples: []))
                }
                continue
            }
            let sample: Sample
            do {
                sample = try Self.parseSample(&cursor)
            } catch {
                throw fail(error.text)
            }
            let familyName = Self.familyName(of: sample.name, types: types)
            guard types[familyName] != nil else { throw fail("sample \(sample.name) without a TYPE") }
            guard !finished.contains(familyName), families.last?.name == familyName else {
                throw fail("samples of \(familyName) are not one uninterrupted group")
            }
            // By bytes, as Prometheus compares them (not by Swift's canonical equivalence).
            let key = ([sample.name] + sample.labels.sorted { $0.name < $1.name }.flatMap { [$0.name, $0.value] })
                .map { Array($0.utf8) }
            guard seriesSeen.insert(key).inserted else { throw fail("repeated series \(key)") }
            families[families.count - 1].samples.append(sample)
        }
        for index in families.indices {
            families[index].help = helps[families[index].name]
            if families[index].type == "histogram" { try Self.checkHistogram(families[index]) }
        }
    }

    /// The family a sample belongs to: a histogram `x` owns `x_bucket`, `x_sum` and `x_count`.
    static func familyName(of sample: String, types: [String: String]) -> String {
        for suffix in ["_bucket", "_sum", "_count"] where sample.hasSuffix(suffix) {
            let base = String(sample.dropLast(suffix.count))
            if types[base] == "histogram" { return base }
        }
        return sample
    }

    static func checkHistogram(_ family: Family) throws {
        func fail(_ problem: String) -> ParseError {
            ParseError(line: 0, problem: "histogram \(family.name): \(problem)")
        }
        var groups: [[Label]: [Sample]] = [:]
        for sample in family.samples {
            groups[sample.labels.filter { $0.name != "le" }, default: []].append(sample)
        }
        for (labels, samples) in groups {
            let buckets = samples.filter { $0.name == family.name + "_bucket" }
            guard buckets.allSatisfy({ $0.label("le") != nil }) else { throw fail("a bucket without le") }
            let bounds = buckets.compactMap { $0.label("le").flatMap(parseFloat) }
            guard bounds.count == buckets.count else { throw fail("a bad le") }
            guard zip(bounds, bounds.dropFirst()).allSatisfy({ $0 < $1 }) else { throw fail("le not increasing") }
            guard bounds.last == .infinity else { throw fail("no +Inf bucket for \(labels)") }
            let counts = buckets.map(\.value)
            guard zip(counts, counts.dropFirst()).allSatisfy({ $0 <= $1 }) else { throw fail("buckets not cumulative") }
            guard let count = samples.first(where: { $0.name == family.name + "_count" })?.value else {
                throw fail("no _count")
            }
            guard counts.last == count else { throw fail("+Inf bucket \(counts.last ?? -1) != _count \(count)") }
            guard samples.contains(where: { $0.name == family.name + "_sum" }) else { throw fail("no _sum") }
        }
    }

    static func parseSample(_ cursor: inout Cursor) throws(Problem) -> Sample {
        let name = cursor.token(stoppingAt: "{")
        guard isMetricName(name) else { throw Problem("bad metric name '\(name)'") }
        var labels: [Label] = []
        if cursor.peek == "{" {
            cursor.advance()
            while cursor.peek != "}" {
                cursor.skipBlanks()
                let labelName = cursor.token(stoppingAt: "=")
                guard isLabelName(labelName) else { throw Problem("bad label name '\(labelName)'") }
                guard cursor.take("="), cursor.take("\"") else { throw Problem("expected =\" after \(labelName)") }
                let value = try cursor.quoted()
                guard !labels.contains(where: { $0.name == labelName }) else { throw Problem("repeated label") }
                labels.append(Label(name: labelName, value: value))
                cursor.skipBlanks()
                if cursor.take(",") {
                    cursor.skipBlanks()
                    continue
                }
                guard cursor.peek == "}" else { throw Problem("expected , or }") }
            }
            cursor.advance()
        }
        guard cursor.skipBlanks() > 0 else { throw Problem("no blank before the value") }
        let valueText = cursor.token()
        guard let value = parseFloat(valueText) else { throw Problem("bad value '\(valueText)'") }
        cursor.skipBlanks()
        if !cursor.atEnd {
            let timestamp = cursor.token()
            guard Int64(timestamp) != nil else { throw Problem("bad timestamp '\(timestamp)'") }
            cursor.skipBlanks()
            guard cursor.atEnd else { throw Problem("more after the timestamp") }
        }
        return Sample(name: name, labels: labels, value: value)
    }

    /// A float as Go's `ParseFloat` reads one: decimal with optional fraction and exponent,
    /// or `NaN` / `Inf` / `+Inf` / `-Inf` (any case).
    static func parseFloat(_ text: String) -> Double? {
        switch text.lowercased() {
        case "nan": return .nan
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        default: break
        }
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
        let digits = scalars.prefix { ("0"..."9").contains($0) }
        scalars = scalars.dropFirst(digits.count)
        var fraction = 0
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            fraction = scalars.prefix { ("0"..."9").contains($0) }.count
            scalars = scalars.dropFirst(fraction)
        }
        guard digits.count + fraction > 0 else { return nil }
        if scalars.first == "e" || scalars.first == "E" {
            scalars = scalars.dropFirst()
            if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
            let exponent = scalars.prefix { ("0"..."9").contains($0) }
            guard !exponent.isEmpty else { return nil }
            scalars = scalars.dropFirst(exponent.count)
        }
        guard scalars.isEmpty else { return nil }
        return Double(text)
    }

    static func isMetricName(_ name: String) -> Bool {
        isName(name, extra: ":")
    }

    static func isLabelName(_ name: String) -> Bool {
        isName(name, extra: nil)
    }

    static func isName(_ name: String, extra: Unicode.Scalar?) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == extra
        }
    }
}

/// Reads one line scalar by scalar.
struct Cursor {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var atEnd: Bool { position == scalars.count }
    var peek: Unicode.Scalar? { atEnd ? nil : scalars[position] }

    mutating func advance() {
        position += 1
    }

    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        position += 1
        return true
    }

    @discardableResult
    mutating func skipBlanks() -> Int {
        var skipped = 0
        while peek == " " || peek == "\t" {
            position += 1
            skipped += 1
        }
        return skipped
    }

    mutating func skipOneBlank() -> Bool {
        take(" ") || take("\t")
    }

    /// Scalars up to a blank, the end, or `stop`.
    mutating func token(stoppingAt stop: Unicode.Scalar? = nil) -> String {
        var text = String.UnicodeScalarView()
        while let scalar = peek, scalar != " ", scalar != "\t", scalar != stop {
            text.append(scalar)
            position += 1
        }
        return String(text)
    }

    /// The rest of the line with `\x` escapes replaced as `escapes` says; any other escape fails.
    mutating func rest(unescaping escapes: [Unicode.Scalar: Unicode.Scalar]) throws(Problem) -> String {
        var text = String.UnicodeScalarView()
        while let scalar = peek {
            position += 1
            if scalar == "\\" {
                guard let next = peek, let replacement = escapes[next] else { throw Problem("bad escape") }
                position += 1
                text.append(replacement)
            } else {
                text.append(scalar)
            }
        }
        return String(text)
    }

    /// A label value after its opening quote, through the closing quote.
    mutating func quoted() throws(Problem) -> String {
        var text = String.UnicodeScalarView()
        while let scalar = peek {
            position += 1
            switch scalar {
            case "\"": return String(text)
            case "\\":
                guard let next = peek else { throw Problem("unterminated label value") }
                position += 1
                switch next {
                case "\\": text.append("\\")
                case "\"": text.append("\"")
                case "n": text.append("\n")
                default: throw Problem("bad escape \\\(next)")
                }
            default: text.append(scalar)
            }
        }
        throw Problem("unterminated label value")
    }
}

/// What is wrong with a line, before its number is known.
struct Problem: Error {
    let text: String

    init(_ text: String) {
        self.text = text
    }
}
