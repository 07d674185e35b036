/// A strict JSON parser (RFC 8259) over UTF-8 bytes.
///
/// It rejects everything JSON does not allow and that JSON-RPC's fine print names: invalid
/// UTF-8, `NaN` / `Infinity`, lone surrogates in `\u` escapes, control characters inside
/// strings, anything after the value, and nesting deeper than ``maximumDepth``.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"a":[1,2]}"#.utf8))
/// ```
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted (brackets inside strings do not count).
    public static let maximumDepth = 64

    /// Parses `bytes` as exactly one JSON value surrounded by optional whitespace.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            try parse(buffer)
        }
    }

    /// Parses the bytes of `buffer` as exactly one JSON value surrounded by optional whitespace.
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(buffer: buffer)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.position == buffer.count else {
            throw JSONParseError("unexpected content after the JSON value", at: parser.position)
        }
        return value
    }

    /// Parses the UTF-8 of `text` as one JSON value.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// The string value of the member `key` of the JSON object `buffer` holds (the last such
    /// member, as ``JSONObject`` reads it), found without building the object's other values:
    /// for telling what a request is before it is parsed. Nil when the member is missing or not
    /// a string, or the bytes are not a JSON object. The other members' values are skipped by
    /// their structure only, so bytes that ``parse(_:)-(UnsafeBufferPointer<UInt8>)`` rejects
    /// may still give an answer; the full parse has the last word.
    ///
    /// - Complexity: O(n) in the bytes; allocates only the object's keys and the value.
    public static func stringMember(_ key: String, ofObjectIn buffer: UnsafeBufferPointer<UInt8>) -> String? {
        var parser = JSONParser(buffer: buffer)
        return try? parser.stringMember(key)
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    private var current: UInt8? {
        position < buffer.count ? buffer[position] : nil
    }

    private mutating func skipWhitespace() {
        while position < buffer.count {
            switch buffer[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw JSONParseError("unexpected end of input", at: position) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw JSONParseError("unexpected character", at: position)
        }
    }

    private mutating func stringMember(_ wanted: String) throws(JSONParseError) -> String? {
        skipWhitespace()
        guard current == UInt8(ascii: "{") else { throw JSONParseError("expected an object", at: position) }
        var found: String?
        try readMembers { parser, key throws(JSONParseError) in
            if key.utf8Equals(wanted) {
                found = try parser.parseValue(depth: 1).stringValue
            } else {
                try parser.skipValue()
            }
        }
        return found
    }

    /// Moves past one value by its structure: brackets outside strings are counted, strings
    /// are skipped to their closing quote, other tokens to the next delimiter.
    private mutating func skipValue() throws(JSONParseError) {
        var depth = 0
        while let byte = current {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                // At depth 0 this closes the enclosing object: the scalar before it has ended.
                guard depth > 0 else { return }
                depth -= 1
                position += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""):
                position += 1
                while let inner = current, inner != UInt8(ascii: "\"") {
                    position += inner == UInt8(ascii: "\\") ? 2 : 1
                }
                guard current != nil else { throw JSONParseError("unterminated string", at: position) }
                position += 1
                if depth == 0 { return }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                guard depth > 0 else { return }
                position += 1
            default:
                position += 1
            }
        }
        if depth > 0 { throw JSONParseError("unexpected end of input", at: position) }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= buffer.count else { throw JSONParseError("invalid literal", at: position) }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where buffer[position + offset] != expected[offset] {
            throw JSONParseError("invalid literal", at: position)
        }
        position += count
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= Self.maximumDepth else {
            throw JSONParseError("nesting deeper than \(Self.maximumDepth)", at: position)
        }
        var members: [(String, JSONValue)] = []
        try readMembers { parser, key throws(JSONParseError) in
            members.append((key, try parser.parseValue(depth: depth)))
        }
        return .object(JSONObject(members))
    }

    /// Reads an object from its `{` (the current byte) past its `}`, calling `readValue` with
    /// each member's key once the parser stands at the member's value, which `readValue` must
    /// read.
    private mutating func readMembers(
        _ readValue: (inout JSONParser, String) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
        position += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw JSONParseError("expected a string key", at: position) }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw JSONParseError("expected ':'", at: position) }
            position += 1
            skipWhitespace()
            try readValue(&self, key)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                position += 1
                return
            default: throw JSONParseError("expected ',' or '}'", at: position)
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= Self.maximumDepth else {
            throw JSONParseError("nesting deeper than \(Self.maximumDepth)", at: position)
        }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw JSONParseError("expected ',' or ']'", at: position)
            }
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, isDigit(first) else { throw JSONParseError("invalid number", at: start) }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let digit = current, isDigit(digit) else { throw JSONParseError("invalid number", at: start) }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, isDigit(digit) else { throw JSONParseError("invalid number", at: start) }
            skipDigits()
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
        return JSONNumber(validatedLiteral: literal)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { position += 1 }
    }

    /// Parses a string starting at its opening quote; validates UTF-8 and escapes.
    private mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes — decode the run in place; ASCII needs no validation.
        var unionOfBytes: UInt8 = 0
        while position < buffer.count {
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: buffer[start..<position])
                position += 1
                if unionOfBytes < 0x80 { return String(decoding: run, as: UTF8.self) }
                return try validatedString(run, at: start)
            }
            unionOfBytes |= byte
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw JSONParseError("control character in string", at: position) }
            position += 1
        }
        var bytes = Array(UnsafeBufferPointer(rebasing: buffer[start..<position]))
        while position < buffer.count {
            let byte = buffer[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return try bytes.withUnsafeBufferPointer { run throws(JSONParseError) in
                    try validatedString(run, at: start)
                }
            case UInt8(ascii: "\\"):
                position += 1
                try appendEscape(to: &bytes)
            case 0..<0x20:
                throw JSONParseError("control character in string", at: position)
            default:
                bytes.append(byte)
                position += 1
            }
        }
        throw JSONParseError("unterminated string", at: start - 1)
    }

    private func validatedString(_ run: UnsafeBufferPointer<UInt8>, at offset: Int) throws(JSONParseError) -> String {
        guard let string = String(validating: run, as: UTF8.self) else {
            throw JSONParseError("invalid UTF-8 in string", at: offset)
        }
        return string
    }

    private mutating func appendEscape(to bytes: inout [UInt8]) throws(JSONParseError) {
        guard let byte = current else { throw JSONParseError("unterminated escape", at: position) }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = position - 2
            var scalar = UInt32(try parseHex4())
            if (0xD800...0xDBFF).contains(scalar) {
                guard position + 1 < buffer.count, buffer[position] == UInt8(ascii: "\\"),
                    buffer[position + 1] == UInt8(ascii: "u")
                else { throw JSONParseError("lone surrogate in \\u escape", at: escapeStart) }
                position += 2
                let low = UInt32(try parseHex4())
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONParseError("lone surrogate in \\u escape", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw JSONParseError("lone surrogate in \\u escape", at: escapeStart)
            }
            guard let unicodeScalar = Unicode.Scalar(scalar) else {
                throw JSONParseError("invalid \\u escape", at: escapeStart)
            }
            bytes.append(contentsOf: unicodeScalar.utf8)
        default:
            throw JSONParseError("invalid escape", at: position - 2)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard position + 4 <= buffer.count else { throw JSONParseError("invalid \\u escape", at: position) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = buffer[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError("invalid \\u escape", at: position)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }
}
