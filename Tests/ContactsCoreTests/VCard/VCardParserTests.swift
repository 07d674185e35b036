import ContactsCore
import ContactsModel
import ContactsVCard
import Testing

/// One rule at a time, on small cards written inline.
@Suite("VCard parser rules")
struct VCardParserTests {
    /// The contacts of a file made of `lines` joined with CR LF.
    static func parse(_ lines: [String], lineEnding: String = "\r\n") -> VCardImport {
        VCardParser.parse(Array((lines.joined(separator: lineEnding) + lineEnding).utf8))
    }

    /// The only contact of one card holding `properties` (VERSION 3.0 unless one is given).
    static func contact(_ properties: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Contact {
        let version = properties.contains { $0.uppercased().hasPrefix("VERSION:") } ? [] : ["VERSION:3.0"]
        let result = parse(["BEGIN:VCARD"] + version + properties + ["END:VCARD"])
        #expect(result.problems == [], sourceLocation: sourceLocation)
        #expect(result.contacts.count == 1, sourceLocation: sourceLocation)
        return result.contacts.first ?? Contact(id: "")
    }

    // MARK: - Labels

    @Test(
        "TEL label: first TYPE not pref/voice/internet/text/video, lowercased, cell → mobile, else other",
        arguments: [
            ("TEL;TYPE=CELL,VOICE:1", "mobile"),
            ("TEL;TYPE=cell;TYPE=pref:1", "mobile"),
            ("TEL;CELL;PREF:1", "mobile"),
            ("TEL;PREF;CELL:1", "mobile"),
            ("TEL;TYPE=\"cell,voice\":1", "mobile"),
            ("TEL;TYPE=\"voice\",\"home\":1", "home"),
            ("tel;type=VOICE;type=WORK:1", "work"),
            ("TEL;Type=Fax:1", "fax"),
            ("TEL;TYPE= Home :1", "home"),
            ("TEL;PREF=1;TYPE=pager:1", "pager"),
            ("TEL;TYPE=pref,voice,text,video,internet:1", "other"),
            ("TEL;PREF;VOICE:1", "other"),
            ("TEL:1", "other"),
            ("TEL;TYPE=X-Oficina:1", "oficina"),
            ("TEL;X-Abuela:1", "abuela"),
            ("TEL;TYPE=X-:1", "other"),
            ("TEL;TYPE=IPHONE;TYPE=CELL:1", "iphone"),
            ("TEL;TYPE=BÜRO:1", "büro"),
            ("TEL;X-ÖFFICE:1", "öffice"),
            ("TEL;ENCODING=8BIT;WORK:1", "work"),
            ("EMAIL;TYPE=INTERNET,HOME:1", "home"),
            ("EMAIL;INTERNET:1", "other"),
            ("EMAIL;TYPE=INTERNET;TYPE=pref:1", "other"),
            ("EMAIL;TYPE=INTERNET;TYPE=CELL:1", "mobile"),
        ])
    func telephoneAndEmailLabels(line: String, label: String) {
        let contact = Self.contact([line])
        let entries = contact.phoneNumbers + contact.emailAddresses
        #expect(entries == [LabeledValue(label: label, value: "1")])
    }

    @Test(
        "ADR label: the TEL rule, and the delivery kinds dom/intl/postal/parcel are not labels",
        arguments: [
            ("ADR;TYPE=dom,postal,home:;;s;;;;", "home"),
            ("ADR;INTL;PARCEL;WORK:;;s;;;;", "work"),
            ("ADR;INTL;PARCEL:;;s;;;;", "other"),
            ("ADR;TYPE=pref:;;s;;;;", "other"),
            ("ADR:;;s;;;;", "other"),
        ])
    func addressLabels(line: String, label: String) {
        #expect(Self.contact([line]).addresses.map(\.label) == [label])
    }

    @Test("An item group's X-ABLabel is the label, before or after the property, any case")
    func groupLabels() {
        let contact = Self.contact([
            "item1.X-ABLabel:Oma",
            "item1.TEL;type=CELL:1",
            "ITEM2.TEL;type=HOME:2",
            "item2.x-ablabel:_$!<HomeFAX>!$_",
            "item3.TEL;type=WORK:3",
            "item3.X-ABLabel:",
            "item4.TEL:4",
            "item5.X-ABLabel:Not mine",
            "item6.TEL:6",
            "item6.X-ABLabel:_$!<Mobile>!$_",
            "item6.X-ABLabel:second label ignored",
            "item7.EMAIL;type=INTERNET:7",
            "item7.X-ABLabel:Custom\\, escaped",
            "item8.ADR;type=HOME:;;s;;;;",
            "item8.X-ABLabel:_$!<Other>!$_",
            "item9.X-SOCIALPROFILE:9",
            "item9.X-ABLabel:Mastodon",
        ])
        #expect(
            contact.phoneNumbers == [
                LabeledValue(label: "Oma", value: "1"),
                LabeledValue(label: "homefax", value: "2"),
                LabeledValue(label: "work", value: "3"),
                LabeledValue(label: "other", value: "4"),
                LabeledValue(label: "mobile", value: "6"),
            ])
        #expect(contact.emailAddresses == [LabeledValue(label: "Custom, escaped", value: "7")])
        #expect(contact.addresses.map(\.label) == ["other"])
        #expect(contact.socialProfiles == [LabeledValue(label: "Mastodon", value: "9")])
    }

