#!/usr/bin/env python3
"""Writes the golden corpus the Swift normalizer is tested against:
Tests/ContactsCoreTests/Phone/Fixtures/phone_corpus.jsonl.

Each case is a raw string and a default region (or none); the expected answer is what the PyPI
package `phonenumbers` (the Python port of Google's libphonenumber, version pinned in
requirements.txt) says: `parse(raw, region)`, then `is_possible_number_with_reason`; the E.164
form when that is IS_POSSIBLE, otherwise the name of the parse error or of the reason.

Format: the first line is a JSON object describing the file; every other line is a JSON array
[raw, region or null, expected], expected being "+digits" or an error name.

The cases (deterministic for a seed):
  - every type's example number of every region and non-geographic calling code, in E.164,
    international, national and RFC 3966 format, parsed with its own region, no region and
    another region;
  - the same numbers with odd punctuation, labels and surrounding text, dialled from other
    regions (their IDD), with extensions of every spelling, in other digit scripts;
  - local numbers for regions whose national prefix rewrites them (NANPA islands, GG, JE, ...);
  - how people type numbers into address books (US 7-digit, UK +44 (0), Italian leading zeros,
    Argentine 15/9, Mexican 044/045/01, Brazilian carrier codes, vanity numbers, tel: URIs);
  - bad input (empty, punctuation, letters, emoji, control characters, 30+ digits, a digit
    dropped or added, 250/251 characters, a 10 KB string);
  - random mutations of valid numbers and random strings over an alphabet of troublemakers.

Usage: generate_corpus.py [--seed N] [--random N] [--output PATH]
"""
import argparse
import json
import os
import random
import sys
import unicodedata

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, PhoneNumberType, ValidationResult
from phonenumbers import phonenumberutil as pnu
from phonenumbers.phonemetadata import PhoneMetadata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUTPUT = os.path.join(ROOT, "Tests", "ContactsCoreTests", "Phone", "Fixtures", "phone_corpus.jsonl")

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
TYPES = [PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE, PhoneNumberType.TOLL_FREE,
         PhoneNumberType.PREMIUM_RATE, PhoneNumberType.SHARED_COST, PhoneNumberType.VOIP,
         PhoneNumberType.PERSONAL_NUMBER, PhoneNumberType.PAGER, PhoneNumberType.UAN,
         PhoneNumberType.VOICEMAIL]
FORMATS = [PhoneNumberFormat.E164, PhoneNumberFormat.INTERNATIONAL, PhoneNumberFormat.NATIONAL,
           PhoneNumberFormat.RFC3966]
REGIONS = sorted(pnu.SUPPORTED_REGIONS)
NON_GEO = sorted(pnu.COUNTRY_CODES_FOR_NON_GEO_REGIONS)
# Zero of every decimal digit script the generating Python knows (Unicode general category Nd).
DIGIT_ZEROS = [c for c in range(0x110000)
               if unicodedata.category(chr(c)) == "Nd" and unicodedata.digit(chr(c)) == 0]


def expected(raw, region):
    """What phonenumbers answers, or None when it raises something other than a parse error."""
    try:
        number = phonenumbers.parse(raw, region)
    except NumberParseException as error:
        return PARSE_ERRORS[error.error_type]
    except Exception:  # a crash inside phonenumbers itself: not a reference answer
        return None
    reason = phonenumbers.is_possible_number_with_reason(number)
    if reason == ValidationResult.IS_POSSIBLE:
        return phonenumbers.format_number(number, PhoneNumberFormat.E164)
    return REASONS[reason]


class Corpus:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.cases = []
        self.seen = set()
        self.valid_raws = []  # (raw, region) pairs that normalize, for mutations
        self.crashes = 0

    def add(self, raw, region):
        key = (raw, region)
        if key in self.seen:
            return
        self.seen.add(key)
        answer = expected(raw, region)
        if answer is None:
            self.crashes += 1
            return
        self.cases.append([raw, region, answer])
        if answer.startswith("+"):
            self.valid_raws.append(key)

    def other_region(self, not_region=None):
        while True:
            region = self.rng.choice(REGIONS)
            if region != not_region:
                return region


