import ContactsModel

/// Imports vCard files (versions 2.1, 3.0 and 4.0) as ``Contact`` values (PROTOCOL §1).
///
/// ```swift
/// let result = VCardParser.parse(Array(fileData))
/// for contact in result.contacts { … }            // ownerId is "": set it
/// for problem in result.problems { print(problem) } // "line 7: … card skipped"
/// ```
///
/// What is read: many cards per file; CRLF or LF; a leading byte order mark (UTF-8, or
/// UTF-16, which is transcoded); folded lines; 2.1 quoted-printable soft line breaks,
/// QUOTED-PRINTABLE, BASE64 and CHARSET (see `VCardLineReader`, `VCardProperty+Text`);
/// backslash escapes; property and parameter names in any case; `item1.` groups with
/// `X-ABLabel`; TYPE in all its spellings; 2.1 BASE64 values continued on lines without
/// folding whitespace. The mapping to a contact is `VCardCard+Contact`.
///
/// A malformed card (BEGIN without END, a line that is not a property, an unsupported
/// VERSION) is reported with its line number and skipped; the rest is imported. A card
/// without VERSION is read like the others. An `END:VCARD` without a card and text outside
/// cards are reported and ignored. Nothing in the input can make the parser crash.
package enum VCardParser {
    /// The most problems one import lists; past it one ``VCardProblem/Kind/tooManyProblems``
    /// entry stands for the rest, so that a huge non-vCard input cannot fill memory with
    /// messages.
    package static let maxProblems = 1000

    /// The VERSION values the parser reads.
    package static let supportedVersions: Set<String> = ["2.1", "3.0", "4.0"]

    /// Every card of `bytes` (a whole vCard file) as a contact, and the problems met.
    ///
    /// - Complexity: O(n) in the size of the file.
    package static func parse(_ bytes: [UInt8]) -> VCardImport {
        var session = Session()
        var reader = VCardLineReader(bytes)
        while let line = reader.next() {
            session.read(line)
        }
        session.finish()
        return session.result
    }

    /// Whether `bytes` look like a vCard file: after an optional byte order mark and blank
    /// lines, the first line is `BEGIN:VCARD` (any case). Only the start is examined.
    ///
    /// - Complexity: O(k) in the length of the leading blank lines and the first line.
    package static func looksLikeVCard(_ bytes: some Collection<UInt8>) -> Bool {
        let prefix = Array(bytes.prefix(probeLength))
        var reader = VCardLineReader(prefix)
        while let line = reader.next() {
            if isBlank(line.bytes) { continue }
            return VCardProperty(line).flatMap(marker(of:)) == .begin
        }
        return false
    }

    /// How many leading bytes ``looksLikeVCard(_:)`` examines: room for a byte order mark,
    /// some blank lines and the first line.
    package static let probeLength = 4096

    // MARK: - Reading cards

    /// The state of one import: the open card, if any, and the result so far.
    private struct Session {
        var result = VCardImport()
        var card: VCardCard?

        /// Takes one logical line.
        mutating func read(_ line: VCardLine) {
            guard !isBlank(line.bytes) else { return }
            let property = VCardProperty(line)
            let marker = property.flatMap(marker(of:))
            guard var open = card.take() else {
                switch marker {
                case .begin:
                    card = VCardCard(beginLine: line.number)
                    card?.appendText(line)
                    result.cardCount += 1
                case .end:
                    report(line.number, .endWithoutBegin, "END:VCARD without BEGIN:VCARD; line ignored")
                case nil:
                    report(line.number, .textOutsideCard, "text outside BEGIN:VCARD … END:VCARD; line ignored")
                }
                return
            }
            open.appendText(line)
            if open.agentDepth > 0 {
                open.agentDepth += marker == .begin ? 1 : marker == .end ? -1 : 0
                card = open
                return
            }
            switch marker {
            case .begin where open.failure == nil && open.expectsEmbeddedCard:
                open.agentDepth = 1
                card = open
            case .begin:
                skip(open)
                card = VCardCard(beginLine: line.number)
                card?.appendText(line)
                result.cardCount += 1
            case .end:
                close(open)
            case nil:
                if open.failure == nil { add(property, of: line, to: &open) }
                card = open
            }
        }

        /// Ends the file: an open card has no END.
        mutating func finish() {
            if let open = card.take() { skip(open) }
        }

        /// Adds a content line to the open card, or records why the card fails.
        /// A line that is not a property continues a BASE64 value written without folding
        /// whitespace (some vCard 2.1 writers do so, up to a blank line) when it holds only
        /// base64 characters.
        private func add(_ property: VCardProperty?, of line: VCardLine, to open: inout VCardCard) {
            guard let property else {
                if let last = open.properties.indices.last, open.properties[last].encoding == .base64,
                    line.bytes.allSatisfy(VCardParser.isBase64Character)
                {
                    open.properties[last].value += line.bytes
                    return
                }
                open.failure = VCardProblem(
                    line: line.number, kind: .notAProperty,
                    message: "not a vCard property (expected NAME:value, NAME;param=…:value); card skipped")
                return
            }
            if property.name == "VERSION" && !open.properties.contains(where: { $0.name == "VERSION" }) {
                let version = String(decoding: property.value, as: UTF8.self).trimmingASCIIWhitespace()
                if !VCardParser.supportedVersions.contains(version) {
                    open.failure = VCardProblem(
                        line: line.number, kind: .unsupportedVersion,
                        message: "VERSION \(version.debugDescription) is not supported (2.1, 3.0 and 4.0 are); "
                            + "card skipped")
                    return
                }
            }
            open.properties.append(property)
        }

        /// A card reached its END: imported, or reported when it failed.
        private mutating func close(_ closed: VCardCard) {
            if let failure = closed.failure {
                report(failure)
                return
            }
            var problems: [VCardProblem] = []
            result.contacts.append(closed.contact(problems: &problems))
            problems.forEach { report($0) }
        }

        /// A card without END: its own failure, else "BEGIN without END", is reported.
        private mutating func skip(_ unclosed: VCardCard) {
            report(
                unclosed.failure
                    ?? VCardProblem(
                        line: unclosed.beginLine, kind: .beginWithoutEnd,
                        message: "BEGIN:VCARD without END:VCARD; card skipped"))
        }

        private mutating func report(_ line: Int, _ kind: VCardProblem.Kind, _ message: String) {
            report(VCardProblem(line: line, kind: kind, message: message))
        }

        /// Records a problem, up to ``maxProblems``; then one summary entry.
        private mutating func report(_ problem: VCardProblem) {
            if result.problems.count < VCardParser.maxProblems {
                result.problems.append(problem)
            } else if result.problems.count == VCardParser.maxProblems {
                result.problems.append(
                    VCardProblem(
                        line: problem.line, kind: .tooManyProblems,
                        message: "more than \(VCardParser.maxProblems) problems; the rest are not listed"))
            }
        }
    }

    /// `BEGIN:VCARD` or `END:VCARD` (names and value in any case, parameters and
    /// surrounding blanks in the value allowed).
    private enum Marker { case begin, end }

    private static func marker(of property: VCardProperty) -> Marker? {
        guard property.group.isEmpty,
            property.name == "BEGIN" || property.name == "END",
            String(decoding: property.value, as: UTF8.self).trimmingASCIIWhitespace().uppercased() == "VCARD"
        else { return nil }
        return property.name == "BEGIN" ? .begin : .end
    }

    /// Whether a byte belongs in a base64 text (the RFC 4648 alphabet, `=`, blanks).
    private static func isBase64Character(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="),
            UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
            true
        default:
            false
        }
    }

    /// Whether a line holds nothing but spaces, tabs and carriage returns.
    private static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }
}
