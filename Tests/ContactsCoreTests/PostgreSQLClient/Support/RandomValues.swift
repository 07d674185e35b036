import ContactsSupport

/// Random values of the kinds a contacts store holds, including the awkward ones.
enum RandomValues {
    /// Pieces text is built from: quotes, backslashes, SQL, tabs and newlines, scripts
    /// beyond Latin, combining marks, emoji; no U+0000.
    static let textPieces = [
        "a", "Zoë", "O'Brien", "\"quoted\"", "back\\slash", "\\x00", "'); DROP TABLE users; --", "\t", "\n", "\r\n",
        "日本語", "Ελληνικά", "עברית", "e\u{301}", "👩‍👩‍👧", "%", "_", "$1", "NULL", " ", "",
    ]

    /// Text of 0 to `maximumPieces` pieces.
    static func text(_ generator: inout SplitMix64, maximumPieces: Int = 6) -> String {
        let count = Int.random(in: 0...maximumPieces, using: &generator)
        var text = ""
        for _ in 0..<count { text += textPieces.randomElement(using: &generator) ?? "" }
        return text
    }

    /// 0 to `maximumLength` random bytes (zero bytes included).
    static func bytes(_ generator: inout SplitMix64, maximumLength: Int = 64) -> [UInt8] {
        let count = Int.random(in: 0...maximumLength, using: &generator)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
