import ContactsJSON
import ContactsSupport
import Foundation
import PhoneNumbers
import Testing

/// `contacts normalize` through the binary: one answer per line equal to the library's, an
/// error answer (and the stream going on) for a line that is not valid UTF-8 or not a
/// `--jsonl` object, and each answer written before the next line arrives.
struct NormalizeCommandTests {
    static let seeds: [UInt64] = [1, 2, 3]

    /// The answer the command owes for `result`.
    static func answer(_ result: Result<PhoneNumber, PhoneNumberError>) -> JSONValue {
        switch result {
        case .success(let number): .object(["e164": .string(number.description)])
        case .failure(let error):
            .object(["error": .object(["code": .string(error.code.rawValue), "message": .string(error.message)])])
        }
    }

    /// NOT_A_NUMBER with a message containing `words`: a line the command could not read.
    static func isUnreadable(_ answer: JSONValue, saying words: String) -> Bool {
        let error = answer.objectValue?["error"]?.objectValue
        return error?["code"] == .string("NOT_A_NUMBER")
            && (error?["message"]?.stringValue?.contains(words) ?? false)
    }

    /// Phone numbers as people write them, and bytes that are not one.
    static let raws = [
        "+1 415 555 2671", "(415) 555-2671", "030 1234567", "+49 30 1234567", "0034 612 34 56 78", "555-1234",
        "+44 20 7946 0958", "１２３４", "1-800-FLOWERS", "", "   ", "+", "tel:+1-415-555-2671", "+81 3-1234-5678",
    ]

    /// A random raw line: a number, sometimes with a CR, invalid UTF-8 or far too long.
    static func rawLine(_ random: inout SplitMix64) -> [UInt8] {
        var line = Array(raws[Int(random.next() % UInt64(raws.count))].utf8)
        switch random.next() % 10 {
        case 0: line += [0xFF]
        case 1: line.insert(0xC3, at: Int(random.next() % UInt64(line.count + 1)))
        case 2: line += [0x0D]
        case 3: line = [UInt8](repeating: UInt8(ascii: "1"), count: 4097)
        default: break
        }
        return line
    }

    /// What the command answers for a raw line: TOO_LONG past 4,096 bytes, NOT_A_NUMBER for
    /// invalid UTF-8, else the library's verdict.
    static func expectedAnswer(raw line: [UInt8], region: String?) -> JSONValue {
        let bytes = line.last == 0x0D ? Array(line.dropLast()) : line
        if bytes.count > 4096 {
            return answer(
                .failure(PhoneNumberError(code: .tooLong, message: "The string supplied was too long to parse.")))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return answer(.failure(PhoneNumberError(code: .notANumber, message: "The line is not valid UTF-8.")))
        }
        return answer(
            Result { () throws(PhoneNumberError) in try PhoneNumberNormalizer().normalize(text, defaultRegion: region) }
        )
    }

    static func input(_ lines: [[UInt8]]) -> [UInt8] {
        lines.flatMap { $0 + [0x0A] }
    }

    static func answers(_ output: ProcessOutput) throws -> [JSONValue] {
        try output.stdoutLines.map { try JSONParser.parse($0) }
    }

