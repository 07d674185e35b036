import ContactsSupport

/// One card being read: its properties and its text, from `BEGIN:VCARD` on.
package struct VCardCard: Sendable {
    /// The line of its `BEGIN:VCARD`.
    package var beginLine: Int
    /// Its properties in order (BEGIN and END excluded; nothing of an embedded AGENT card).
    package var properties: [VCardProperty] = []
    /// Its logical lines, blank ones left out, each followed by LF, from BEGIN to END:
    /// what ``derivedID`` hashes, so that line endings and folding do not change the id.
    package var text: [UInt8] = []
    /// The first fault that makes the card skipped, if any.
    package var failure: VCardProblem?
    /// How deep the reader is inside embedded vCard 2.1 `AGENT:` cards (0 when not).
    package var agentDepth = 0

    /// An open card that started on line `beginLine`.
    package init(beginLine: Int) {
        self.beginLine = beginLine
    }

    /// Adds a logical line to the card's text.
    package mutating func appendText(_ line: VCardLine) {
        text += line.bytes
        text.append(UInt8(ascii: "\n"))
    }

    /// Whether the last property is an `AGENT` with an empty value: vCard 2.1 writes an
    /// embedded card on the lines after such a property.
    package var expectsEmbeddedCard: Bool {
        guard let last = properties.last else { return false }
        return last.name == "AGENT" && last.value.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The id of a card without a usable `UID`: `vcf-` and the 16 lowercase hex digits of
    /// the XXH3-64 (seed 0) of ``text``. The same card gives the same id in any file, with
    /// any line endings or folding; different cards give different ids (but for a 64-bit
    /// hash collision).
    package var derivedID: String {
        let hex = String(XXH3.hash64(text), radix: 16)
        return "vcf-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
