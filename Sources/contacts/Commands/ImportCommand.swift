import ContactsCore
import ContactsJSON
import ContactsVCard

/// `contacts import FILE.vcf`: vCard to contact JSON Lines.
enum ImportCommand: Command {
    static let name = "import"
    static let summary = "convert a vCard file (2.1, 3.0, 4.0) to contact JSON Lines"
    static let usage = """
        usage: contacts import FILE.vcf

        Writes one contact JSON object per card on stdout (PROTOCOL §1, every key present, the
        display name derived when FN is missing). A malformed card is reported on stderr with
        its line number and skipped; the rest are imported (exit 0). A file that cannot be read
        or holds no card at all exits 1. `contacts import -` reads the file from standard input.
        """
    static let flags: Set<String> = []
    static let options: Set<String> = []

    static func run(_ arguments: Arguments) throws {
        let path = try arguments.positionals("FILE.vcf")[0]
        let name = InputFile.displayName(path)
        let imported: VCardImport
        if path == InputFile.standardInput {
            imported = VCardParser.parse(try InputFile.bytes(path, maximumBytes: VCardParser.maxFileBytes))
        } else {
            do {
                imported = try VCardParser.parse(fileAtPath: path)
            } catch {
                throw CommandLineError(error.message)
            }
        }
        guard imported.cardCount > 0 else { throw CommandLineError("\(name): no vCard (BEGIN:VCARD) found") }
        for problem in imported.problems {
            StandardStreams.writeError("contacts import: \(name): \(problem)\n")
        }
        var output = JSONLineOutput()
        for contact in imported.contacts {
            try output.emit(contact.jsonValue)
        }
        try output.flush()
    }
}
