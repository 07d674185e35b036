#!/usr/bin/env bash
# Installs the Debian packages the build needs when any is missing: through apt-get as root,
# otherwise it prints the command to run. Usage: scripts/setup.sh PACKAGE...
set -euo pipefail
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
    echo "setup: missing ${missing[*]}; run: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