def example_numbers():
    """(region, number) for every type's example number; region "001" for non-geographic ones."""
    examples = []
    for region in REGIONS:
        for number_type in TYPES:
            number = phonenumbers.example_number_for_type(region, number_type)
            if number is not None:
                examples.append((region, number))
    for code in NON_GEO:
        metadata = PhoneMetadata.metadata_for_nongeo_region(code)
        for desc in (metadata.general_desc, metadata.fixed_line, metadata.mobile, metadata.toll_free,
                     metadata.premium_rate, metadata.shared_cost, metadata.voip, metadata.personal_number,
                     metadata.pager, metadata.uan, metadata.voicemail):
            if desc is not None and desc.example_number:
                examples.append(("001", phonenumbers.parse("+%d%s" % (code, desc.example_number), None)))
    unique = {}
    for region, number in examples:
        unique.setdefault((region, number.country_code, number.national_number,
                           number.italian_leading_zero, number.number_of_leading_zeros), (region, number))
    return list(unique.values())


def add_examples(corpus, examples):
    for region, number in examples:
        own = None if region == "001" else region
        for number_format in FORMATS:
            text = phonenumbers.format_number(number, number_format)
            corpus.add(text, own)
            corpus.add(text, None)
            corpus.add(text, corpus.other_region(own))


SEPARATOR_STYLES = ["-", ".", "/", "", "  ", "\u00a0", "\u2013", "\u2212", "\u3000", "\u30fc", "\uff0d",
                    "\u2010", "\u00ad", "\u200b", "~", "_", "*", "\t"]
LABELS = ["Tel: ", "tel ", "Phone: ", "mobile: ", "Mob. ", "T: ", "☎ ", "📞 ", "Call ", "(home) ", "#", "-"]
TRAILERS = [" (home)", " (work)", " mobile", "!", ".", " ", "\n", " ;", " 📱", " - call after 5pm", "#", "*",
            " (0)", " ext", "x"]


def punctuate(corpus, text):
    rng = corpus.rng
    style = rng.choice(SEPARATOR_STYLES)
    text = text.replace(" ", style)
    roll = rng.random()
    if roll < 0.2:
        text = rng.choice(LABELS) + text
    elif roll < 0.4:
        text = text + rng.choice(TRAILERS)
    elif roll < 0.5:
        text = "(" + text[:4] + ")" + text[4:]
    elif roll < 0.6:
        text = "[" + text + "]"
    return text


def add_punctuation(corpus, examples):
    for region, number in examples:
        own = None if region == "001" else region
        for number_format in (PhoneNumberFormat.INTERNATIONAL, PhoneNumberFormat.NATIONAL):
            text = phonenumbers.format_number(number, number_format)
            for _ in range(2):
                corpus.add(punctuate(corpus, text), own)
        if own:
            metadata = PhoneMetadata.metadata_for_region(own)
            if metadata.national_prefix:
                nsn = pnu.national_significant_number(number)
                # "+44 (0)20 …": the national prefix in parentheses after the calling code.
                corpus.add("+%d (%s)%s" % (number.country_code, metadata.national_prefix, nsn), own)
                corpus.add("+%d (%s) %s" % (number.country_code, metadata.national_prefix, nsn), None)
                corpus.add("%d %s%s" % (number.country_code, metadata.national_prefix, nsn), own)
                corpus.add(metadata.national_prefix + nsn, own)
                corpus.add(nsn, own)
            corpus.add("%d%s" % (number.country_code, pnu.national_significant_number(number)), own)


def add_other_idd(corpus, examples):
    for region, number in examples:
        own = None if region == "001" else region
        for _ in range(3):
            calling_from = corpus.other_region(own)
            text = phonenumbers.format_out_of_country_calling_number(number, calling_from)
            corpus.add(text, calling_from)
            corpus.add(text, own)
            corpus.add(text.replace(" ", ""), calling_from)


EXTENSIONS = [" ext. {}", " ext {}", " extn. {}", " extension {}", " extensión {}", " extensio\u0301n {}",
              " x{}", " X {}", " x. {}", ";ext={}", ",,{}", ",{}", ", {}", " #{}", " - {}#", " anexo {}",
              " доб {}", " ДОБ. {}", " ｅｘｔ{}", " ＃{}", " int {}", " ~{}", "~{}", " ext:{}", " Ext.{}",
              " EXT {}", ";{}", " ;{}", "/x{}", " ,,{}#", "x{}", " ext{}", "  Xt {}"]


