#!/usr/bin/env python3
"""Measures libphonenumber's Python port (`phonenumbers`, pinned in requirements.txt) on the
work `PhoneNumberNormalizer` does: parse(raw, region), is_possible_number_with_reason, and
format_number(E164) when possible. Prints numbers per second and nanoseconds per number: a
figure for a column of its own, labelled Python, beside the Swift benchmark's table
(ContactsBenchmarks --filter phone), whose baseline is the C++ libphonenumber in the same
process, never this.

Inputs (--input, default the golden corpus):
  - the strings the Swift benchmark measured, which it writes to .build/phone-benchmark/*.tsv
    ("REGION<TAB>raw": national-format.tsv, digits.tsv, address-book-as-written.tsv,
    golden-corpus.tsv) -- the like-for-like comparison;
  - the golden corpus (Tests/ContactsCoreTests/Phone/Fixtures/phone_corpus.jsonl);
  - contacts JSON Lines as `contacts generate` writes them (every phoneNumbers[].value);
  - plain text, one raw number a line.
--region gives the default region where the input names none.

Example (after `make bench` or `swift run -c release ContactsBenchmarks --filter phone`):
  scripts/phone/bench_python.py --input .build/phone-benchmark/national-format.tsv

--subset picks cases of the golden corpus:
  national  accepted cases with a region and no '+' ("(415) 555-2671" / US)
  e164      cases already written as '+' and ASCII digits
  ascii     the national subset restricted to ASCII input
  all       everything (default)
(accepted = the corpus's expected answer is an E.164 number; other inputs count everything as accepted)

Usage: bench_python.py [--input FILE] [--region R] [--subset S] [--seconds N]
"""
import argparse
import json
import os
import sys
import time

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, ValidationResult

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_INPUT = os.path.join(ROOT, "Tests", "ContactsCoreTests", "Phone", "Fixtures", "phone_corpus.jsonl")


def read_cases(path, default_region):
    """(raw, region, accepted) triples from any of the supported input formats."""
    cases = []
    with open(path, encoding="utf-8") as handle:
        first = handle.readline()
        rest = handle
        if first.startswith("{") and '"generator"' in first:  # the golden corpus
            for line in rest:
                raw, region, expected = json.loads(line)
                cases.append((raw, region if region is not None else default_region, expected.startswith("+")))
            return cases
        for line in [first] + list(rest):
            line = line.rstrip("\n")
            if line.startswith("{"):  # contacts JSON Lines
                contact = json.loads(line)
                for phone in contact.get("phoneNumbers", []):
                    cases.append((phone.get("value", ""), default_region, True))
            elif "\t" in line:
                region, raw = line.split("\t", 1)
                cases.append((raw, region or default_region, True))
            else:
                cases.append((line, default_region, True))
    return cases


def select(cases, subset):
    if subset == "national":
        return [c for c in cases if c[1] is not None and c[2] and "+" not in c[0]]
    if subset == "ascii":
        return [c for c in cases if c[1] is not None and c[2] and "+" not in c[0] and c[0].isascii()]
    if subset == "e164":
        return [c for c in cases if c[0].startswith("+") and all("0" <= ch <= "9" for ch in c[0][1:])]
    return cases


def normalize(raw, region):
    """What the Swift normalizer computes: the E.164 string, or None."""
    try:
        number = phonenumbers.parse(raw, region)
    except NumberParseException:
        return None
    if phonenumbers.is_possible_number_with_reason(number) != ValidationResult.IS_POSSIBLE:
        return None
    return phonenumbers.format_number(number, PhoneNumberFormat.E164)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", default=DEFAULT_INPUT)
    parser.add_argument("--region", default=None)
    parser.add_argument("--subset", choices=["all", "national", "ascii", "e164"], default="all")
    parser.add_argument("--seconds", type=float, default=3.0, help="measure for at least this long")
    args = parser.parse_args()
    cases = select(read_cases(args.input, args.region), args.subset)
    if not cases:
        sys.exit("no input cases")
    for raw, region, _ in cases[:1000]:  # warm up (metadata loading happens lazily)
        normalize(raw, region)
    done = 0
    accepted = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < args.seconds:
        for raw, region, _ in cases:
            if normalize(raw, region) is not None:
                accepted += 1
        done += len(cases)
        elapsed = time.perf_counter() - start
    rate = done / elapsed
    print("Python phonenumbers %s (Python %s): %s subset, %d strings, %d normalizations in %.2f s"
          % (phonenumbers.__version__, sys.version.split()[0], args.subset, len(cases), done, elapsed))
    print("Python column: %.0f numbers/second, %.0f ns/number (%d accepted)" % (rate, 1e9 / rate, accepted))


if __name__ == "__main__":
    main()
