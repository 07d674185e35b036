/// The labels a packed contact stores as one small number (interned): the labels address books
/// use most, in a fixed order that is part of the binary contact form (``ContactCodec``) and
/// never changes (new labels may only be appended). Any other label is stored inline.
package enum ContactLabels {
    /// The interned labels; a label's code is its position. `""` (no label) is code 0.
    package static let known: [String] = [
        "", "mobile", "home", "work", "other", "main", "iPhone", "fax", "homefax", "workfax", "pager", "cell",
        "personal", "school", "business", "voice", "text", "video", "car", "assistant", "callback", "radio",
        "internet", "twitter", "facebook", "linkedin", "instagram", "github", "skype", "telegram", "whatsapp",
        "wechat", "signal", "xing", "flickr", "myspace", "sinaweibo", "yelp", "tiktok", "youtube", "mastodon",
        "gamecenter", "icloud", "google", "outlook", "yahoo", "aim", "icq", "jabber", "msn", "qq",
    ]

    /// The UTF-8 bytes of each interned label, by code.
    package static let knownBytes: [[UInt8]] = known.map { Array($0.utf8) }

    /// The codes of the interned labels of each byte length.
    private static let codesByLength: [[Int]] = {
        var codes = [[Int]](repeating: [], count: (knownBytes.map(\.count).max() ?? 0) + 1)
        for (code, bytes) in knownBytes.enumerated() { codes[bytes.count].append(code) }
        return codes
    }()

    /// The code of the label whose UTF-8 bytes are `bytes`, when it is interned.
    ///
    /// - Complexity: O(n) in the label's length: a few compares among the labels of its length.
    package static func code(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count < codesByLength.count else { return nil }
        for code in codesByLength[bytes.count] where knownBytes[code].elementsEqual(bytes) { return code }
        return nil
    }
}
