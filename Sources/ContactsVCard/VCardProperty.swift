/// One parameter of a vCard property: `NAME=value,value` (3.0/4.0, values possibly quoted)
/// or a bare `VALUE` (2.1).
package struct VCardParameter: Hashable, Sendable {
    /// The parameter name in ASCII upper case. A bare 2.1 parameter is `ENCODING` when it
    /// is an encoding (QUOTED-PRINTABLE, BASE64, 8BIT, 7BIT) and `TYPE` otherwise.
    package var name: String
    /// The values as written (quotes removed), in order.
    package var values: [String]
}

/// One content line of a card, `[group.]NAME[;param…]:value`, before its value is decoded.
///
/// Names and groups are case-insensitive and kept in ASCII upper case. The value stays raw
/// bytes: decoding (quoted-printable, charset, backslash escapes) depends on the property
/// and is done by `VCardProperty+Text`.
package struct VCardProperty: Hashable, Sendable {
    /// The group before the dot (`ITEM1` in `item1.TEL`), upper case; `""` when none.
    package var group: String
    /// The property name, upper case (`TEL`, `X-ABLABEL`).
    package var name: String
    /// The parameters, in order.
    package var parameters: [VCardParameter]
    /// The raw bytes of the value (everything after the first `:` outside quotes).
    package var value: ArraySlice<UInt8>
    /// The line the property starts on.
    package var line: Int

    /// The property a logical line holds, or nil when the line is not of the form
    /// `[group.]NAME[;param…]:value` (NAME and group: letters, digits, `-`, `_`).
    ///
    /// - Complexity: O(k) in the length of the line.
    package init?(_ logicalLine: VCardLine) {
        guard let head = Self.parseHead(logicalLine.bytes) else { return nil }
        group = head.group
        name = head.name
        parameters = head.parameters
        value = logicalLine.bytes[head.valueStart...]
        line = logicalLine.number
    }

    /// Whether the head of a (possibly partial) logical line declares a quoted-printable
    /// value; false when the head is not complete or not well formed.
    ///
    /// - Complexity: O(h) in the length of the head (name and parameters).
    package static func declaresQuotedPrintable(_ bytes: [UInt8]) -> Bool {
        parseHead(bytes).map { VCardEncoding(of: $0.parameters) == .quotedPrintable } ?? false
    }

    /// All values of the parameters named `name` (upper case), in order.
    package func parameterValues(_ name: String) -> [String] {
        parameters.lazy.filter { $0.name == name }.flatMap(\.values)
    }

    /// Calls `body` with every TYPE of the property in order, each comma-separated item on
    /// its own (`TYPE=CELL,VOICE`, `TYPE=cell;TYPE=pref`, `TYPE="cell,voice"` and 2.1's bare
    /// `;CELL;PREF` all give two), trimmed of blanks and lowercased, empty items skipped,
    /// until `body` returns a result.
    ///
    /// - Complexity: O(p) in the length of the parameters.
    package func firstType<Result>(where body: (String) -> Result?) -> Result? {
        for parameter in parameters where parameter.name == "TYPE" {
            for value in parameter.values {
                var utf8 = value.utf8[...]
                while !utf8.isEmpty {
                    let item = utf8.prefix { $0 != UInt8(ascii: ",") }
                    utf8 = utf8.dropFirst(item.count + 1)
                    let trimmed = item.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                    let end = trimmed.lastIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
                    guard let end else { continue }
                    let type = String(decoding: trimmed[...end], as: UTF8.self).lowercased()
                    if let result = body(type) { return result }
                }
            }
        }
        return nil
    }

    /// The value's encoding, from its ENCODING parameter.
    package var encoding: VCardEncoding { VCardEncoding(of: parameters) }

    // MARK: - Parsing the head

    private typealias Head = (
        group: String, name: String, parameters: [VCardParameter], valueStart: Int
    )

    /// Parses `[group.]NAME *(;param) :` at the start of `bytes`.
    private static func parseHead(_ bytes: [UInt8]) -> Head? {
        var index = 0
        func skipBlanks() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
        }
        func nameToken() -> String? {
            let start = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            return start == index ? nil : uppercasedASCII(bytes[start..<index])
        }
        guard let first = nameToken() else { return nil }
        var group = ""
        var name = first
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard let second = nameToken() else { return nil }
            group = first
            name = second
        }
        skipBlanks()
        var parameters: [VCardParameter] = []
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            let nameStart = index
            while index < bytes.count, !isParameterNameEnd(bytes[index]) { index += 1 }
            let parameterName = String(decoding: bytes[nameStart..<index], as: UTF8.self).trimmingASCIIWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                if !parameterName.isEmpty { parameters.append(bareParameter(parameterName)) }
                continue
            }
            index += 1
            guard !parameterName.isEmpty, let values = parameterValues(bytes, &index) else { return nil }
            parameters.append(VCardParameter(name: parameterName.uppercased(), values: values))
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        return (group, name, parameters, index + 1)
    }

    /// The comma-separated values after `NAME=`, quoted or not; nil for an unclosed quote.
    private static func parameterValues(_ bytes: [UInt8], _ index: inout Int) -> [String]? {
        var values: [String] = []
        while true {
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                let start = index + 1
                guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                values.append(String(decoding: bytes[start..<close], as: UTF8.self))
                index = close + 1
            } else {
                let start = index
                while index < bytes.count, !isUnquotedValueEnd(bytes[index]) { index += 1 }
                values.append(String(decoding: bytes[start..<index], as: UTF8.self).trimmingASCIIWhitespace())
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return values }
            index += 1
        }
    }

    /// A 2.1 bare parameter: an encoding name or a type.
    private static func bareParameter(_ token: String) -> VCardParameter {
        switch token.uppercased() {
        case "QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT":
            VCardParameter(name: "ENCODING", values: [token])
        default:
            VCardParameter(name: "TYPE", values: [token])
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    private static func isParameterNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }

    private static func isUnquotedValueEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }

    /// ASCII bytes (a name token) as an upper-case string.
    private static func uppercasedASCII(_ bytes: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = asciiUppercased(byte) }
            return bytes.count
        }
    }

    /// An ASCII letter in upper case; every other byte unchanged.
    package static func asciiUppercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }
}

/// How a property value is transfer-encoded (its ENCODING parameter).
package enum VCardEncoding: Hashable, Sendable {
    /// As is (no ENCODING, or 8BIT / 7BIT).
    case none
    /// QUOTED-PRINTABLE (vCard 2.1).
    case quotedPrintable
    /// BASE64 (2.1) or B (3.0).
    case base64
    /// Anything else, as written.
    case unsupported(String)

    /// The encoding the first ENCODING parameter names.
    package init(of parameters: [VCardParameter]) {
        guard let name = parameters.first(where: { $0.name == "ENCODING" })?.values.first else {
            self = .none
            return
        }
        switch name.uppercased() {
        case "", "8BIT", "7BIT": self = .none
        case "QUOTED-PRINTABLE": self = .quotedPrintable
        case "BASE64", "B": self = .base64
        default: self = .unsupported(name)
        }
    }
}

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The string without leading and trailing ASCII spaces, tabs and carriage returns (a
    /// stray CR of a CR CR LF line end).
    ///
    /// - Complexity: O(n) in the UTF-8 length.
    package func trimmingASCIIWhitespace() -> String {
        let bytes = utf8
        let isBlank: (UInt8) -> Bool = {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
        }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }),
            let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
