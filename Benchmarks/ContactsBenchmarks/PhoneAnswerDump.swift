import ContactsJSON
import Foundation

/// `ContactsBenchmarks --phone-answers FILE`: both normalizers' answers to every distinct case
/// of the phone benchmark's workloads, as JSON Lines
/// `{"set","raw","region","contactsCore","libphonenumber"}` (answers as `+E164` or the
/// PROTOCOL §3 name) — the input of scripts/phone/known_differences.sh, which classifies the
/// disagreements and writes the known-differences list.
enum PhoneAnswerDump {
    /// Writes the dump of the workloads of a `contacts`-contact fixture to `path`.
    static func write(to path: String, contacts: Int) throws {
        var writer = JSONWriter()
        for workload in try PhoneInputs.workloads(contacts: contacts) {
            let ours = workload.oursPass()
            let theirs = workload.libPhoneNumberPass()
            var seen = Set<PhoneCase>()
            for (position, phoneCase) in workload.cases.enumerated() where seen.insert(phoneCase).inserted {
                writer.write(
                    .object([
                        "set": .string(workload.name), "raw": .string(String(decoding: phoneCase.raw, as: UTF8.self)),
                        "region": .string(orNull: phoneCase.region),
                        "contactsCore": .string(ours[position].description),
                        "libphonenumber": .string(theirs[position].description),
                    ]))
                writer.appendRaw("\n")
            }
        }
        try Data(writer.bytes).write(to: URL(fileURLWithPath: path))
    }
}
