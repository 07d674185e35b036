#!/usr/bin/env python3
"""Writes Sources/ContactsCore/Phone/PhoneMetadataTable.generated.swift from the PyPI package
`phonenumbers` (the Python port of Google's libphonenumber), version pinned in requirements.txt.

The Swift normalizer reproduces `phonenumbers.parse(raw, region)` followed by
`is_possible_number_with_reason` and `format_number(E164)`. This script exports exactly the
data those steps read, as a line-oriented, tab-separated text embedded in one Swift string
literal (the library parses it once, lazily):

    phonenumbers <version>                 the metadata's version
    unicode <version>                      Unicode version of the Python that ran this script
    pattern <name> <flags> <regex>         phonenumbers' own parsing regexes (flags: i = ignore case)
    fold <hex>:<hex> ...                   case-insensitive matching of non-ASCII characters
    upper <hex>:<hex> ...                  non-ASCII characters whose str.upper() is an ASCII letter
    digits <hex> ...                       the zero of every decimal digit script (category Nd)
    region <id> <cc> <idd> <npfp> <transform> <lengths> <local lengths> <general pattern>
    callingCode <cc> <regions, main first>

`-` stands for an absent field. Regexes are written with every non-ASCII character escaped as
\\uXXXX, so the generated Swift source is pure ASCII. Only the general description's lengths
are exported because the possibility check with type UNKNOWN reads nothing else.

Usage: generate_metadata.py [--output PATH] [--check]
  --check  exit 1 when the committed file differs from what this script would write.
"""
import argparse
import os
import re
import sys
import unicodedata

import phonenumbers
from phonenumbers import phonenumberutil as pnu
from phonenumbers.phonemetadata import PhoneMetadata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUTPUT = os.path.join(ROOT, "Sources", "ContactsCore", "Phone", "PhoneMetadataTable.generated.swift")
SCRIPT_NAME = "scripts/phone/generate_metadata.py"


def pinned_version():
    with open(os.path.join(HERE, "requirements.txt"), encoding="utf-8") as handle:
        for line in handle:
            match = re.match(r"\s*phonenumbers==(\S+)", line)
            if match:
                return match.group(1)
    sys.exit("requirements.txt does not pin phonenumbers")


def escape_pattern(pattern):
    """The regex with non-ASCII and control characters as \\uXXXX / \\UXXXXXXXX escapes."""
    out = []
    for ch in pattern:
        code = ord(ch)
        if 0x20 <= code < 0x7F:
            out.append(ch)
        elif code <= 0xFFFF:
            out.append("\\u%04x" % code)
        else:
            out.append("\\U%08x" % code)
    text = "".join(out)
    assert "\t" not in text and "\n" not in text
    return text


# --- Case-insensitive matching model -------------------------------------------------------
#
# Python's `re` with IGNORECASE compares the simple lowercase of the input character with the
# lowercased pattern, and treats a few extra pairs as equal (re._casefix._EXTRA_CASES: i and
# dotless i, s and long s, micro sign and mu, ...). The Swift side folds both the input and the
# pattern with `fold` below and compares the folds. The table exported holds only the non-ASCII
# characters whose fold differs from themselves and lands on a character some case-insensitive
# pattern mentions; `verify_fold_model` checks, over every code point, that this model accepts
# exactly what Python's `re` accepts for every literal and character class of those patterns.

def _extra_cases():
    try:
        from re._casefix import _EXTRA_CASES  # Python >= 3.11
        return _EXTRA_CASES
    except ImportError:  # pragma: no cover
        import sre_compile
        return sre_compile._ignorecase_fixes


EXTRA_CASES = _extra_cases()


def simple_lower(code):
    import _sre
    return _sre.unicode_tolower(code)


def fold(code):
    low = simple_lower(code)
    return min((low,) + tuple(EXTRA_CASES.get(low, ())))


def sre_atoms(pattern, flags):
    """Every literal and character class of a regex, as parsed by Python's own `re`."""
    try:
        from re import _parser as sre_parse  # Python >= 3.11
        from re._constants import LITERAL, IN, MAX_REPEAT, MIN_REPEAT, SUBPATTERN, BRANCH, RANGE, CATEGORY
    except ImportError:  # pragma: no cover
        import sre_parse
        from sre_constants import LITERAL, IN, MAX_REPEAT, MIN_REPEAT, SUBPATTERN, BRANCH, RANGE, CATEGORY
    atoms = []

    def walk(items):
        for op, arg in items:
            if op == LITERAL:
                atoms.append([(LITERAL, arg)])
            elif op == IN:
                atoms.append(list(arg))
            elif op in (MAX_REPEAT, MIN_REPEAT):
                walk(arg[2])
            elif op == SUBPATTERN:
                walk(arg[-1])
            elif op == BRANCH:
                for branch in arg[1]:
                    walk(branch)
    walk(sre_parse.parse(pattern, flags))
    return atoms, LITERAL, RANGE, CATEGORY


