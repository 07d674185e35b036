package import ContactsJSON

/// JWT NumericDate values (RFC 7519 §2: seconds since the Unix epoch, a JSON number that
/// may have a fraction) converted exactly to and from the milliseconds the protocol uses.
///
/// Reading is exact decimal arithmetic on the literal, never through `Double`:
/// `1700000000.123` is 1 700 000 000 123 ms, and digits past the millisecond are rounded in the
/// direction the caller names, so that rounding never makes a token valid for longer.
package enum NumericDate {
    /// Which way a value with digits below the millisecond is rounded.
    package enum Rounding: Sendable {
        /// Towards negative infinity (an `exp`: the token expires no later than it says).
        case down
        /// Towards positive infinity (an `nbf` or `iat`: never earlier than it says).
        case up
    }

    /// Where reading a longer exponent stops: far beyond any exponent that could matter for a
    /// literal of bounded length (`Int64` milliseconds have 19 digits), and small enough that
    /// the arithmetic on it cannot overflow.
    private static let exponentCap = 1_000_000

    /// The milliseconds `number` denotes, rounded as `rounding` says, or nil when they do
    /// not fit in `Int64`.
    ///
    /// - Complexity: O(n) in the length of the literal.
    package static func milliseconds(_ number: JSONNumber, rounding: Rounding) -> Int64? {
        if let seconds = number.int64Value {  // the usual case: an integer literal
            let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            return overflow ? nil : milliseconds
        }
        // The literal already matched JSON's grammar: -? int frac? exp?
        var negative = false
        var digits: [UInt8] = []  // significant digits of int and frac, leading zeros dropped
        var fractionDigits = 0
        var exponent = 0
        var exponentNegative = false
        var part = 0  // 0 integer, 1 fraction, 2 exponent
        for byte in number.literal.utf8 {
            switch byte {
            case UInt8(ascii: "-") where part == 0: negative = true
            case UInt8(ascii: "-"): exponentNegative = true
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            default:
                let digit = byte &- UInt8(ascii: "0")
                if part == 2 {
                    exponent = min(exponent * 10 + Int(digit), exponentCap)
                } else {
                    if part == 1 { fractionDigits += 1 }
                    if !(digits.isEmpty && digit == 0) { digits.append(digit) }
                }
            }
        }
        guard !digits.isEmpty else { return 0 }
        // value in ms = digits × 10^scale
        let scale = (exponentNegative ? -exponent : exponent) - fractionDigits + 3
        var magnitude: Int64 = 0
        let kept = scale >= 0 ? digits.count : max(0, digits.count + scale)
        for digit in digits[..<kept] {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if scale > 0 {
            for _ in 0..<scale {  // magnitude > 0 (its first digit is not 0): overflows within 19
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                magnitude = times10
            }
        }
        let dropped = digits[kept...].contains { $0 != 0 }
        if dropped && awayFromZero(negative: negative, rounding: rounding) {
            let (bumped, overflow) = magnitude.addingReportingOverflow(1)
            guard !overflow else { return nil }
            magnitude = bumped
        }
        return negative ? -magnitude : magnitude
    }

    /// The NumericDate literal for `milliseconds`: whole seconds as an integer (`1700000000`),
    /// else seconds with up to three fraction digits (`1700000000.5`).
    package static func literal(milliseconds: Int64) -> String {
        let magnitude = milliseconds.magnitude
        let sign = milliseconds < 0 ? "-" : ""
        let seconds = magnitude / 1000
        let remainder = magnitude % 1000
        guard remainder != 0 else { return sign + String(seconds) }
        var fraction = String(remainder)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(seconds) + "." + fraction
    }

    /// Whether a value with a non-zero part below 1 ms moves away from zero when rounded.
    private static func awayFromZero(negative: Bool, rounding: Rounding) -> Bool {
        switch rounding {
        case .down: negative
        case .up: !negative
        }
    }
}
