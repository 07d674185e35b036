import ContactsJSON
import Foundation

/// The committed cases on which ContactsCore's normalizer and libphonenumber (C++, the
/// release of ``LibPhoneNumber/version``) answer differently, each with its proven cause
/// (data/libphonenumber_known_differences.jsonl, written by
/// scripts/phone/known_differences.sh): one JSON object a line,
/// `{"raw","region","contactsCore","libphonenumber","cause",…}`.
///
/// A case is excused only when both answers are exactly the recorded ones (``rule(for:)``);
/// an entry whose case no input holds is stale (``unmatched(by:)``).
struct PhoneKnownDifferences {
    /// One recorded difference: both answers and why they differ.
    struct Entry {
        let ours: PhoneAnswer
        let libPhoneNumber: PhoneAnswer
        let cause: String
    }

    /// Where the list was read from.
    let path: String
    /// The recorded entries by case.
    let entries: [PhoneCase: Entry]

    /// Reads the list at `path`.
    ///
    /// - Throws: ``PhoneInputError`` naming the file and line that is not a known-difference
    ///   line, or a case listed twice.
    init(path: String) throws {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PhoneInputError(description: "cannot read \(path)")
        }
        var entries: [PhoneCase: Entry] = [:]
        for (index, line) in [UInt8](data).split(separator: UInt8(ascii: "\n")).enumerated() {
            let object = try? JSONParser.parse(Array(line)).objectValue
            guard let object, let raw = object["raw"]?.stringValue, let region = object["region"],
                region.isNull || region.stringValue != nil,
                let ours = object["contactsCore"]?.stringValue.flatMap(PhoneAnswer.init(text:)),
                let theirs = object["libphonenumber"]?.stringValue.flatMap(PhoneAnswer.init(text:)),
                let cause = object["cause"]?.stringValue
            else { throw PhoneInputError(description: "\(path):\(index + 1): not a known-difference line") }
            let phoneCase = PhoneCase(raw: raw, region: region.stringValue)
            guard entries.updateValue(Entry(ours: ours, libPhoneNumber: theirs, cause: cause), forKey: phoneCase) == nil
            else { throw PhoneInputError(description: "\(path):\(index + 1): \(phoneCase.described) is listed twice") }
        }
        self.entries = entries
    }

    /// The agreement rule of `workload`'s answers: equal at every position, except at a
    /// listed case, where ContactsCore and libphonenumber must give exactly the recorded
    /// answers.
    func rule(for workload: PhoneWorkload) -> KnownDifferenceRule {
        var excused: [Int: Entry] = [:]
        for (position, phoneCase) in workload.cases.enumerated() {
            if let entry = entries[phoneCase] { excused[position] = entry }
        }
        return KnownDifferenceRule(cases: workload.cases, excused: excused, path: path)
    }

    /// The listed cases that none of `workloads` holds: stale entries (the inputs changed and
    /// the list was not made again).
    func unmatched(by workloads: [PhoneWorkload]) -> [PhoneCase] {
        var remaining = Set(entries.keys)
        for workload in workloads {
            for phoneCase in workload.cases { remaining.remove(phoneCase) }
        }
        return remaining.sorted { $0.raw.lexicographicallyPrecedes($1.raw) }
    }
}

/// ContactsCore's and libphonenumber's answers to a workload agree when they are equal at
/// every position but the excused ones (listed known differences), where both are exactly the
/// recorded answers: an unknown disagreement, a listed case answered otherwise than recorded,
/// and a listed case on which both now agree (stale) all differ.
struct KnownDifferenceRule: AnswerRule {
    /// The workload's cases, by position.
    let cases: [PhoneCase]
    /// The listed known differences among them, by position.
    let excused: [Int: PhoneKnownDifferences.Entry]
    /// The list's path, for the failure line.
    let path: String

    func difference(ours: [PhoneAnswer], baseline: [PhoneAnswer]) -> String? {
        guard ours.count == cases.count, baseline.count == cases.count else {
            return "\(ours.count) and \(baseline.count) answers to \(cases.count) cases"
        }
        var first: String?
        var problems = 0
        for position in cases.indices {
            let (mine, theirs) = (ours[position], baseline[position])
            let problem: String?
            if let entry = excused[position] {
                if mine == entry.ours && theirs == entry.libPhoneNumber {
                    problem = nil
                } else if mine == theirs {
                    problem = "stale known difference: both now answer \(mine)"
                } else {
                    problem = "known difference changed: ContactsCore \(mine), libphonenumber \(theirs)"
                }
                if problem != nil, first == nil {
                    first =
                        "\(problem ?? "") on \(cases[position].described) (recorded ContactsCore \(entry.ours), "
                        + "libphonenumber \(entry.libPhoneNumber), \(entry.cause))"
                }
            } else {
                problem = mine == theirs ? nil : "unknown disagreement: ContactsCore \(mine), libphonenumber \(theirs)"
                if let problem, first == nil { first = "\(problem) on \(cases[position].described)" }
            }
            if problem != nil { problems += 1 }
        }
        guard let first else { return nil }
        return
            "\(first); \(problems) case(s) in all not excused by \(path) (scripts/phone/known_differences.sh makes it)"
    }
}

/// A phone input file that is missing or malformed, named with what is wrong.
struct PhoneInputError: Error, CustomStringConvertible {
    let description: String
}