def atom_regex(atom, LITERAL, RANGE, CATEGORY):
    parts = []
    for op, arg in atom:
        if op == LITERAL:
            parts.append(re.escape(chr(arg)))
        elif op == RANGE:
            parts.append("%s-%s" % (re.escape(chr(arg[0])), re.escape(chr(arg[1]))))
        elif op == CATEGORY:
            assert str(arg) == "CATEGORY_DIGIT", arg
            parts.append("\\d")
        else:
            raise AssertionError("unexpected class item %r" % ((op, arg),))
    return "[" + "".join(parts) + "]"


def atom_members(atom, LITERAL, RANGE, CATEGORY):
    members, digits = set(), False
    for op, arg in atom:
        if op == LITERAL:
            members.add(arg)
        elif op == RANGE:
            members.update(range(arg[0], arg[1] + 1))
        else:
            digits = True
    return members, digits


ALL_CODE_POINTS = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
ALL_TEXT = "".join(map(chr, ALL_CODE_POINTS))


def python_matches(regex, flags):
    compiled = re.compile(regex, flags)
    return {ALL_CODE_POINTS[m.start()] for m in compiled.finditer(ALL_TEXT)}


def fold_tables(case_insensitive_patterns):
    """The `fold` pairs to export, verified against Python's `re` over all code points."""
    relevant = set()
    atoms_by_pattern = []
    for pattern, flags in case_insensitive_patterns:
        atoms, LITERAL, RANGE, CATEGORY = sre_atoms(pattern, flags)
        atoms_by_pattern.append((atoms, flags))
        for atom in atoms:
            members, _ = atom_members(atom, LITERAL, RANGE, CATEGORY)
            relevant.update(fold(m) for m in members)
    pairs = {}
    for code in ALL_CODE_POINTS:
        if code < 0x80:
            continue
        target = fold(code)
        if target != code and target in relevant:
            pairs[code] = target

    def model_fold(code):
        if 0x41 <= code <= 0x5A:
            return code + 0x20
        return pairs.get(code, code)

    digits = {c for c in ALL_CODE_POINTS if unicodedata.category(chr(c)) == "Nd"}
    checked = set()
    for atoms, flags in atoms_by_pattern:
        for atom in atoms:
            key = (atom_regex(atom, LITERAL, RANGE, CATEGORY), flags)
            if key in checked:
                continue
            checked.add(key)
            members, has_digits = atom_members(atom, LITERAL, RANGE, CATEGORY)
            folded = {model_fold(m) for m in members}
            model = {c for c in ALL_CODE_POINTS if model_fold(c) in folded}
            if has_digits:
                model |= digits
            actual = python_matches(atom_regex(atom, LITERAL, RANGE, CATEGORY), flags)
            if model != actual:
                diff = sorted(model ^ actual)[:10]
                sys.exit("fold model disagrees with re for %r: %s" % (atom, [hex(c) for c in diff]))
    return pairs


def upper_pairs():
    """Non-ASCII characters that _normalize_helper maps to a keypad digit: c.upper() is A-Z."""
    pairs = {}
    for code in ALL_CODE_POINTS:
        if code < 0x80:
            continue
        upper = chr(code).upper()
        if len(upper) == 1 and "A" <= upper <= "Z":
            pairs[code] = ord(upper)
    return pairs


def digit_zeros():
    """The zero of each run of ten decimal digits (`\\d` in Python's `re`, `unicodedata.digit`)."""
    zeros = [c for c in ALL_CODE_POINTS if unicodedata.category(chr(c)) == "Nd" and unicodedata.digit(chr(c)) == 0]
    digits = {c for c in ALL_CODE_POINTS if unicodedata.category(chr(c)) == "Nd"}
    expanded = {zero + value for zero in zeros for value in range(10)}
    if expanded != digits or any(unicodedata.digit(chr(zero + v)) != v for zero in zeros for v in range(10)):
        sys.exit("decimal digits do not come in runs of ten")
    return zeros


# --- Metadata ------------------------------------------------------------------------------

