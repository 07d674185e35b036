import ContactsSupport

/// Formatting for the demo's readable output: section headers, aligned tables, durations,
/// counts and dates.
enum DemoText {
    /// A section header: a blank line, the title, and a rule under it.
    static func header(_ title: String) -> String {
        "\n" + title + "\n" + String(repeating: "─", count: displayWidth(title)) + "\n"
    }

    /// `count` with thousands separators: `200,000`.
    static func count(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return count < 0 ? "-" + grouped : grouped
    }

    /// `count` (thousands grouped) and `singular`, plural unless `count` is 1: `1 contact`,
    /// `200,000 contacts`; `plural` spells an irregular plural.
    static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        Plural.count(count, singular, plural: plural, digits: { Self.count($0) })
    }

    /// A duration in the unit that reads best: `850 µs`, `12.3 ms`, `4.56 s`.
    static func duration(_ nanoseconds: UInt64) -> String {
        if nanoseconds < 1_000_000 { return "\((nanoseconds + 500) / 1000) µs" }
        if nanoseconds < 1_000_000_000 { return decimal(nanoseconds, unit: 100_000, places: 1) + " ms" }
        return decimal(nanoseconds, unit: 10_000_000, places: 2) + " s"
    }

    /// Microseconds, rounded: the column of the search tables.
    static func micros(_ nanoseconds: UInt64) -> String {
        String((nanoseconds + 500) / 1000)
    }

    /// `value / unit` rounded, printed with `places` decimals.
    private static func decimal(_ value: UInt64, unit: UInt64, places: Int) -> String {
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (value + unit / 2) / unit
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// A time (ms since the Unix epoch) as a UTC date and minute: `2023-06-14 10:23`.
    static func utc(_ milliseconds: Int64) -> String {
        let (days, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
        let minuteOfDay = millisecondOfDay / 60_000
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return
            "\(year)-\(twoDigits(month))-\(twoDigits(day)) \(twoDigits(minuteOfDay / 60)):\(twoDigits(minuteOfDay % 60))"
    }

    /// The proleptic Gregorian date `days` after 1970-01-01: counted in 400-year eras of
    /// 146,097 days from 0000-03-01, so that the leap day ends each year of the count.
    private static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)  // 719,468 days: 0000-03-01 to 1970-01-01
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 = March … 11 = February
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// The columns `text` takes in a terminal: East Asian wide characters take two, combining
    /// marks none, everything else one.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut.
    static func truncated(_ text: String, toWidth width: Int) -> String {
        guard displayWidth(text) > width else { return text }
        var result = ""
        var used = 0
        for scalar in text.unicodeScalars {
            let next = self.width(of: scalar)
            if used + next > width - 1 { break }
            result.unicodeScalars.append(scalar)
            used += next
        }
        return result + "…"
    }

    /// `text` padded with spaces to `width` columns, on the right or (for numbers) the left.
    static func padded(_ text: String, toWidth width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - displayWidth(text)))
        return right ? padding + text : text + padding
    }

    private static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }
}

/// Rows printed under a header line with every column aligned.
struct DemoTable {
    /// One column: its title, whether it is right-aligned (numbers), and the widest it may be.
    struct Column {
        var title: String
        var rightAligned = false
        var maximumWidth = 40
    }

    /// The columns.
    let columns: [Column]
    /// The rows, one string per column.
    private(set) var rows: [[String]] = []

    /// A table with `columns`.
    init(_ columns: [Column]) {
        self.columns = columns
    }

    /// Appends a row (missing cells are blank).
    mutating func append(_ cells: [String]) {
        rows.append(cells)
    }

    /// The table, indented two spaces, one line per row after the titles.
    var rendered: String {
        let cells = rows.map { row in
            columns.indices.map { index in
                DemoText.truncated(index < row.count ? row[index] : "", toWidth: columns[index].maximumWidth)
            }
        }
        let widths = columns.indices.map { index in
            cells.reduce(DemoText.displayWidth(columns[index].title)) { max($0, DemoText.displayWidth($1[index])) }
        }
        func line(_ row: [String]) -> String {
            let padded = columns.indices.map { index in
                index == columns.count - 1 && !columns[index].rightAligned
                    ? row[index]
                    : DemoText.padded(row[index], toWidth: widths[index], right: columns[index].rightAligned)
            }
            return "  " + padded.joined(separator: "  ") + "\n"
        }
        return line(columns.map(\.title)) + cells.map(line).joined()
    }
}
