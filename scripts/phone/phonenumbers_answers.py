#!/usr/bin/env python3
"""Answers every case of a `ContactsBenchmarks --phone-answers` dump with the installed Python
`phonenumbers` (run it with each version's interpreter), the way PROTOCOL §3 and
scripts/phone/generate_corpus.py ask: parse(raw, region), then is_possible_number_with_reason;
"+E164" when IS_POSSIBLE, else the parse error's or the reason's name.

Writes one JSON line per input line, in order: {"answer": ..., "countryCode": n or null}
(countryCode: the parsed number's calling code when parsing succeeded).
Also writes, with --metadata FILE, each region's and non-geographic code's metadata fields that
decide these answers, to compare two releases.

Usage: phonenumbers_answers.py DUMP OUT [--metadata FILE]
"""
import json
import sys

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, ValidationResult
from phonenumbers import phonenumberutil as pnu
from phonenumbers.phonemetadata import PhoneMetadata

PARSE_ERRORS = {
    NumberParseException.INVALID_COUNTRY_CODE: "INVALID_COUNTRY_CODE",
    NumberParseException.NOT_A_NUMBER: "NOT_A_NUMBER",
    NumberParseException.TOO_SHORT_AFTER_IDD: "TOO_SHORT_AFTER_IDD",
    NumberParseException.TOO_SHORT_NSN: "TOO_SHORT_NSN",
    NumberParseException.TOO_LONG: "TOO_LONG",
}
REASONS = {
    ValidationResult.IS_POSSIBLE_LOCAL_ONLY: "IS_POSSIBLE_LOCAL_ONLY",
    ValidationResult.INVALID_COUNTRY_CODE: "INVALID_COUNTRY_CODE",
    ValidationResult.TOO_SHORT: "TOO_SHORT",
    ValidationResult.INVALID_LENGTH: "INVALID_LENGTH",
    ValidationResult.TOO_LONG: "TOO_LONG",
}


def answer(raw, region):
    try:
        number = phonenumbers.parse(raw, region)
    except NumberParseException as error:
        return PARSE_ERRORS[error.error_type], None
    except Exception as error:  # a crash inside phonenumbers: no reference answer
        return "CRASH: %s" % type(error).__name__, None
    reason = phonenumbers.is_possible_number_with_reason(number)
    if reason == ValidationResult.IS_POSSIBLE:
        return phonenumbers.format_number(number, PhoneNumberFormat.E164), number.country_code
    return REASONS[reason], number.country_code


def descriptor(desc):
    if desc is None:
        return None
    return {"pattern": desc.national_number_pattern, "lengths": list(desc.possible_length or []),
            "localOnly": list(desc.possible_length_local_only or [])}


def metadata_fields(metadata):
    fields = {"countryCode": metadata.country_code, "internationalPrefix": metadata.international_prefix,
              "nationalPrefixForParsing": metadata.national_prefix_for_parsing,
              "nationalPrefixTransformRule": metadata.national_prefix_transform_rule,
              "leadingDigits": metadata.leading_digits}
    for name in ("general_desc", "fixed_line", "mobile", "toll_free", "premium_rate", "shared_cost",
                 "personal_number", "voip", "pager", "uan", "voicemail"):
        fields[name] = descriptor(getattr(metadata, name))
    return fields


def main():
    arguments = sys.argv[1:]
    if len(arguments) not in (2, 4) or (len(arguments) == 4 and arguments[2] != "--metadata"):
        sys.exit(__doc__)
    with open(arguments[0], encoding="utf-8") as source, open(arguments[1], "w", encoding="utf-8") as out:
        for line in source:
            case = json.loads(line)
            text, code = answer(case["raw"], case["region"])
            out.write(json.dumps({"answer": text, "countryCode": code}) + "\n")
    if len(arguments) == 4:
        regions = {}
        for region in sorted(pnu.SUPPORTED_REGIONS):
            regions[region] = metadata_fields(PhoneMetadata.metadata_for_region(region))
        for code in sorted(pnu.COUNTRY_CODES_FOR_NON_GEO_REGIONS):
            regions["001/%d" % code] = metadata_fields(PhoneMetadata.metadata_for_nongeo_region(code))
        codes = {str(code): list(regions) for code, regions in pnu.COUNTRY_CODE_TO_REGION_CODE.items()}
        with open(arguments[3], "w", encoding="utf-8") as out:
            json.dump({"version": phonenumbers.__version__, "regions": regions, "callingCodes": codes}, out,
                      sort_keys=True)


if __name__ == "__main__":
    main()