def add_extensions(corpus, examples):
    rng = corpus.rng
    for region, number in examples:
        own = None if region == "001" else region
        for number_format in (PhoneNumberFormat.E164, PhoneNumberFormat.INTERNATIONAL, PhoneNumberFormat.NATIONAL):
            text = phonenumbers.format_number(number, number_format)
            template = rng.choice(EXTENSIONS)
            digits = "".join(rng.choice("0123456789") for _ in range(rng.choice([1, 2, 3, 4, 6, 7, 9, 10, 16, 21])))
            corpus.add(text + template.format(digits), own)


def to_script(text, zero):
    return "".join(chr(zero + ord(ch) - 0x30) if "0" <= ch <= "9" else ch for ch in text)


FULL_WIDTH = {ord("+"): "\uff0b", ord("-"): "\uff0d", ord("("): "\uff08", ord(")"): "\uff09", ord(" "): "\u3000",
              ord("."): "\uff0e", ord("/"): "\uff0f"}


def add_unicode_digits(corpus, examples):
    rng = corpus.rng
    for region, number in examples:
        own = None if region == "001" else region
        for number_format in (PhoneNumberFormat.INTERNATIONAL, PhoneNumberFormat.NATIONAL, PhoneNumberFormat.E164):
            text = phonenumbers.format_number(number, number_format)
            zero = rng.choice(DIGIT_ZEROS)
            converted = to_script(text, zero)
            if rng.random() < 0.3:
                converted = converted.translate(FULL_WIDTH)
            corpus.add(converted, own)
    for zero in DIGIT_ZEROS:  # every script at least twice
        corpus.add(to_script("+1 415 555 2671", zero), None)
        corpus.add(to_script("020 7946 0018", zero), "GB")
        mixed = "".join(to_script(ch, rng.choice(DIGIT_ZEROS)) for ch in "+49 30 1234567")
        corpus.add(mixed, "DE")


def add_transform_locals(corpus, examples):
    """Local numbers for regions whose national_prefix_transform_rule rewrites them."""
    for region, number in examples:
        if region == "001":
            continue
        metadata = PhoneMetadata.metadata_for_region(region)
        if not metadata.national_prefix_transform_rule:
            continue
        nsn = pnu.national_significant_number(number)
        for length in range(4, len(nsn)):
            corpus.add(nsn[-length:], region)
            corpus.add(nsn[-length:], "US")
        corpus.add("1" + nsn, region)
        corpus.add("0" + nsn, region)


