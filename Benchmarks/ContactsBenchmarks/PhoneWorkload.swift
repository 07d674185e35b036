import Foundation
import PhoneNumbers

/// One raw phone string with the default region it is normalized with (nil: none). Equal
/// when the bytes are equal (not merely canonically equivalent text, as `String` compares).
struct PhoneCase: Hashable {
    /// The number as written, as UTF-8 bytes.
    let raw: [UInt8]
    /// The default region handed to both normalizers, unchanged.
    let region: String?

    init(raw: [UInt8], region: String?) {
        self.raw = raw
        self.region = region
    }

    init(raw: String, region: String?) {
        self.init(raw: Array(raw.utf8), region: region)
    }

    static func == (left: PhoneCase, right: PhoneCase) -> Bool {
        left.raw == right.raw && left.region.map { Array($0.utf8) } == right.region.map { Array($0.utf8) }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(raw)
        hasher.combine(region.map { Array($0.utf8) })
    }

    /// The raw text, quoted as JSON would write it, and the region, for a failure line.
    var described: String {
        "\"\(String(decoding: raw, as: UTF8.self).unicodeScalars.map { $0.escaped(asASCII: true) }.joined())\" "
            + "in region \(region.map { "\"\($0)\"" } ?? "none")"
    }
}

/// A named list of phone strings, normalized the way an upload does: grouped by default
/// region, each group with ContactsCore's normalizer bound to that region and the region as
/// libphonenumber takes it. A pass answers every case, in ``cases`` order.
struct PhoneWorkload {
    /// One region's cases.
    struct Group {
        let region: String?
        let normalizer: PhoneNumberNormalizer
        let libPhoneNumberRegion: LibPhoneNumber.Region
        let raws: [[UInt8]]
    }

    /// What the cases are ("golden corpus", …).
    let name: String
    /// The groups, by region (none first, then by the code's bytes).
    let groups: [Group]
    /// Every case in pass order (group by group), repeats kept.
    let cases: [PhoneCase]

    /// The workload of `cases` (repeats kept: a fixture's phones repeat).
    init(name: String, cases input: [PhoneCase]) {
        self.name = name
        var byRegion: [[UInt8]?: (region: String?, raws: [[UInt8]])] = [:]
        for phoneCase in input {
            byRegion[phoneCase.region.map { Array($0.utf8) }, default: (phoneCase.region, [])].raws.append(
                phoneCase.raw)
        }
        let ordered = byRegion.values.sorted { left, right in
            guard let leftRegion = left.region else { return right.region != nil }
            guard let rightRegion = right.region else { return false }
            return leftRegion.utf8.lexicographicallyPrecedes(rightRegion.utf8)
        }
        groups = ordered.map { region, raws in
            Group(
                region: region, normalizer: PhoneNumberNormalizer(defaultRegion: region),
                libPhoneNumberRegion: LibPhoneNumber.Region(region), raws: raws)
        }
        cases = groups.flatMap { group in
            group.raws.map { PhoneCase(raw: $0, region: group.region) }
        }
    }

    /// The number of cases.
    var count: Int { cases.count }

    /// ContactsCore's answer to every case.
    ///
    /// - Complexity: one normalization per case.
    func oursPass() -> [PhoneAnswer] {
        var answers: [PhoneAnswer] = []
        answers.reserveCapacity(count)
        for group in groups {
            for raw in group.raws {
                answers.append(raw.withUnsafeBufferPointer { PhoneAnswer.ours(group.normalizer, $0) })
            }
        }
        return answers
    }

    /// libphonenumber's answer to every case.
    ///
    /// - Complexity: one `lpn_normalize` call per case.
    func libPhoneNumberPass() -> [PhoneAnswer] {
        var answers: [PhoneAnswer] = []
        answers.reserveCapacity(count)
        for group in groups {
            for raw in group.raws {
                answers.append(
                    raw.withUnsafeBufferPointer { PhoneAnswer.libPhoneNumber(group.libPhoneNumberRegion, $0) })
            }
        }
        return answers
    }

    /// Writes "REGION<TAB>raw" lines (an empty region for none) for
    /// `scripts/phone/bench_python.py --input`; raws with a tab or a line break cannot be
    /// written so and are left out.
    func exportTSV(to url: URL) throws {
        var text = ""
        for group in groups {
            for raw in group.raws where !raw.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                text += (group.region ?? "") + "\t" + String(decoding: raw, as: UTF8.self) + "\n"
            }
        }
        try Data(text.utf8).write(to: url)
    }
}
