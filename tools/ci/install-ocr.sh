#!/usr/bin/env bash
# Installs what image OCR during ingestion needs: Debian's tesseract-ocr (with its English data), plus
# ImageMagick and the DejaVu fonts the OCR test uses to draw the image it reads back. Idempotent:
# packages already present are left alone, and nothing is fetched when everything is installed.
set -euo pipefail

packages=(tesseract-ocr tesseract-ocr-eng imagemagick fonts-dejavu-core)
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-ocr: $(tesseract --version 2>&1 | head -n1) already installed"
  exit 0
fi

sudo=''
if [ "$(id -u)" -ne 0 ]; then sudo='sudo'; fi
echo "install-ocr: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-ocr: $(tesseract --version 2>&1 | head -n1) installed"