HABITS = {
    "US": ["555-1234", "555 1234", "5551234", "(415) 555-2671", "415-555-2671", "1-415-555-2671", "+1 (415) 555-2671",
           "415.555.2671", "4155552671", "14155552671", "1 415 555 2671", "011 44 20 7946 0018", "011 52 1 55 1234 5678",
           "(415) 555-2671 x123", "1-800-FLOWERS", "1-800-GOT-JUNK", "1 800 MY APPLE", "+1-800-FLOWERS",
           "1-800-356-9377", "800 CALL NOW", "(530) 583-6985 x302/x2303", "+1 415 555 2671 ext. 5",
           "(415) 555-2671 (mobile)", "Tel: 415-555-2671", "tel:+1-415-555-2671", "tel:555-2671;phone-context=+1-415",
           "tel:2671;phone-context=example.com", "tel:+1-415-555-2671;ext=123", "tel:+1-415-555-2671;isub=1234",
           "tel:555-2671;phone-context=+1-415;isub=9", "tel:555-2671;phone-context=", "tel:555-2671;phone-context=abc",
           "tel:555-2671;phone-context=1-415", "tel:555-2671;phone-context=+", "tel:555;phone-context=a.b-c.com",
           "sip:+14155552671@example.com", "+1 415 555 2671 / +1 415 555 2672", "001 415 555 2671", "+1 (0) 415 555 2671",
           "911", "411", "1", "1 ", "+1", "+1 4", "+1 415", "+1 415 555", "212 555 0000", "(212)555-0000",
           "1 (212) 555-0000", "+1-212-555-0000 ext 7", "+1 604 555 1234", "604 555 1234"],
    "CA": ["604 555 1234", "(604) 555-1234", "555-1234", "1 604 555 1234", "+1 604 555 1234", "011 33 1 23 45 67 89"],
    "GB": ["020 7946 0018", "+44 (0)20 7946 0018", "+44 020 7946 0018", "0044 20 7946 0018", "07400 123456",
           "+447400123456", "(020) 7946-0018", "7946 0018", "020 7946 0018 ext 12", "+44 (0) 7400 123 456",
           "44 20 7946 0018", "0207 946 0018", "00 1 415 555 2671", "0800 123 4567", "0845 46 47", "+44(0)2079460018"],
    "IT": ["06 1234 5678", "+39 06 1234 5678", "0039 06 12345678", "347 123 4567", "+39 347 1234567", "0612345678",
           "+39 0612345678", "39 06 1234 5678", "02 1234567", "+39 02 1234567", "800 123 456", "0039 347 1234567"],
    "VA": ["06 698 12345", "+39 06 698 12345", "06 69812345"],
    "AR": ["011 15-2345-6789", "15 2345 6789", "+54 9 11 2345 6789", "+54 11 15 2345 6789", "0341 15 456 7890",
           "+54 341 15 456 7890", "9 11 2345 6789", "011 2345-6789", "(011) 4123-4567", "0 11 4123 4567",
           "+54 11 4123 4567", "+5491123456789", "0800 123 4567", "54 9 11 2345 6789", "0054 9 11 2345 6789",
           "2345-6789", "341 456 7890", "0341 456 7890", "0 9 11 2345 6789", "15-4123-4567"],
    "MX": ["044 55 1234 5678", "045 55 1234 5678", "01 55 1234 5678", "+52 1 55 1234 5678", "+52 55 1234 5678",
           "55 1234 5678", "(55) 1234-5678", "1234 5678", "01 800 123 4567", "800 123 4567", "0052 55 1234 5678",
           "00 52 1 33 1234 5678", "+521 33 1234 5678", "044 33 1234 5678", "1 55 1234 5678"],
    "BR": ["(11) 91234-5678", "011 91234 5678", "0 21 11 91234 5678", "0xx11 91234-5678", "+55 11 91234-5678",
           "015 11 9 1234 5678", "090 21 11 91234 5678", "0 15 11 2345 6789", "(21) 2345-6789", "21 2345 6789",
           "91234-5678", "2345-6789", "0800 123 4567", "0021 11 91234 5678", "55 11 91234 5678", "+55 (11) 91234-5678",
           "0 41 21 2345 6789", "0XX21 2345-6789", "4004-1234", "014 11 98765 4321"],
    "DE": ["030 1234567", "030/1234567", "+49 (0)30 1234567", "0049 30 1234567", "0151 12345678", "+49 151 12345678",
           "030 12345678", "1234567", "(030) 123 45 67", "+49-30-1234567", "49 30 1234567", "0800 1234567",
           "0049 (0) 30 1234567", "089 / 123 456 78", "+49 (0) 89 123456-78"],
    "FR": ["06 12 34 56 78", "+33 (0)6 12 34 56 78", "0033 6 12 34 56 78", "01 23 45 67 89", "+33 1 23 45 67 89",
           "0612345678", "33 6 12 34 56 78", "08 00 12 34 56"],
    "IN": ["098765 43210", "+91 98765 43210", "09876543210", "022 2345 6789", "+91-22-2345-6789", "98765-43210",
           "91 98765 43210", "0091 98765 43210", "1800 123 4567"],
    "RU": ["8 (495) 123-45-67", "+7 495 123 45 67", "8 912 345 67 89", "810 1 415 555 2671", "8~10 44 20 7946 0018",
           "+7 (912) 345-67-89", "89123456789", "7 912 345 67 89", "123-45-67", "8 800 123 45 67"],
    "KZ": ["8 (7172) 12 34 56", "+7 7172 12 34 56", "8 701 123 45 67"],
    "CN": ["010 1234 5678", "138 0013 8000", "+86 138 0013 8000", "0086 10 1234 5678", "021-12345678", "12345678",
           "+86 (0)10 1234 5678", "400 123 4567"],
    "JP": ["03-1234-5678", "090-1234-5678", "+81 3 1234 5678", "010 1 415 555 2671", "0120-123-456", "+81 (0)3 1234 5678",
           "１２３４－５６７８", "０３－１２３４－５６７８", "０９０（１２３４）５６７８"],
    "AU": ["(02) 1234 5678", "0412 345 678", "+61 412 345 678", "0011 1 415 555 2671", "+61 (0)2 1234 5678",
           "1300 123 456", "13 12 34", "1234 5678"],
    "ES": ["612 34 56 78", "+34 612 34 56 78", "0034 612345678", "91 123 45 67"],
    "NL": ["06 12345678", "+31 6 12345678", "020 123 4567", "+31 (0)20 123 4567"],
    "KR": ["010-1234-5678", "+82 10-1234-5678", "02-123-4567", "001 1 415 555 2671", "00700 1 415 555 2671"],
    "IL": ["050-123-4567", "+972 50-123-4567", "03-123-4567"],
    "EG": ["010 1234 5678", "+20 10 1234 5678", "02 12345678"],
    "SA": ["050 123 4567", "+966 50 123 4567"],
    "AE": ["050 123 4567", "+971 50 123 4567", "04 123 4567"],
    "NG": ["0803 123 4567", "+234 803 123 4567"],
    "ZA": ["082 123 4567", "+27 82 123 4567", "011 123 4567"],
    "ID": ["0812-3456-7890", "+62 812-3456-7890", "021 1234 5678"],
    "PH": ["0917 123 4567", "+63 917 123 4567"],
    "VN": ["091 234 56 78", "+84 91 234 56 78"],
    "TH": ["081 234 5678", "+66 81 234 5678"],
    "TR": ["0532 123 45 67", "+90 532 123 45 67"],
    "PL": ["512 345 678", "+48 512 345 678"],
    "SE": ["070-123 45 67", "+46 70-123 45 67", "08-123 456 78"],
    "CH": ["044 668 18 00", "+41 44 668 18 00", "+41 (0)44 668 18 00"],
    "AT": ["0664 1234567", "+43 664 1234567", "01 234567"],
    "BE": ["0470 12 34 56", "+32 470 12 34 56"],
    "PT": ["912 345 678", "+351 912 345 678"],
    "GR": ["691 234 5678", "+30 691 234 5678"],
    "IE": ["085 123 4567", "+353 85 123 4567"],
    "NZ": ["021 123 4567", "+64 21 123 4567", "(09) 123 4567"],
    "CO": ["321 1234567", "+57 321 1234567", "03 321 1234567"],
    "CL": ["9 6123 4567", "+56 9 6123 4567"],
    "PE": ["912 345 678", "+51 912 345 678"],
    "UA": ["067 123 4567", "+380 67 123 4567"],
    "GG": ["1481 123456", "123456", "01481 123456", "+44 1481 123456"],
    "JE": ["1534 123456", "456789", "01534 456789"],
    "IM": ["1624 123456", "456789"],
    "AG": ["463 1234", "268 463 1234", "1 268 463 1234"],
    "SG": ["9123 4567", "+65 9123 4567"],
    "HK": ["9123 4567", "+852 9123 4567"],
    "TW": ["0912 345 678", "+886 912 345 678"],
    "PK": ["0301 2345678", "+92 301 2345678"],
}