    @Test("Social profiles: X-SERVICE-TYPE, else IMPP's URI scheme, else the label rules")
    func socialLabels() {
        let contact = Self.contact([
            "IMPP;X-SERVICE-TYPE=Skype;type=HOME:x-apple:joe",
            "IMPP;TYPE=personal,pref:xmpp:joe@example.org",
            "IMPP:not a uri",
            "IMPP;TYPE=work:1joe:x",
            "X-SOCIALPROFILE;type=twitter;x-user=joe:https://twitter.com/joe",
            "X-SOCIALPROFILE;X-SERVICE-TYPE=Mastodon:https://mastodon.example/@joe",
            "X-SOCIALPROFILE:https://example.org/joe",
            "x-socialprofile;TYPE=pref:@joe",
        ])
        #expect(
            contact.socialProfiles == [
                LabeledValue(label: "skype", value: "x-apple:joe"),
                LabeledValue(label: "xmpp", value: "xmpp:joe@example.org"),
                LabeledValue(label: "other", value: "not a uri"),
                LabeledValue(label: "work", value: "1joe:x"),
                LabeledValue(label: "twitter", value: "https://twitter.com/joe"),
                LabeledValue(label: "mastodon", value: "https://mastodon.example/@joe"),
                LabeledValue(label: "other", value: "https://example.org/joe"),
                LabeledValue(label: "other", value: "@joe"),
            ])
    }

    // MARK: - Fields

    @Test("FN, N, ORG, TITLE, NOTE, UID map to their fields; the first non-empty one wins")
    func singleFields() {
        let contact = Self.contact([
            "FN:",
            "FN:First Name",
            "FN:Second Name",
            "N:Family;Given;Middle;Prefix;Suffix",
            "N:Other;Name",
            "ORG:;Department",
            "ORG:Acme\\; Sons;Sales;Team",
            "TITLE:Boss",
            "TITLE:Ignored",
            "NOTE:one",
            "NOTE:",
            "NOTE:two",
            "UID:",
            "UID:abc-123",
            "UID:ignored",
        ])
        #expect(
            contact
                == Contact(
                    id: "abc-123", givenName: "Given", familyName: "Family", displayName: "First Name",
                    organizationName: "Acme; Sons", jobTitle: "Boss", notes: "one\ntwo"))
    }

    @Test("Short structured values: missing components are empty")
    func shortStructuredValues() {
        let contact = Self.contact(["N:Solo", "ADR:;;Street only", "ADR;TYPE=work:;;;City"])
        #expect(contact.familyName == "Solo")
        #expect(contact.givenName == "")
        #expect(
            contact.addresses == [
                PostalAddress(label: "other", street: "Street only"),
                PostalAddress(label: "work", city: "City"),
            ])
    }

    @Test("ADR components map street, locality → city, region → state, code, country; PO box alone is dropped")
    func addressComponents() {
        let contact = Self.contact([
            "ADR;TYPE=home:PO Box 9;Apt 4;12 Main St;Springfield;IL;62701;USA",
            "ADR;TYPE=work:PO Box 10;Suite 5;;;;;",
        ])
        #expect(
            contact.addresses == [
                PostalAddress(
                    label: "home", street: "12 Main St", city: "Springfield", state: "IL", postalCode: "62701",
                    country: "USA")
            ])
    }

    @Test("Empty TEL, EMAIL, IMPP values are left out; TEL keeps its value as written, without tel:")
    func emptyAndTelURIValues() {
        let contact = Self.contact([
            "TEL:", "EMAIL:", "IMPP:", "X-SOCIALPROFILE:", "TEL;VALUE=uri:tel:", "TEL;VALUE=uri:TEL:+1-555-0100",
            "TEL: (555) 0101 ", "TEL;VALUE=uri:tel:+44-20-7946-0000;ext=12",
        ])
        #expect(
            contact.phoneNumbers == [
                LabeledValue(label: "other", value: "+1-555-0100"),
                LabeledValue(label: "other", value: " (555) 0101 "),
                LabeledValue(label: "other", value: "+44-20-7946-0000;ext=12"),
            ])
        #expect(contact.emailAddresses == [])
        #expect(contact.socialProfiles == [])
    }

    @Test("Unmapped properties are ignored; ownerId stays empty")
    func ignoredProperties() {
        let contact = Self.contact([
            "FN:A", "BDAY:1990-01-01", "URL:https://example.org", "PHOTO;VALUE=uri:https://example.org/a.jpg",
            "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Al;1;;;;;;;;;;;;;", "CATEGORIES:a,b", "X-AIM:al",
        ])
        #expect(contact == Contact(id: contact.id, displayName: "A"))
        #expect(contact.ownerId == "")
    }

    // MARK: - Escapes and encodings

    @Test("Backslash escapes: \\n \\N \\, \\; \\\\ \\: decoded; other backslashes kept")
    func escapes() {
        let contact = Self.contact([
            "NOTE:a\\nb\\Nc\\,d\\;e\\\\f\\:g\\xh\\",
            "N:Doe\\;Smith;John\\,Jr;;;",
            "ADR:;;1\\, Main St\\nFloor 2;Town\\;ship;;;",
        ])
        #expect(contact.notes == "a\nb\nc,d;e\\f:g\\xh\\")
        #expect(contact.familyName == "Doe;Smith")
        #expect(contact.givenName == "John,Jr")
        #expect(contact.addresses.first?.street == "1, Main St\nFloor 2")
        #expect(contact.addresses.first?.city == "Town;ship")
    }

    @Test("An escaped backslash before a semicolon does not escape the semicolon")
    func escapedBackslashThenSeparator() {
        let contact = Self.contact(["N:Back\\\\;Slash"])
        #expect(contact.familyName == "Back\\")
        #expect(contact.givenName == "Slash")
    }

    @Test("QUOTED-PRINTABLE: either hex case, bare 2.1 parameter, =3B inside a component, CHARSET")
    func quotedPrintable() {
        let contact = Self.contact([
            "VERSION:2.1",
            "FN;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:Jos=c3=a9 =C3=91",
            "N;QUOTED-PRINTABLE:A=3BB;C",
            "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=ISO-8859-1:=E9t=E9=0D=0Asecond",
            "TITLE;ENCODING=QUOTED-PRINTABLE:100=25 =3D sure",
            "ORG:Not=20decoded",
        ])
        #expect(contact.displayName == "José Ñ")
        #expect(contact.familyName == "A;B")
        #expect(contact.givenName == "C")
        #expect(contact.notes == "été\nsecond")
        #expect(contact.jobTitle == "100% = sure")
        #expect(contact.organizationName == "Not=20decoded")
    }

    @Test("A quoted-printable soft line break joins the next line, never swallows END:VCARD, and is dropped at the end")
    func softLineBreaks() {
        let contact = Self.contact([
            "VERSION:2.1",
            "NOTE;ENCODING=QUOTED-PRINTABLE:one =",
            "two =",
            "three=",
        ])
        #expect(contact.notes == "one two three")
    }

    @Test(
        "CHARSET names: aliases in any case",
        arguments: [
            ("UTF-8", [0xC3, 0xA9] as [UInt8], "é"), ("utf8", [0xC3, 0xA9], "é"), ("US-ASCII", [0x41], "A"),
            ("ISO-8859-1", [0xE9, 0xFF], "éÿ"), ("latin1", [0xA4], "¤"), ("ISO-8859-15", [0xA4, 0xBE], "€Ÿ"),
            ("Windows-1252", [0x80, 0x8A, 0x93, 0x94, 0x99, 0x81], "€Š“”™\u{81}"), ("cp1252", [0x9F], "Ÿ"),
        ])
    func charsets(name: String, bytes: [UInt8], text: String) {
        let card =
            Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=\(name):".utf8) + bytes + Array("\r\nEND:VCARD\r\n".utf8)
        let result = VCardParser.parse(card)
        #expect(result.problems == [])
        #expect(result.contacts.map(\.displayName) == [text])
    }

    @Test("An unsupported CHARSET or ENCODING skips that property only, with a clear problem")
    func unsupportedCharsetAndEncoding() {
        let result = Self.parse([
            "BEGIN:VCARD", "VERSION:2.1", "FN;CHARSET=KOI8-R:x", "N;ENCODING=UUENCODE:x;y", "TEL:1", "END:VCARD",
        ])
        #expect(result.contacts.map(\.phoneNumbers) == [[LabeledValue(label: "other", value: "1")]])
        #expect(result.contacts.first?.displayName == "")
        #expect(result.problems.map(\.line) == [3, 4])
        #expect(result.problems.map(\.kind) == [.unsupportedCharset, .unsupportedEncoding])
        #expect(result.problems[0].message.contains("KOI8-R"))
        #expect(result.problems[1].message.contains("UUENCODE"))
    }

    @Test("Invalid UTF-8 is replaced by U+FFFD and reported, without a crash")
    func invalidUTF8() {
        let bytes =
            Array("BEGIN:VCARD\nVERSION:3.0\nFN:a".utf8) + [0xC3] + Array("b\nN:".utf8) + [0xE2, 0x82]
            + Array("\nEND:VCARD\n".utf8)
        let result = VCardParser.parse(bytes)
        #expect(result.contacts.map(\.displayName) == ["a\u{FFFD}b"])
        #expect(result.contacts.map(\.familyName) == ["\u{FFFD}"])
        #expect(result.problems.map(\.line) == [3, 4])
        #expect(result.problems.allSatisfy { $0.kind == .invalidUTF8 })
    }

    // MARK: - Lines

    @Test("Folding: CRLF or LF followed by a space or a tab, anywhere, even inside a UTF-8 sequence")
    func folding() {
        let bytes =
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\nF\r\n N;CHAR\n\tSET=UTF-8:Jos".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
            + Array("  ma\r\n  ria\r\nNOTE:x\n \n y\r\nEND:VCARD\r\n".utf8)
        let result = VCardParser.parse(bytes)
        #expect(result.problems == [])
        #expect(result.contacts.map(\.displayName) == ["José  ma ria"])
        #expect(result.contacts.map(\.notes) == ["xy"])
    }

    @Test("CRLF, LF and mixed line endings read alike, ids included")
    func lineEndings() {
        let lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:Same", "TEL;TYPE=CELL:1", "END:VCARD"]
        let crlf = Self.parse(lines, lineEnding: "\r\n")
        let lf = Self.parse(lines, lineEnding: "\n")
        let mixed = VCardParser.parse(Array("BEGIN:VCARD\nVERSION:3.0\r\nFN:Same\nTEL;TYPE=CELL:1\r\nEND:VCARD".utf8))
        let doubledCR = VCardParser.parse(
            Array("BEGIN:VCARD\r\r\nVERSION:3.0\r\r\n\r\r\nFN:Same\r\nTEL;TYPE=CELL:1\r\nEND:VCARD\r\r\n".utf8))
        #expect(crlf.contacts.count == 1)
        #expect(crlf == lf)
        #expect(crlf == mixed)
        #expect(doubledCR.contacts.map(\.displayName) == ["Same"])
        #expect(doubledCR.problems == [])
    }

    @Test("A leading UTF-8 BOM is skipped; UTF-16 BE with a BOM is read")
    func byteOrderMarks() {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zoë\r\nEND:VCARD\r\n"
        let plain = VCardParser.parse(Array(text.utf8))
        let utf8BOM = VCardParser.parse([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        let utf16BE = VCardParser.parse([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        #expect(plain.contacts.map(\.displayName) == ["Zoë"])
        #expect(utf8BOM == plain)
        #expect(utf16BE == plain)
    }

    @Test("Property names, BEGIN/END/VERSION values and parameter names in any case")
    func caseInsensitive() {
        let result = Self.parse(["begin:vcard", "Version:3.0", "fN:Lower", "n:Fam;Giv", "tEl;TyPe=cElL:1", "End:VCard"])
        #expect(result.problems == [])
        #expect(
            result.contacts.map { [$0.displayName, $0.familyName, $0.givenName] } == [["Lower", "Fam", "Giv"]])
        #expect(result.contacts.first?.phoneNumbers == [LabeledValue(label: "mobile", value: "1")])
    }

    @Test("Many cards per file, in order; a card without VERSION is imported")
    func manyCards() {
        var lines: [String] = []
        for index in 0..<50 {
            lines += ["BEGIN:VCARD"] + (index % 7 == 0 ? [] : ["VERSION:\(["2.1", "3.0", "4.0"][index % 3])"])
            lines += ["FN:Person \(index)", "END:VCARD", ""]
        }
        let result = Self.parse(lines)
        #expect(result.problems == [])
        #expect(result.cardCount == 50)
        #expect(result.contacts.map(\.displayName) == (0..<50).map { "Person \($0)" })
    }

    @Test("A vCard 2.1 AGENT card is not imported and ends nothing")
    func agentCard() {
        let result = Self.parse([
            "BEGIN:VCARD", "VERSION:2.1", "FN:Boss", "AGENT:", "BEGIN:VCARD", "VERSION:2.1", "FN:Agent",
            "AGENT:", "BEGIN:VCARD", "FN:Agent's agent", "END:VCARD", "TEL:2", "END:VCARD", "TEL:1", "END:VCARD",
        ])
        #expect(result.problems == [])
        #expect(result.contacts.map(\.displayName) == ["Boss"])
        #expect(result.contacts.first?.phoneNumbers == [LabeledValue(label: "other", value: "1")])
    }

    @Test("A 2.1 BASE64 value continued on lines without folding whitespace, up to a blank line")
    func unfoldedBase64() {
        let result = Self.parse([
            "BEGIN:VCARD", "VERSION:2.1", "FN:Photo Person", "PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQSkZJRgABAQ",
            "AAABAAEAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U",
            "HRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL=",
            "", "NOTE;ENCODING=BASE64:SGVs", "bG8=", "TEL:1", "END:VCARD",
        ])
        #expect(result.problems == [])
        #expect(result.contacts.map(\.displayName) == ["Photo Person"])
        #expect(result.contacts.map(\.notes) == ["Hello"])
        #expect(result.contacts.first?.phoneNumbers.count == 1)
    }

    @Test("BEGIN:VCARD inside a card (not after AGENT) skips the open card and starts a new one")
    func beginInsideCard() {
        let result = Self.parse([
            "BEGIN:VCARD", "VERSION:3.0", "FN:Open", "BEGIN:VCARD", "VERSION:3.0", "FN:Next", "END:VCARD",
        ])
        #expect(result.problems.map { "\($0.line) \($0.kind)" } == ["1 beginWithoutEnd"])
        #expect(result.contacts.map(\.displayName) == ["Next"])
        #expect(result.cardCount == 2)
    }

    @Test(
        "Lines that are not properties",
        arguments: [
            "no colon here", ":value without a name", "BAD NAME:x", "FN;TYPE=\"open:x", "item1.:x", ".FN:x", "FN;=x:y",
            "FN:ok\u{0}", "\u{FEFF}FN:x",
        ])
    func notAProperty(line: String) {
        let result = Self.parse(["BEGIN:VCARD", "VERSION:3.0", line, "END:VCARD"])
        if line.hasPrefix("FN:ok") {
            #expect(result.problems == [], "a NUL inside a value is still a property")
            return
        }
        #expect(result.contacts == [])
        #expect(result.problems.map { "\($0.line) \($0.kind)" } == ["3 notAProperty"])
    }

    @Test("Past maxProblems one tooManyProblems entry stands for the rest")
    func problemCap() {
        let junk = (0..<(VCardParser.maxProblems + 500)).map { "junk \($0)" }
        let result = Self.parse(junk + ["BEGIN:VCARD", "FN:Still imported", "END:VCARD"])
        #expect(result.problems.count == VCardParser.maxProblems + 1)
        #expect(result.problems.last?.kind == .tooManyProblems)
        #expect(result.problems.last?.line == VCardParser.maxProblems + 1)
        #expect(result.contacts.map(\.displayName) == ["Still imported"])
    }

    // MARK: - Ids

    @Test("Derived ids: the same card gives the same id anywhere, whatever its line ends or folding")
    func stableDerivedIDs() {
        let card = ["BEGIN:VCARD", "VERSION:3.0", "FN:Ann Lee", "TEL:+1 555 0100", "END:VCARD"]
        let other = ["BEGIN:VCARD", "VERSION:3.0", "FN:Someone Else", "END:VCARD"]
        let alone = Self.parse(card).contacts
        let after = Self.parse(other + card).contacts
        let twice = Self.parse(card + card).contacts
        let lf = Self.parse(card, lineEnding: "\n").contacts
        let folded = Self.parse(["BEGIN:VCARD", "VERSION:3.0", "FN:Ann", "  Lee", "TEL:+1 555", "  0100", "END:VCARD"])
            .contacts
        let id = alone.first?.id ?? ""
        #expect(id.hasPrefix("vcf-") && id.count == 20)
        #expect(after.last?.id == id)
        #expect(twice.map(\.id) == [id, id])
        #expect(lf.first?.id == id)
        #expect(folded.first?.id == id)
        #expect(after.first?.id != id)
    }

    @Test("Derived ids: cards differing in one byte anywhere get different ids")
    func distinctDerivedIDs() {
        let base = ["BEGIN:VCARD", "VERSION:3.0", "FN:Ann Lee", "TEL:+1 555 0100", "X-UNMAPPED:a", "END:VCARD"]
        var variants = [base]
        variants.append(base.map { $0 == "FN:Ann Lee" ? "FN:Ann Leé" : $0 })
        variants.append(base.map { $0 == "TEL:+1 555 0100" ? "TEL:+1 555 0101" : $0 })
        variants.append(base.map { $0 == "X-UNMAPPED:a" ? "X-UNMAPPED:b" : $0 })
        variants.append(base.map { $0 == "VERSION:3.0" ? "VERSION:4.0" : $0 })
        variants.append(base.map { $0 == "FN:Ann Lee" ? "fn:Ann Lee" : $0 })
        let ids = variants.compactMap { Self.parse($0).contacts.first?.id }
        #expect(ids.count == variants.count)
        #expect(Set(ids).count == variants.count)
    }

    @Test("UID: 128 bytes accepted; 129 bytes or a control character falls back to the derived id")
    func uidLimits() {
        let longest = String(repeating: "é", count: 64)
        #expect(Self.contact(["UID:\(longest)"]).id == longest)
        for bad in [longest + "x", "tab\there", "new\\nline"] {
            let result = Self.parse(["BEGIN:VCARD", "VERSION:3.0", "UID:\(bad)", "END:VCARD"])
            #expect(result.contacts.first?.id.hasPrefix("vcf-") == true)
            #expect(result.problems.map { "\($0.line) \($0.kind)" } == ["3 invalidUID"])
            #expect(result.problems.first?.message.contains(result.contacts.first?.id ?? "?") == true)
        }
    }

    // MARK: - Recognising vCard

    @Test(
        "looksLikeVCard",
        arguments: [
            ("BEGIN:VCARD\r\n", true), ("begin:vcard\n", true), ("\u{FEFF}BEGIN:VCARD\r\nVERSION:3.0", true),
            ("\n\r\n  \nBEGIN:VCARD", true), ("BEGIN:VCARD  \n", true), ("{\"id\":\"c1\"}\n", false),
            ("", false), ("BEGIN:VCALENDAR\n", false), ("BEGIN:VCARDS\n", false), ("x\nBEGIN:VCARD\n", false),
            ("END:VCARD\n", false),
        ])
    func recognising(text: String, expected: Bool) {
        #expect(VCardParser.looksLikeVCard(Array(text.utf8)) == expected)
    }

    @Test("looksLikeVCard: UTF-16, binary, and a missing file")
    func recognisingOddInputs() {
        let utf16: [UInt8] = [0xFF, 0xFE] + "BEGIN:VCARD\r\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(VCardParser.looksLikeVCard(utf16))
        #expect(!VCardParser.looksLikeVCard([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]))
        #expect(!VCardParser.looksLikeVCard(fileAtPath: "/nonexistent/book.vcf"))
    }

    @Test("parse(fileAtPath:) names the file and the fault")
    func fileErrors() {
        #expect(throws: VCardFileError.self) { try VCardParser.parse(fileAtPath: "/nonexistent/book.vcf") }
        do {
            _ = try VCardParser.parse(fileAtPath: "/")
            Issue.record("a directory was read")
        } catch {
            #expect(error.message == "cannot read /: it is a directory")
        }
        do {
            _ = try VCardParser.parse(fileAtPath: "/nonexistent/book.vcf")
        } catch {
            #expect(error.description == "cannot read /nonexistent/book.vcf: no such file")
        }
    }
}
