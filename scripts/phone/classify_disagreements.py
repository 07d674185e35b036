#!/usr/bin/env python3
"""Classifies every case on which ContactsCore's normalizer (metadata of phonenumbers 9.0.43)
and the C++ libphonenumber (Debian's 8.12.57) disagree, with three Python witnesses: phonenumbers
9.0.43, phonenumbers 8.12.57, and a hybrid (9.0.43's code over 8.12.57's data/ directory):

  metadata age      8.12.57 answers as the C++ library, 9.0.43 as ContactsCore, and the hybrid as
                    8.12.57: swapping the metadata alone turns one answer into the other;
  code age          8.12.57 answers as the C++ library, 9.0.43 as ContactsCore, and the hybrid as
                    9.0.43: the releases' code differs (old metadata, new answer);
  release age       as both above, the hybrid answering neither: metadata and code both changed;
  C++ vs Python     both Python releases answer as ContactsCore, the C++ library alone differs:
                    the ports differ, whatever the release;
  mixed             9.0.43 answers as ContactsCore, but 8.12.57 as neither side;
  ContactsCore      ContactsCore differs from 9.0.43: a divergence of its own parser.

Inputs: the `ContactsBenchmarks --phone-answers` dump, phonenumbers_answers.py's answers for
9.0.43, 8.12.57 and the hybrid, and its --metadata files for 9.0.43 and 8.12.57. Prints the
tables; with --list FILE writes every explained disagreement as JSON Lines, sorted,
{"raw","region","contactsCore","libphonenumber","cause","callingCode","changed"} ("changed": the
metadata that differs, for the metadata-age ones). Exits 1 when ContactsCore itself differs from
9.0.43 on some case: such a case is a bug to fix, never an entry of the list.

Usage: classify_disagreements.py DUMP ANSWERS9 ANSWERS8 ANSWERS_HYBRID META9 META8 [--list FILE] [--all]
"""
import collections
import json
import sys


def load_lines(path):
    with open(path, encoding="utf-8") as file:
        return [json.loads(line) for line in file]


# What a changed metadata field is, in the report's words.
FIELD_KINDS = {"lengths": "lengths", "localOnly": "local-only lengths", "pattern": "patterns",
               "internationalPrefix": "IDD", "nationalPrefixForParsing": "national prefix",
               "nationalPrefixTransformRule": "national prefix", "leadingDigits": "leading digits"}


def changed_fields(code, default_region, meta9, meta8):
    """What changed between the releases, as "REGION: kinds" for the default region and each
    region of calling code `code`; the general descriptor's lengths stand for the region's."""
    regions = [] if default_region not in meta9["regions"] else [default_region]
    if code is not None:
        regions9 = meta9["callingCodes"].get(str(code))
        regions8 = meta8["callingCodes"].get(str(code))
        if regions8 is None:
            return ["+%d new" % code]
        if regions9 != regions8:
            return ["+%d regions %s -> %s" % (code, "/".join(regions8), "/".join(regions9 or []))]
        regions += [r for r in regions9 if r not in regions]
    changes = []
    for region in regions:
        key = "001/%d" % code if region == "001" else region
        kinds = region_changes(meta9["regions"].get(key), meta8["regions"].get(key))
        if kinds:
            changes.append("%s%s: %s" % ("default " if region == default_region else "", region, ", ".join(kinds)))
    return changes or ["(no field read here changed)"]


def region_changes(new, old):
    if old is None:
        return ["region new"]
    kinds = set()
    for field in new:
        if isinstance(new[field], dict) or isinstance(old.get(field), dict):
            for part in ("lengths", "localOnly", "pattern"):
                if (old.get(field) or {}).get(part) != (new.get(field) or {}).get(part):
                    kinds.add(FIELD_KINDS[part])
        elif new[field] != old.get(field):
            kinds.add(FIELD_KINDS.get(field, field))
    return sorted(kinds)


def calling_code(case, answer9, answer8):
    for candidate in (answer9["countryCode"], answer8["countryCode"]):
        if candidate is not None:
            return candidate
    return None


def classify(case, p9, p8, hybrid):
    swift, cpp = case["contactsCore"], case["libphonenumber"]
    if swift != p9:
        return "ContactsCore"
    if p8 == cpp and p9 != p8:
        return {p8: "metadata age", p9: "code age"}.get(hybrid, "release age")
    if p8 == p9:
        return "C++ vs Python"
    return "mixed"