    @Test(arguments: seeds)
    func rawLinesAnswerAsTheLibraryAndBadBytesDoNotStopTheStream(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let lines = (0..<3000).map { _ in Self.rawLine(&random) }
        let output = try ContactsExecutable.run(["normalize", "--region", "DE"], stdin: Self.input(lines))
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stderr.isEmpty)
        let answers = try Self.answers(output)
        #expect(answers.count == lines.count)
        for (index, (line, answer)) in zip(lines, answers).enumerated() {
            let expected = Self.expectedAnswer(raw: line, region: "DE")
            #expect(answer == expected, "seed \(seed) line \(index + 1): \(line.prefix(40))")
        }
    }

    @Test func aNumberFollowedByInvalidUTF8IsAnErrorNotTheNumber() throws {
        let output = try ContactsExecutable.run(
            ["normalize"], stdin: Array("+1 415 555 2671".utf8) + [0xFF, 0x0A] + Array("+1 415 555 2671\n".utf8))
        #expect(output.status == 0)
        let answers = try Self.answers(output)
        #expect(answers.count == 2)
        #expect(Self.isUnreadable(answers.first ?? .null, saying: "not valid UTF-8"), "\(output.stdoutText)")
        #expect(answers.last == .object(["e164": .string("+14155552671")]))
    }

    @Test func malformedObjectLinesGetAnErrorEachAndTheStreamGoesOn() throws {
        let cases: [(line: [UInt8], words: String?)] = [
            (Array(#"{"raw":"+1 415 555 2671"}"#.utf8), nil),
            (Array(#"{"raw":123}"#.utf8), "\"raw\" must be a string"),
            (Array("not json".utf8), "not valid JSON"),
            (Array(#"{"raw":"+1 415 555 2671""#.utf8) + [0xFF] + Array("}".utf8), "not valid JSON"),
            (Array("[1]".utf8), "not a JSON object"),
            (Array(#"{"region":"US"}"#.utf8), "\"raw\" is missing"),
            (Array(#"{"raw":"4155552671","region":7}"#.utf8), "\"region\" must be a string or null"),
            (Array(#"{"raw":"(415) 555-2671","region":"US"}"#.utf8), nil),
            (Array(#"{"raw":"(415) 555-2671","region":null}"#.utf8), nil),
        ]
        let output = try ContactsExecutable.run(
            ["normalize", "--jsonl", "--region", "GB"], stdin: Self.input(cases.map(\.line)))
        #expect(output.status == 0, "\(output.stderrText)")
        #expect(output.stderr.isEmpty)
        let answers = try Self.answers(output)
        #expect(answers.count == cases.count, "\(output.stdoutText)")
        for (answer, test) in zip(answers, cases) {
            let line = String(decoding: test.line, as: UTF8.self)
            if let words = test.words {
                #expect(Self.isUnreadable(answer, saying: words), "\(line): \(answer.jsonText)")
            } else {
                #expect(answer.objectValue?["e164"] != nil || answer.objectValue?["error"] != nil, "\(line)")
            }
        }
        #expect(answers.first == .object(["e164": .string("+14155552671")]))
        #expect(answers[7] == .object(["e164": .string("+14155552671")]))
        // A null region is the default (GB here): the US national form is not a GB number.
        #expect(answers[8] == Self.expectedAnswer(raw: Array("(415) 555-2671".utf8), region: "GB"))
    }

    @Test(arguments: [["normalize"], ["normalize", "--jsonl"]])
    func eachAnswerComesBeforeTheNextLineIsWritten(command: [String]) throws {
        let process = try ServeProcess(command: command)
        let numbers = ["+1 415 555 2671", "+44 20 7946 0958", "+49 30 1234567"]
        for number in numbers {
            let line = command.contains("--jsonl") ? JSONValue.object(["raw": .string(number)]).jsonText : number
            // Half a line first: nothing is answered until its newline.
            let bytes = Array(line.utf8)
            process.write(Array(bytes[..<(bytes.count / 2)]))
            process.write(Array(bytes[(bytes.count / 2)...]) + [0x0A])
            // Stdin stays open: the answer must come now, not at the end of input.
            let answer = try #require(try process.readResponse(), "\(command): no answer for \(number)")
            let expected = try PhoneNumberNormalizer().normalize(number).description
            #expect(answer == .object(["e164": .string(expected)]), "\(command): \(number)")
        }
        #expect(try process.finish().isEmpty)
    }

    @Test func aLargeInputStreamsEveryAnswerInOrder() throws {
        // More than one output chunk and more than one input read: nothing lost or reordered.
        let lines = (0..<60_000).map { Array("+1 415 555 \(String(1000 + $0 % 9000))".utf8) }
        let output = try ContactsExecutable.run(["normalize"], stdin: Self.input(lines))
        #expect(output.status == 0)
        let answers = try Self.answers(output)
        #expect(answers.count == lines.count)
        #expect(answers.last == .object(["e164": .string("+14155556999")]))
        #expect(answers[1234] == .object(["e164": .string("+14155552234")]))
    }
}
