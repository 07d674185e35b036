import ContactsAuth
import ContactsJSON
import ContactsSupport
import Foundation
import Testing

/// NumericDate literals to milliseconds, exactly, against Foundation's `Decimal` as the model.
@Suite struct NumericDateTests {
    func milliseconds(_ literal: String, _ rounding: NumericDate.Rounding) -> Int64? {
        NumericDate.milliseconds(JSONNumber(validatedLiteral: literal), rounding: rounding)
    }

    @Test func knownValues() {
        let cases: [(String, Int64?, Int64?)] = [
            ("0", 0, 0), ("-0", 0, 0), ("0.0", 0, 0), ("0e5", 0, 0), ("0.000e-999999999999", 0, 0),
            ("1", 1000, 1000), ("-1", -1000, -1000), ("1.5", 1500, 1500), ("-1.5", -1500, -1500),
            ("1.0005", 1000, 1001), ("-1.0005", -1001, -1000), ("0.0001", 0, 1), ("-0.0001", -1, 0),
            ("1e3", 1_000_000, 1_000_000), ("1E+3", 1_000_000, 1_000_000), ("1.5e-3", 1, 2), ("15e-4", 1, 2),
            ("1e-400", 0, 1), ("-1e-400", -1, 0), ("1e400", nil, nil), ("1e19", nil, nil),
            ("1700000000", 1_700_000_000_000, 1_700_000_000_000),
            ("1700000000.123", 1_700_000_000_123, 1_700_000_000_123),
            ("1.700000000123e9", 1_700_000_000_123, 1_700_000_000_123),
            ("123456789012345678901234567890e-20", 1_234_567_890_123, 1_234_567_890_124),
            ("100000000000000000000000e-20", 1_000_000, 1_000_000),
            ("0.00000000000000000000001e23", 1000, 1000),
            ("9223372036854775", 9_223_372_036_854_775_000, 9_223_372_036_854_775_000),
            ("9223372036854775.807", Int64.max, Int64.max),
            ("9223372036854775.8071", Int64.max, nil),
            ("-9223372036854775.807", -Int64.max, -Int64.max),
            ("-9223372036854775.8071", nil, -Int64.max),
            ("9223372036854776", nil, nil),
        ]
        for (literal, down, up) in cases {
            #expect(milliseconds(literal, .down) == down, "\(literal) rounded down")
            #expect(milliseconds(literal, .up) == up, "\(literal) rounded up")
        }
    }

    @Test func literalsOfMilliseconds() {
        #expect(NumericDate.literal(milliseconds: 0) == "0")
        #expect(NumericDate.literal(milliseconds: 1_700_000_000_000) == "1700000000")
        #expect(NumericDate.literal(milliseconds: 1_700_000_000_500) == "1700000000.5")
        #expect(NumericDate.literal(milliseconds: 1_700_000_000_050) == "1700000000.05")
        #expect(NumericDate.literal(milliseconds: 1_700_000_000_001) == "1700000000.001")
        #expect(NumericDate.literal(milliseconds: -1) == "-0.001")
        #expect(NumericDate.literal(milliseconds: -1500) == "-1.5")
        #expect(NumericDate.literal(milliseconds: Int64.min) == "-9223372036854775.808")
        #expect(NumericDate.literal(milliseconds: Int64.max) == "9223372036854775.807")
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func literalsReadBackExactly(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let value = Int64(bitPattern: generator.next()) >> (generator.next() % 64)
            guard value != Int64.min else { continue }  // its literal's magnitude is one past Int64.max
            let literal = NumericDate.literal(milliseconds: value)
            #expect(milliseconds(literal, .down) == value, "\(literal)")
            #expect(milliseconds(literal, .up) == value, "\(literal)")
        }
    }

    /// Random literals (sign, digits, fraction, exponent) against `Decimal` arithmetic.
    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func randomLiteralsMatchTheDecimalModel(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(generator.next() % 10)) })
        }
        for _ in 0..<400 {
            var literal = generator.next() % 3 == 0 ? "-" : ""
            let integer = digits(Int(generator.next() % 12) + 1)
            literal += integer.count > 1 && integer.first == "0" ? "1" + integer.dropFirst() : integer
            if generator.next() % 2 == 0 { literal += "." + digits(Int(generator.next() % 8) + 1) }
            if generator.next() % 3 == 0 {
                literal += ["e", "E"][Int(generator.next() % 2)] + ["", "+", "-"][Int(generator.next() % 3)]
                literal += String(generator.next() % 12)
            }
            let (down, up) = try Self.model(literal)
            #expect(milliseconds(literal, .down) == down, "\(literal) rounded down")
            #expect(milliseconds(literal, .up) == up, "\(literal) rounded up")
        }
    }

    /// The literal's value × 1000, rounded down and up, when it fits in `Int64` (`Decimal`
    /// holds 38 digits: enough for these literals).
    static func model(_ literal: String) throws -> (Int64?, Int64?) {
        let value = try #require(Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")))
        var scaled = value * 1000
        var down = Decimal()
        var up = Decimal()
        NSDecimalRound(&down, &scaled, 0, .down)
        NSDecimalRound(&up, &scaled, 0, .up)
        // NSDecimalRound's .down/.up go towards negative/positive infinity, as ours do.
        func fit(_ decimal: Decimal) -> Int64? {
            guard decimal >= Decimal(Int64.min), decimal <= Decimal(Int64.max) else { return nil }
            return Int64(decimal.description)
        }
        return (fit(down), fit(up))
    }
}