def add_habits(corpus):
    rng = corpus.rng
    for region, raws in HABITS.items():
        for raw in raws:
            corpus.add(raw, region)
            corpus.add(raw, None)
            corpus.add(raw, corpus.other_region(region))
            corpus.add(raw, region.lower())
            corpus.add(punctuate(corpus, raw), region)
    for raw in ["+1 415 555 2671", "020 7946 0018", "555-1234", "+44 20 7946 0018"]:
        for region in ["US", "us", "Us", "GB", "gb", "ZZ", "XX", "001", "", "USA", "uk", "UK", "U", "ÜS", "ſG", "\u0130T"]:
            corpus.add(raw, region)
    del rng


BAD = ["", " ", "  ", "-", "()", "( )", "+", "++", "+-", "+ ", "+()", "abc", "hello world", "phone", "N/A", "none",
       "📞", "📞📞📞", "📞 +1 415 555 2671", "+1 415 555 2671 📞", "😀123😀", "1", "12", "123", "1234", "+0", "+00",
       "+0 415 555 2671", "+999 123 456", "+999123456789", "+1", "+12", "+123", "+1234", "00", "011", "0", "00 1",
       "00 12", "00 123", "+00 44 20 7946 0018", "+011 44 20 7946 0018", "++44 20 7946 0018", "+ +44 20 7946 0018",
       "＋44 20 7946 0018", "＋＋44 20 7946 0018", "+＋44 20 7946 0018", "1" * 30, "+" + "1" * 30, "0" * 30,
       "123456789012345678901234567890123", "+12345678901234567890", "+1 234 567 890 123 456 789",
       "\x00", "+1 415\x00555 2671", "\t+1 415 555 2671\n", "+1 415 555 2671\r\n", "\u0085+1 415 555 2671",
       "+1\u2028415 555 2671", "\x7f+1 415 555 2671", "+1\u200b415\u200b555\u200b2671", "+1\u00ad415",
       "\x1b[31m+1 415 555 2671\x1b[0m", "+1 415 555 2671\x00", "\ufeff+1 415 555 2671", "+1\ufeff415 555 2671",
       "#", "*", "#123", "*123#", "**21*+14155552671#", "x", "ext 123", ";ext=123", "tel:", "tel:+",
       ";phone-context=+1", "tel:;phone-context=+1", "tel:+1;phone-context=+1", "1;isub=2", ";isub=123",
       "415 555 2671;isub=", "12 34", "1-2", "(1)", "1/2", "1\\x2", "+1 415 555 2671 / x 2", "+1 415 555 2671\\ x2",
       "nine one one", "ONE-800-FLOWERS", "1-800-FLOWERSS", "1-800-FLOWER", "+1 800 FLOWERS", "0800 FLOWERS",
       "+44 800 FLOWERS", "+1-ABC-DEF-GHIJ", "aaa 123", "a1b2c3d4e5f6g7h8i9j0", "1a", "12a", "123abc",
       "ſſſ 123 4567", "ıııı 555 1234", "KKK 555 1234", "İİİ 555 1234", "+1 ſ15 555 2671", "__123__", "_+1 415 555 2671_",
       "+1 415 555 2671_", "+1 415 555 2671#", "+1 415 555 2671##", "+1 415 555 2671*", "+1 415 555 2671.",
       "[+1 415 555 2671]", "{+1 415 555 2671}", "<+1 415 555 2671>", "\"+1 415 555 2671\"", "'+1 415 555 2671'",
       "+1 415 555 2671,", "+1,415,555,2671", "+1;415;555;2671", "+1:415:555:2671", "+1|415|555|2671",
       "+1 415 555 2671 +1 415 555 2672", "+1 415 555 2671 and +44 20 7946 0018"]


