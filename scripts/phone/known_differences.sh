#!/usr/bin/env bash
# Makes data/libphonenumber_known_differences.jsonl: every case of the phone benchmark's inputs
# (the golden corpus and the benchmark's fixture) on which ContactsCore's normalizer and the C++
# libphonenumber that Debian ships disagree, each with its cause proven by three Python
# witnesses: phonenumbers at the release ContactsCore's metadata comes from (requirements.txt),
# phonenumbers at Debian's libphonenumber release, and the former's code over the latter's
# metadata (classify_disagreements.py says how each cause follows). Prints the classification
# tables. Fails, writing nothing, when ContactsCore itself differs from the Python release its
# metadata comes from: such a case is a bug of the normalizer, never an entry of the list.
#
# Usage: scripts/phone/known_differences.sh
# Needs: libphonenumber-dev, python3 with venv, PyPI (the pinned `phonenumbers` releases are
# installed into .build/phone-venv-VERSION).
set -euo pipefail
cd "$(dirname "$0")/../.."
current="$(sed -n 's/^phonenumbers==//p' scripts/phone/requirements.txt)"
# Debian's package version is the upstream release with a Debian suffix (8.12.57+ds-3).
debian="$(dpkg-query -W -f='${Version}' libphonenumber-dev | sed 's/[+~-].*//')"
[ -n "$current" ] && [ -n "$debian" ] || { echo "known_differences: no phonenumbers pin or no libphonenumber-dev" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for version in "$current" "$debian"; do
    venv=".build/phone-venv-$version"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q "phonenumbers==$version"
done
new=".build/phone-venv-$current/bin/python"
old=".build/phone-venv-$debian/bin/python"
site() { "$1" -c 'import os, phonenumbers; print(os.path.dirname(phonenumbers.__file__))'; }
# The hybrid: the current release's code over Debian's release's metadata (its data/ directory).
mkdir -p "$work/hybrid"
cp -r "$(site "$new")" "$work/hybrid/phonenumbers"
rm -rf "$work/hybrid/phonenumbers/data"
cp -r "$(site "$old")/data" "$work/hybrid/phonenumbers/data"

swift build -c release --product ContactsBenchmarks
.build/release/ContactsBenchmarks --phone-answers "$work/dump.jsonl"
"$new" scripts/phone/phonenumbers_answers.py "$work/dump.jsonl" "$work/new.jsonl" --metadata "$work/new-meta.json"
"$old" scripts/phone/phonenumbers_answers.py "$work/dump.jsonl" "$work/old.jsonl" --metadata "$work/old-meta.json"
PYTHONPATH="$work/hybrid" "$new" scripts/phone/phonenumbers_answers.py "$work/dump.jsonl" "$work/hybrid.jsonl"
python3 scripts/phone/classify_disagreements.py "$work/dump.jsonl" "$work/new.jsonl" "$work/old.jsonl" \
    "$work/hybrid.jsonl" "$work/new-meta.json" "$work/old-meta.json" --list "$work/list.jsonl"
mkdir -p data
mv "$work/list.jsonl" data/libphonenumber_known_differences.jsonl
echo "known_differences: wrote data/libphonenumber_known_differences.jsonl ($(wc -l < data/libphonenumber_known_differences.jsonl) cases)" >&2
