import ContactsSupport

/// Something in a vCard file that could not be imported as written, with the line it is on.
///
/// A problem never stops the import: depending on its ``kind`` the card, the property or the
/// line is skipped (see ``skipsCard``), or the value is kept in a repaired form, and
/// everything else is imported.
///
/// ```swift
/// for problem in VCardParser.parse(bytes).problems {
///     print(problem)   // "line 12: BEGIN:VCARD without END:VCARD; card skipped"
/// }
/// ```
package struct VCardProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, and so what was skipped.
    package enum Kind: String, Hashable, Sendable {
        /// A card opened by `BEGIN:VCARD` and not closed by `END:VCARD` before the next
        /// `BEGIN:VCARD` or the end of the file. The card is skipped; the line is its BEGIN.
        case beginWithoutEnd
        /// `END:VCARD` with no open card. The line is ignored.
        case endWithoutBegin
        /// A line inside a card that is not `[group.]NAME[;params]:value`. The card is skipped.
        case notAProperty
        /// A `VERSION` other than 2.1, 3.0 and 4.0. The card is skipped.
        case unsupportedVersion
        /// A non-blank line outside any card. The line is ignored.
        case textOutsideCard
        /// A `CHARSET` other than UTF-8, US-ASCII, ISO-8859-1, ISO-8859-15 and Windows-1252.
        /// The property is skipped.
        case unsupportedCharset
        /// An `ENCODING` other than QUOTED-PRINTABLE, BASE64/B, 8BIT and 7BIT, or a BASE64
        /// value that does not decode. The property is skipped.
        case unsupportedEncoding
        /// Bytes that are not valid UTF-8 in a value read as UTF-8. The value is kept with
        /// each bad sequence replaced by U+FFFD.
        case invalidUTF8
        /// A `UID` that is not a valid contact id (1–128 UTF-8 bytes, no control
        /// characters). The card is imported with the id derived from its text.
        case invalidUID
        /// More problems than ``VCardParser/maxProblems``; they are not listed (their cards
        /// are still skipped or imported as usual). The line is the first one left out.
        case tooManyProblems
    }

    /// The 1-based line of the file the problem is on (for a folded property: its first line).
    package var line: Int
    /// What went wrong.
    package var kind: Kind
    /// One clear sentence naming what is wrong and what was skipped.
    package var message: String

    /// Makes a problem.
    package init(line: Int, kind: Kind, message: String) {
        self.line = line
        self.kind = kind
        self.message = message
    }

    /// Whether the whole card holding the problem was left out of the import.
    package var skipsCard: Bool {
        switch kind {
        case .beginWithoutEnd, .notAProperty, .unsupportedVersion: true
        case .endWithoutBegin, .textOutsideCard, .unsupportedCharset, .unsupportedEncoding,
            .invalidUTF8, .invalidUID, .tooManyProblems:
            false
        }
    }

    /// `line N: message`.
    package var description: String { "line \(line): \(message)" }
}
