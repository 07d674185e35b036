/// Writes JSON bytes into room that ``JSONWriter/write(upTo:_:)`` set aside for them: each
/// write checks only that it fits, so a producer of many small pieces (a status for each of
/// 1,000 ids) pays one allocation and one copy for all of them instead of an array append for
/// each. The escaping and number forms are ``JSONWriter``'s own: the writer writes through a
/// cursor too.
public struct JSONByteCursor: ~Copyable {
    private let start: UnsafeMutablePointer<UInt8>
    private var position: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    /// The most bytes ``writeString(_:)`` writes for a string of `utf8Count` UTF-8 bytes: its
    /// quotes and every byte escaped as `\u00XX`.
    public static func stringBound(utf8Count: Int) -> Int { 2 + 6 * utf8Count }

    /// The most bytes ``writeInteger(_:)`` writes.
    public static let integerBound = 20

    /// A cursor over `room`, from its start.
    init(_ room: UnsafeMutableBufferPointer<UInt8>) {
        start = room.baseAddress ?? UnsafeMutablePointer(bitPattern: 1)!
        position = start
        end = start + room.count
    }

    /// The bytes written so far.
    public var count: Int { position - start }

    /// Appends raw bytes that are already JSON: a literal, copied from the binary.
    ///
    /// - Precondition: they fit in the room left.
    @inline(__always)
    public mutating func appendRaw(_ raw: StaticString) {
        raw.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends one raw byte (a comma, a colon, a bracket).
    ///
    /// - Precondition: it fits in the room left.
    @inline(__always)
    public mutating func appendByte(_ byte: UInt8) {
        precondition(position < end, "a JSON write past its room")
        position.initialize(to: byte)
        position += 1
    }

    /// Appends `string` as a JSON string literal, escaped as RFC 8259 requires (`"`, `\` and
    /// control characters; control characters other than `\n`, `\r`, `\t` as `\u00XX`).
    ///
    /// - Precondition: ``stringBound(utf8Count:)`` bytes fit in the room left.
    /// - Complexity: O(n) in the string's UTF-8 length; the runs between escapes are copied
    ///   whole.
    public mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// ``writeString(_:)`` of the UTF-8 text `utf8`.
    public mutating func writeString(utf8: UnsafeRawBufferPointer) {
        precondition(Self.stringBound(utf8Count: utf8.count) <= end - position, "a JSON write past its room")
        appendByte(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            append(UnsafeRawBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): appendRaw("\\\"")
            case UInt8(ascii: "\\"): appendRaw("\\\\")
            case 0x0A: appendRaw("\\n")
            case 0x0D: appendRaw("\\r")
            case 0x09: appendRaw("\\t")
            default:
                appendRaw("\\u00")
                appendByte(Self.hexDigit(byte >> 4))
                appendByte(Self.hexDigit(byte & 0xF))
            }
        }
        append(UnsafeRawBufferPointer(rebasing: utf8[runStart...]))
        appendByte(UInt8(ascii: "\""))
    }

    /// Appends `value` as a JSON number: its decimal digits, `-` first when negative.
    ///
    /// - Precondition: ``integerBound`` bytes fit in the room left.
    public mutating func writeInteger(_ value: Int64) {
        precondition(Self.integerBound <= end - position, "a JSON write past its room")
        var magnitude = value.magnitude
        var digitCount = 1
        var scale: UInt64 = 10
        while digitCount < 20, magnitude >= scale {
            digitCount += 1
            scale = scale.multipliedReportingOverflow(by: 10).partialValue
        }
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        var digit = position + digitCount
        position = digit
        repeat {
            digit -= 1
            digit.initialize(to: UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
    }

    @inline(__always)
    private mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress, !raw.isEmpty else { return }
        precondition(raw.count <= end - position, "a JSON write past its room")
        UnsafeMutableRawPointer(position).copyMemory(from: source, byteCount: raw.count)
        position += raw.count
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
