#!/usr/bin/env bash
# `bash tools/ci/apt-ensure.sh NAME PACKAGE...`: installs those of Debian's packages that are missing
# (sudo when not root) and says which; fetches nothing when all are installed. NAME prefixes the messages.
set -euo pipefail

name=$1
shift
missing=()
for package in "$@"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "$name: $* already installed"
  exit 0
fi

sudo=''
if [ "$(id -u)" -ne 0 ]; then sudo='sudo'; fi
echo "$name: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