def add_bad(corpus):
    rng = corpus.rng
    for raw in BAD:
        for region in (None, "US", "GB", "DE", "BR"):
            corpus.add(raw, region)
    base = "+1 415 555 2671"
    corpus.add(base + " " * (250 - len(base)), None)
    corpus.add(base + " " * (251 - len(base)), None)
    corpus.add(" " * (250 - len(base)) + base, "US")
    corpus.add(" " * (251 - len(base)) + base, "US")
    corpus.add("5" * 250, "US")
    corpus.add("5" * 251, "US")
    corpus.add("+1 415 555 2671" + "\u00e9" * 235, None)
    corpus.add("+1 415 555 2671" + "😀" * 235, None)
    corpus.add("+1 415 555 2671" + "😀" * 236, None)
    corpus.add("1" * 10240, "US")
    corpus.add("".join(rng.choice("0123456789 -+()abc📞") for _ in range(10240)), "US")
    for length in range(16, 40):
        corpus.add("+" + "".join(rng.choice("123456789") for _ in range(length)), None)
        corpus.add("".join(rng.choice("0123456789") for _ in range(length)), rng.choice(REGIONS))


def add_digit_errors(corpus, examples):
    """A digit dropped, added or doubled in example numbers."""
    rng = corpus.rng
    for region, number in examples:
        own = None if region == "001" else region
        text = phonenumbers.format_number(number, rng.choice([PhoneNumberFormat.E164, PhoneNumberFormat.NATIONAL]))
        positions = [i for i, ch in enumerate(text) if ch.isdigit()]
        if not positions:
            continue
        drop = rng.choice(positions)
        corpus.add(text[:drop] + text[drop + 1:], own)
        add = rng.choice(positions)
        corpus.add(text[:add] + rng.choice("0123456789") + text[add:], own)
        corpus.add(text + rng.choice("0123456789"), own)