def lengths_field(lengths):
    values = [int(v) for v in lengths]
    assert all(1 <= v <= 17 for v in values), values
    assert values == sorted(values), values
    return ",".join(str(v) for v in values) if values else "-"


def region_line(metadata):
    general = metadata.general_desc

    def field(value):
        return escape_pattern(value) if value else "-"
    assert metadata.international_prefix is None or metadata.international_prefix != ""
    transform = metadata.national_prefix_transform_rule
    if transform:
        assert re.fullmatch(r"(?:\d|\\\d)+", transform), transform
    return "\t".join([
        "region", metadata.id, str(metadata.country_code),
        field(metadata.international_prefix),
        field(metadata.national_prefix_for_parsing),
        field(transform),
        lengths_field(general.possible_length),
        lengths_field(general.possible_length_local_only),
        field(general.national_number_pattern),
    ])


def build_text():
    regions = sorted(pnu.SUPPORTED_REGIONS)
    nongeo = sorted(pnu.COUNTRY_CODES_FOR_NON_GEO_REGIONS)
    if set(PhoneMetadata._region_available) != set(regions):
        sys.exit("regions with metadata differ from the supported regions")
    patterns = [
        ("viablePhoneNumber", pnu._VALID_PHONE_NUMBER_PATTERN),
        ("extension", re.compile(pnu._EXTN_PATTERNS_FOR_PARSING, pnu._REGEX_FLAGS)),
        ("globalNumberDigits", pnu._RFC3966_GLOBAL_NUMBER_DIGITS_PATTERN),
        ("domainName", pnu._RFC3966_DOMAINNAME_PATTERN),
    ]
    if pnu._EXTN_PATTERN.pattern != "(?:" + pnu._EXTN_PATTERNS_FOR_PARSING + ")$":
        sys.exit("phonenumbers changed how the extension pattern is anchored")
    lines = [
        "phonenumbers\t" + phonenumbers.__version__,
        "unicode\t" + unicodedata.unidata_version,
    ]
    case_insensitive = []
    for name, compiled in patterns:
        ignore_case = bool(compiled.flags & re.IGNORECASE)
        if ignore_case:
            case_insensitive.append((compiled.pattern, compiled.flags))
        lines.append("\t".join(["pattern", name, "i" if ignore_case else "-", escape_pattern(compiled.pattern)]))
    folds = fold_tables(case_insensitive)
    lines.append("fold\t" + " ".join("%x:%x" % item for item in sorted(folds.items())))
    lines.append("upper\t" + " ".join("%x:%x" % item for item in sorted(upper_pairs().items())))
    lines.append("digits\t" + " ".join("%x" % zero for zero in digit_zeros()))
    for region in regions:
        lines.append(region_line(PhoneMetadata.metadata_for_region(region)))
    for code in nongeo:
        lines.append(region_line(PhoneMetadata.metadata_for_nongeo_region(code)))
    for code in sorted(pnu.COUNTRY_CODE_TO_REGION_CODE):
        lines.append("callingCode\t%d\t%s" % (code, ",".join(pnu.COUNTRY_CODE_TO_REGION_CODE[code])))
    return "\n".join(lines) + "\n"


def swift_source(text):
    assert '"""#' not in text and all(ord(ch) < 0x80 for ch in text)
    return (
        "// Generated by %s from phonenumbers %s (Unicode %s); do not edit.\n"
        "// swift-format-ignore-file\n"
        "\n"
        "/// libphonenumber's metadata and parsing patterns, as exported by %s.\n"
        "///\n"
        "/// One tab-separated record a line; `PhoneMetadata` parses it once, on first use. The script's\n"
        "/// docstring describes the format.\n"
        "package enum PhoneMetadataTable {\n"
        "    /// The table's text.\n"
        "    package static let text = #\"\"\"\n"
        "%s"
        "\"\"\"#\n"
        "}\n"
    ) % (SCRIPT_NAME, phonenumbers.__version__, unicodedata.unidata_version, SCRIPT_NAME, text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if phonenumbers.__version__ != pinned_version():
        sys.exit("phonenumbers %s is installed but requirements.txt pins %s"
                 % (phonenumbers.__version__, pinned_version()))
    source = swift_source(build_text())
    if args.check:
        with open(args.output, encoding="utf-8") as handle:
            if handle.read() != source:
                sys.exit("%s is out of date: run %s" % (args.output, SCRIPT_NAME))
        return
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.write(source)
    print("wrote %s (%d bytes)" % (args.output, len(source.encode())), file=sys.stderr)


if __name__ == "__main__":
    main()