def main():
    arguments = sys.argv[1:]
    list_path = None
    show_all = "--all" in arguments
    arguments = [a for a in arguments if a != "--all"]
    if "--list" in arguments:
        index = arguments.index("--list")
        list_path = arguments[index + 1]
        del arguments[index:index + 2]
    if len(arguments) != 6:
        sys.exit(__doc__)
    dump, answers9, answers8, hybrid = (load_lines(path) for path in arguments[:4])
    with open(arguments[4], encoding="utf-8") as file:
        meta9 = json.load(file)
    with open(arguments[5], encoding="utf-8") as file:
        meta8 = json.load(file)
    if not len(dump) == len(answers9) == len(answers8) == len(hybrid):
        sys.exit("the answer files do not match the dump")

    per_set = collections.OrderedDict()
    witness = collections.Counter()
    rows = []
    for case, a9, a8, ah in zip(dump, answers9, answers8, hybrid):
        s = per_set.setdefault(case["set"], collections.Counter())
        s["cases"] += 1
        s["swift == py9.0.43"] += case["contactsCore"] == a9["answer"]
        s["C++ == py8.12.57"] += case["libphonenumber"] == a8["answer"]
        s["C++ == ContactsCore"] += case["libphonenumber"] == case["contactsCore"]
        s["py8.12.57 == py9.0.43"] += a8["answer"] == a9["answer"]
        if case["libphonenumber"] == case["contactsCore"]:
            continue
        kind = classify(case, a9["answer"], a8["answer"], ah["answer"])
        code = calling_code(case, a9, a8)
        changes = changed_fields(code, case["region"], meta9, meta8) if kind == "metadata age" else []
        rows.append((case, a9["answer"], a8["answer"], ah["answer"], kind, code, changes))
        witness[(case["set"], kind)] += 1

    print("## Distinct cases answered alike\n")
    print("| set | cases | C++ == ContactsCore | ContactsCore == py 9.0.43 | C++ == py 8.12.57 | py 8.12.57 == py 9.0.43 |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, s in per_set.items():
        print("| %s | %d | %d | %d | %d | %d |" % (name, s["cases"], s["C++ == ContactsCore"], s["swift == py9.0.43"],
                                                 s["C++ == py8.12.57"], s["py8.12.57 == py9.0.43"]))
    print("\n## Disagreements by cause\n")
    print("| set | cause | distinct cases |")
    print("|---|---|---:|")
    for (name, kind), count in sorted(witness.items()):
        print("| %s | %s | %d |" % (name, kind, count))

    print("\n## Metadata-age disagreements by calling code and changed fields\n")
    groups = collections.Counter()
    for case, p9, p8, ph, kind, code, changes in rows:
        if kind == "metadata age":
            groups[(code, "; ".join(changes))] += 1
    print("| calling code | cases | fields that differ (8.12.57 -> 9.0.43) |")
    print("|---:|---:|---|")
    for (code, changes), count in sorted(groups.items(), key=lambda item: (-item[1], item[0][0] or 0)):
        print("| +%s | %d | %s |" % (code, count, changes))

    print("\n## Other disagreements (every one)\n")
    print("| cause | raw | region | ContactsCore | C++ 8.12.57 | py 9.0.43 | py 8.12.57 | hybrid |")
    print("|---|---|---|---|---|---|---|---|")
    for case, p9, p8, ph, kind, code, changes in rows:
        if kind != "metadata age" or show_all:
            print("| %s | `%s` | %s | %s | %s | %s | %s | %s |" % (
                kind, json.dumps(case["raw"], ensure_ascii=True)[1:-1][:60].replace("|", "\\|"), case["region"],
                case["contactsCore"], case["libphonenumber"], p9, p8, ph))
    own = [row for row in rows if row[4] == "ContactsCore"]
    if list_path:
        entries = sorted({json.dumps({"raw": case["raw"], "region": case["region"],
                                      "contactsCore": case["contactsCore"], "libphonenumber": case["libphonenumber"],
                                      "cause": kind, "callingCode": code, "changed": changes},
                                     ensure_ascii=False, sort_keys=True)
                          for case, p9, p8, ph, kind, code, changes in rows if kind != "ContactsCore"})
        with open(list_path, "w", encoding="utf-8") as out:
            out.writelines(entry + "\n" for entry in entries)
    if own:
        sys.exit("%d cases where ContactsCore differs from phonenumbers 9.0.43: fix the normalizer" % len(own))


if __name__ == "__main__":
    main()
