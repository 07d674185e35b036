#!/usr/bin/env python3
"""Writes the golden table of PROTOCOL §2 text folding for the search tests.

    python3 scripts/search/generate_fold_golden.py > Tests/ContactsCoreTests/Search/Fixtures/FoldGolden.swift

The table is a Swift source file holding one raw string literal (tab-separated rows), so the
test target compiles it in: no resource file for SwiftPM to handle, nothing to locate at run
time.

The reference is Python's own `unicodedata` and `str.casefold`, exactly as PROTOCOL §2 words it:
fold(s) = NFKD, drop code points with a non-zero canonical combining class, casefold, then the
ten Latin letters without a decomposition replaced as people type them (ł→l, ø→o, đ→d, ð→d,
ħ→h, ı→i, ŧ→t, æ→ae, œ→oe, þ→th); digits(s) = the ASCII digits of NFKD(s); a term is a phone
term when NFKD(term) has an ASCII digit and only ASCII digits and `+-().`; a whole query is one
phone term when, its White_Space runs collapsed to one space (and trimmed), NFKD of it has an
ASCII digit and only ASCII digits, spaces and `+-().`; a word is a maximal run of general
category L, N or M.

Only the standard library is needed (no package from PyPI): `unicodedata` and `str.casefold`
of the Python that runs it.

Unicode versions: this table was made with Python 3.11 (unicodedata 14.0.0); the Swift side
uses ICU 72 (Unicode 15.0). Code points unassigned in Python's version are skipped, so the
table only holds characters on which the two versions agree by Unicode's stability policies.

Columns of each row (tab-separated, every text as space-separated hex code points so the file is ASCII):
input, fold(input), digits(input) as ASCII, phone term (0/1), the words of fold(input)
joined by '|', and whether the input taken as a whole query is one phone term (0/1).
"""
import sys
import unicodedata

PHONE_CHARACTERS = set("0123456789+-().")

# PROTOCOL §2: Latin letters without a decomposition, replaced after case folding.
TYPED_LETTERS = str.maketrans({
    "ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t", "æ": "ae", "œ": "oe", "þ": "th",
})

# The White_Space property (PropList.txt), which Python does not expose.
WHITE_SPACE = set(map(chr, [
    0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004,
    0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
]))


def fold(text):
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if unicodedata.combining(c) == 0).casefold().translate(TYPED_LETTERS)


def digits(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text) if "0" <= c <= "9")


def is_phone_term(term):
    decomposed = unicodedata.normalize("NFKD", term)
    return any("0" <= c <= "9" for c in decomposed) and all(c in PHONE_CHARACTERS for c in decomposed)


def is_phone_query(query):
    collapsed, run = "", False
    for c in query:
        if c in WHITE_SPACE:
            run = True
            continue
        if run and collapsed:
            collapsed += " "
        collapsed += c
        run = False
    decomposed = unicodedata.normalize("NFKD", collapsed)
    return any("0" <= c <= "9" for c in decomposed) and all(c in PHONE_CHARACTERS or c == " " for c in decomposed)


def words(text):
    found, current = [], ""
    for c in text:
        if unicodedata.category(c)[0] in "LNM":
            current += c
        elif current:
            found.append(current)
            current = ""
    if current:
        found.append(current)
    return found


def hex_points(text):
    return " ".join("%04X" % ord(c) for c in text)


