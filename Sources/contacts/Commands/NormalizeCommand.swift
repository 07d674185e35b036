import ContactsCore
import ContactsJSON
import ContactsSupport
import PhoneNumbers

#if canImport(Glibc)
    import Glibc
#endif

/// `contacts normalize`: phone numbers on stdin to E.164, one JSON line out per line in
/// (PROTOCOL §3 and §4), streaming at the library's speed.
enum NormalizeCommand: Command {
    static let name = "normalize"
    static let summary = "phone numbers on stdin to E.164 as libphonenumber decides, one JSON line each"
    static let usage = """
        usage: contacts normalize [--region R] [--jsonl]

        Reads one raw phone number a line on stdin and writes one JSON line per input line on
        stdout: {"e164":"+14155552671"}, or {"error":{"code":"TOO_SHORT","message":"..."}} with
        libphonenumber's code (NOT_A_NUMBER, INVALID_COUNTRY_CODE, TOO_SHORT_AFTER_IDD,
        TOO_SHORT_NSN, TOO_SHORT, TOO_LONG, INVALID_LENGTH, IS_POSSIBLE_LOCAL_ONLY).

          --region R   default region for numbers written without + (ISO 3166 alpha-2, e.g. US);
                       a code libphonenumber does not know acts as none
          --jsonl      read {"raw":"...","region":"..."} objects instead of raw lines; an object's
                       region, when present and not null, replaces --region

        A carriage return ending a line (CRLF files) is not part of the number. Lines longer than
        \(maximumRawLineBytes) bytes (\(maximumObjectLineBytes) with --jsonl) are TOO_LONG (libphonenumber
        rejects inputs over 250 characters). A line that is not valid UTF-8, and with --jsonl a
        line that is not such an object, is NOT_A_NUMBER with a message saying what is wrong;
        the stream goes on. Each answer is written as soon as no further whole line is waiting
        on stdin, so a caller typing or piping one line at a time reads each answer at once.
        Metadata: libphonenumber \(PhoneNumberNormalizer.metadataVersion).
        """
    static let flags: Set<String> = ["jsonl"]
    static let options: Set<String> = ["region"]

    /// Longest raw line read in full: 250 characters take at most 1,000 UTF-8 bytes, so any
    /// longer line is TOO_LONG whatever it holds.
    static let maximumRawLineBytes = 4096
    /// Longest `--jsonl` line read (escapes can make a 250-character number long).
    static let maximumObjectLineBytes = 1 << 20
    /// Output is written in chunks of about this many bytes while input keeps coming.
    static let outputChunkBytes = 1 << 16

    static func run(_ arguments: Arguments) throws {
        _ = try arguments.positionals()
        let jsonl = arguments.flag("jsonl")
        let defaultRegion = arguments.option("region")
        let normalizer = PhoneNumberNormalizer(defaultRegion: defaultRegion)
        var input = LineReader(
            fileDescriptor: STDIN_FILENO, maximumLineBytes: jsonl ? maximumObjectLineBytes : maximumRawLineBytes)
        var output = JSONWriter(reserve: outputChunkBytes + 1024)
        let progress = ProgressReporter("normalize", quiet: false)
        let total = standardInputSize()
        var consumed = 0
        while true {
            // The next read may wait for the writer: what is answered so far goes out first.
            if !input.hasBufferedLine { try flush(&output) }
            guard let line = try input.nextLine() else { break }
            switch line {
            case .oversized:
                consumed += jsonl ? maximumObjectLineBytes : maximumRawLineBytes
                write(.failure(.inputTooLong), to: &output)
            case .bytes(var bytes):
                consumed += bytes.count + 1
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                if jsonl {
                    write(
                        Result { () throws(PhoneNumberError) in
                            let (raw, region) = try object(bytes)
                            // Absent or null region: the command's default.
                            guard let region else { return try normalizer.normalize(raw) }
                            return try normalizer.normalize(raw, defaultRegion: region)
                        }, to: &output)
                } else if isValidUTF8(bytes) {
                    write(
                        bytes.withUnsafeBufferPointer { buffer in
                            Result { () throws(PhoneNumberError) in try normalizer.normalize(utf8: buffer) }
                        }, to: &output)
                } else {
                    write(.failure(notANumber("The line is not valid UTF-8.")), to: &output)
                }
            }
            if output.bytes.count >= outputChunkBytes {
                try flush(&output)
                if let total { progress.update(done: consumed, total: total) }
            }
        }
        try flush(&output)
        progress.finish()
    }

    /// One line of output: `{"e164":"+…"}` or `{"error":{"code":…,"message":…}}`.
    private static func write(_ result: Result<PhoneNumber, PhoneNumberError>, to output: inout JSONWriter) {
        switch result {
        case .success(let number):
            output.appendRaw("{\"e164\":")
            output.writeString(number.description)
            output.appendRaw("}\n")
        case .failure(let error):
            output.appendRaw("{\"error\":{\"code\":")
            output.writeString(error.code.rawValue)
            output.appendRaw(",\"message\":")
            output.writeString(error.message)
            output.appendRaw("}}\n")
        }
    }

    /// The `raw` and `region` members of a `--jsonl` line (region nil when absent or null);
    /// a line that is not such an object is NOT_A_NUMBER, its message saying why.
    private static func object(_ bytes: [UInt8]) throws(PhoneNumberError) -> (String, String?) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw notANumber("The line is not valid JSON: \(error).")
        }
        guard let object = value.objectValue else { throw notANumber("The line is not a JSON object.") }
        guard let rawValue = object["raw"] else { throw notANumber("The member \"raw\" is missing.") }
        guard let raw = rawValue.stringValue else { throw notANumber("The member \"raw\" must be a string.") }
        guard let region = object["region"], !region.isNull else { return (raw, nil) }
        guard let code = region.stringValue else {
            throw notANumber("The member \"region\" must be a string or null.")
        }
        return (raw, code)
    }

    /// A NOT_A_NUMBER answer saying `message`.
    private static func notANumber(_ message: String) -> PhoneNumberError {
        PhoneNumberError(code: .notANumber, message: message)
    }

    /// Whether `bytes` are valid UTF-8 (ASCII checked without decoding).
    private static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
    }

    private static func flush(_ output: inout JSONWriter) throws {
        try FileOutput.writeAll(output.bytes, to: STDOUT_FILENO)
        output.removeAll()
    }

    /// The size of stdin when it is a regular file (for progress), else nil.
    private static func standardInputSize() -> Int? {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
