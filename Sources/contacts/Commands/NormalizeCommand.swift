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
        \(maximumRawLineBytes) bytes are TOO_LONG (libphonenumber rejects inputs over 250
        characters). Metadata: libphonenumber \(PhoneNumberNormalizer.metadataVersion).
        """
    static let flags: Set<String> = ["jsonl"]
    static let options: Set<String> = ["region"]

    /// Longest raw line read in full: 250 characters take at most 1,000 UTF-8 bytes, so any
    /// longer line is TOO_LONG whatever it holds.
    static let maximumRawLineBytes = 4096
    /// Longest `--jsonl` line read (escapes can make a 250-character number long).
    static let maximumObjectLineBytes = 1 << 20
    /// Output is written in chunks of about this many bytes.
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
        var lineNumber = 0
        while let line = try input.nextLine() {
            lineNumber += 1
            switch line {
            case .oversized:
                guard !jsonl else {
                    try flush(&output)
                    throw CommandLineError("line \(lineNumber): longer than \(maximumObjectLineBytes) bytes")
                }
                consumed += maximumRawLineBytes
                write(
                    .failure(PhoneNumberError(code: .tooLong, message: "The string supplied was too long to parse.")),
                    to: &output)
            case .bytes(var bytes):
                consumed += bytes.count + 1
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                if jsonl {
                    do {
                        let (raw, region) = try object(bytes)
                        write(
                            Result { () throws(PhoneNumberError) in
                                // Absent or null region: the command's default.
                                guard let region else { return try normalizer.normalize(raw) }
                                return try normalizer.normalize(raw, defaultRegion: region)
                            }, to: &output)
                    } catch let error as CommandLineError {
                        try flush(&output)
                        throw CommandLineError("line \(lineNumber): \(error)")
                    }
                } else {
                    write(
                        bytes.withUnsafeBufferPointer { buffer in
                            Result { () throws(PhoneNumberError) in try normalizer.normalize(utf8: buffer) }
                        }, to: &output)
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
            output.appendRaw("{\"e164\":\"")
            output.appendRaw(number.description)
            output.appendRaw("\"}\n")
        case .failure(let error):
            output.appendRaw("{\"error\":{\"code\":")
            output.writeString(error.code.rawValue)
            output.appendRaw(",\"message\":")
            output.writeString(error.message)
            output.appendRaw("}}\n")
        }
    }

    /// The `raw` and `region` members of a `--jsonl` line (region nil when absent or null).
    private static func object(_ bytes: [UInt8]) throws -> (String, String?) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw CommandLineError("not valid JSON (\(error))")
        }
        guard let object = value.objectValue else { throw CommandLineError("not a JSON object") }
        guard let raw = object["raw"]?.stringValue else { throw CommandLineError("\"raw\" must be a string") }
        guard let region = object["region"], !region.isNull else { return (raw, nil) }
        guard let code = region.stringValue else { throw CommandLineError("\"region\" must be a string or null") }
        return (raw, code)
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