# Whole strings: names and sequences where context matters (combining sequences, final
# sigma, ligatures, mixed scripts, phone-like terms).
STRINGS = [
    "José Núñez", "JOSÉ NÚÑEZ", "Jose\u0301 Nu\u0301n\u0303ez", "François Müller-Lüdenscheidt",
    "Straße", "STRASSE", "ẞ", "İstanbul", "ıIiİ", "DİYARBAKIR", "ﬁnance ﬂow ﬀ ﬃ ﬄ ﬅ ﬆ",
    "ΟΔΥΣΣΕΥΣ Ὀδυσσεύς", "ς σ Σ", "ΐΰ", "ᾀᾈ ῼ", "Москва ЁЛКА Ёлка й Й", "Україна Ґ ї",
    "ＡＢＣ１２３ｘｙｚ", "ｶﾞﾊﾟ", "김기", "기", "김", "ㄱㅏ", "北京市 東京都 髙橋", "مرحبا بالعالم", "ﻻ ﷺ",
    "e\u0301", "a\u0308\u0304", "\u0301", "\u0301\u0302x", "o\u0328\u0301", "①②③ ⑴ ⒈", "㈱ ㍻ ㎏", "½ ⅞",
    "ǅǄǆ ǈ ǋ Ǳ", "ŉ", "Ω K Å µ", "ℌ ℍ ℵ", "Ⅷ ⅷ", "ǰ J̌", "x² H₂O", "+1 (415) 555-2671",
    "+１ (４１５) ５５５-２６７１", "٠١٢٣ ۴۵۶", "(0)20-7946.0958", "555\u0301", "¨", "a¨b", "Ꭰꭰ ᏸ",
    "Აბგ", "𐐀𐐨", "𝐀𝐁𝐂 𝟏𝟐", "👍🏽 👨‍👩‍👧", "Nguyễn Thị Minh Khai", "Łódź Źdźbło", "Øre Æon œuvre",
    "ŞĞÜÖÇ şğüöç", "שָׁלוֹם", "กรุงเทพ", "नमस्ते", "Ἀθῆναι", "dž ǆ", "Ǉubljana", "ﬀoo@ＥＸＡＭＰＬＥ.com",
    "jose.nunez@acme.es", "O'Brien-Smith (Jr.)", "  spaced\u00a0out\u3000words ", "tab\there",
    "café\u200dbar", "ǲ", "ꞵ Ʂ", "ﬓﬔ", "Ꮳ", "ǃ", "ᴬᴮ", "℡ ™ ℠", "…", "‥", "‼", "ﹰ", "ﺍﻟﻌﺮﺑﻴﺔ",
    "Łódź", "ŁÓDŹ", "Søren", "SØREN", "Đức", "ĐỨC", "Ðóra ðóra", "Ħamrun ħ", "Iİıi", "Ŧŧ", "Ææ Ǽǽ Ǣǣ",
    "Œœ", "Þór þór", "Ǿǿ", "ᴁ ᴂ ᴓ", "+49 30 1234", " +49\u00a030\u3000 1234 ", "(0)20 7946 0958", "5 5 5",
    "a 5", "+49 30 x", "１２ ３４", "12 ³4", "- -", "(  )", "+ 1", "12\t34", "4 ½",
]

# Single code points over the blocks the tests care about.
RANGES = [
    (0x0020, 0x024F), (0x0250, 0x02FF), (0x0300, 0x036F), (0x0370, 0x03FF), (0x0400, 0x052F),
    (0x0590, 0x05FF), (0x0600, 0x06FF), (0x0E00, 0x0E7F), (0x0900, 0x097F), (0x10A0, 0x10FF),
    (0x1100, 0x11FF), (0x13A0, 0x13FF), (0x1C80, 0x1CBF), (0x1D00, 0x1DBF), (0x1E00, 0x1FFF),
    (0x2000, 0x209F), (0x2100, 0x218F), (0x2460, 0x24FF), (0x2C00, 0x2C7F), (0x3000, 0x30FF),
    (0x3130, 0x318F), (0x3200, 0x33FF), (0x4E00, 0x4E3F), (0xA640, 0xA69F), (0xA720, 0xA7FF),
    (0xAB70, 0xABBF), (0xAC00, 0xAC3F), (0xAE30, 0xAE4F), (0xD7B0, 0xD7FF), (0xF900, 0xF93F),
    (0xFB00, 0xFB4F), (0xFB50, 0xFBFF), (0xFE30, 0xFE4F), (0xFE70, 0xFEFF), (0xFF00, 0xFFEF),
    (0x10400, 0x1044F), (0x104B0, 0x104FF), (0x1D400, 0x1D4FF), (0x1D7CE, 0x1D7FF),
    (0x1E900, 0x1E95F), (0x1F100, 0x1F1FF), (0x1F3FB, 0x1F3FF),
]


def rows():
    for text in STRINGS:
        yield text
    for low, high in RANGES:
        for point in range(low, high + 1):
            character = chr(point)
            category = unicodedata.category(character)
            if category in ("Cn", "Cs", "Co"):
                continue
            yield character


def main():
    out = sys.stdout
    out.write("// Generated by scripts/search/generate_fold_golden.py (Python %s, unicodedata %s); do not edit.\n"
              % (sys.version.split()[0], unicodedata.unidata_version))
    out.write("// swift-format-ignore-file: long table rows\n")
    out.write("\n/// PROTOCOL §2 folding as Python computes it: one row a case, tab-separated columns\n")
    out.write("/// input, fold(input), digits(input), phone term (0/1), the words of fold(input) joined by '|',\n")
    out.write("/// the input as a whole query is one phone term (0/1); texts as space-separated hex code points.\n")
    out.write("enum FoldGolden {\n    static let table = #\"\"\"\n")
    indent = " " * 8
    for text in rows():
        folded = fold(text)
        out.write(indent + "%s\t%s\t%s\t%d\t%s\t%d\n" % (
            hex_points(text), hex_points(folded), digits(text), int(is_phone_term(text)),
            "|".join(hex_points(word) for word in words(folded)), int(is_phone_query(text))))
    out.write(indent + "\"\"\"#\n}\n")


if __name__ == "__main__":
    main()