ALPHABET = (list("0123456789") * 4 + list(" -.()/+#*,;:~xX") * 2 + list("abcdefghijklmnopqrstuvwyzABCDEFGHIJKLMNOPQRSTUVWYZ")
            + ["\u00a0", "\uff10", "\uff11", "\uff15", "\uff0b", "\u2013", "\u2212", "\u0661", "\u06f5", "\u0967",
               "ext", ";ext=", "tel:", ";phone-context=", ";isub=", "\n", "\t", "\x00", "\x7f", "😀", "ó", "д", "ſ",
               "ı", "K", "İ", "_", "\\", "\u3000", "\uff0e", "\uff08", "(0)", "00", "011", "+1", "+44", "0", "15", "9",
               "\u0301", "anexo", "доб", "ｅｘｔ", "＃", "～", ",,", "int", "\u200b", "\u00ad", "\u30fc", "[", "]",
               "\ufeff", "ß", "é", "\u0660", "\u1040", "\U0001d7ce", "\U000104a0"])


def mutate(rng, text):
    chars = list(text)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 5])):
        operation = rng.random()
        position = rng.randrange(len(chars) + 1)
        if operation < 0.35 or not chars:
            chars.insert(position, rng.choice(ALPHABET))
        elif operation < 0.65:
            del chars[min(position, len(chars) - 1)]
        elif operation < 0.9:
            chars[min(position, len(chars) - 1)] = rng.choice(ALPHABET)
        else:
            i, j = rng.randrange(len(chars)), rng.randrange(len(chars))
            chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def region_variant(corpus, region):
    rng = corpus.rng
    roll = rng.random()
    if roll < 0.55:
        return region
    if roll < 0.75:
        return None
    if roll < 0.9:
        return corpus.other_region(region)
    return rng.choice([(region or "us").lower(), "XX", "001", "", "ZZ"])


def add_mutations(corpus, count):
    rng = corpus.rng
    valid = list(corpus.valid_raws)
    for _ in range(count):
        raw, region = rng.choice(valid)
        corpus.add(mutate(rng, raw), region_variant(corpus, region))


def add_random(corpus, count):
    rng = corpus.rng
    for _ in range(count):
        length = rng.choice([0, 1, 2, 3, 5, 8, 12, 16, 20, 30])
        raw = "".join(rng.choice(ALPHABET) for _ in range(length))
        corpus.add(raw, region_variant(corpus, rng.choice(REGIONS)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--mutations", type=int, default=4000, help="random mutations of valid numbers")
    parser.add_argument("--random", type=int, default=1500, help="random strings")
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    args = parser.parse_args()
    corpus = Corpus(args.seed)
    examples = example_numbers()
    add_examples(corpus, examples)
    add_punctuation(corpus, examples)
    add_other_idd(corpus, examples)
    add_extensions(corpus, examples)
    add_unicode_digits(corpus, examples)
    add_transform_locals(corpus, examples)
    add_habits(corpus)
    add_bad(corpus)
    add_digit_errors(corpus, examples)
    add_mutations(corpus, args.mutations)
    add_random(corpus, args.random)
    header = {"generator": "scripts/phone/generate_corpus.py", "phonenumbers": phonenumbers.__version__,
              "unicode": unicodedata.unidata_version, "seed": args.seed, "cases": len(corpus.cases),
              "format": "[raw, region or null, \"+E164\" or error code]"}
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(header, ensure_ascii=False) + "\n")
        for case in corpus.cases:
            handle.write(json.dumps(case, ensure_ascii=False) + "\n")
    accepted = sum(1 for case in corpus.cases if case[2].startswith("+"))
    print("wrote %d cases (%d accepted) to %s; %d inputs skipped because phonenumbers crashed on them"
          % (len(corpus.cases), accepted, args.output, corpus.crashes), file=sys.stderr)


if __name__ == "__main__":
    main()
