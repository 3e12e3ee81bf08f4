#!/usr/bin/env bash
# Installs what image OCR during ingestion needs: Debian's tesseract-ocr (with its English data), plus
# ImageMagick and the DejaVu fonts the OCR test uses to draw the image it reads back. Idempotent:
# packages already present are left alone, and nothing is fetched when everything is installed.
set -euo pipefail

bash "$(dirname "$0")/apt-ensure.sh" install-ocr tesseract-ocr tesseract-ocr-eng imagemagick fonts-dejavu-core
echo "install-ocr: $(tesseract --version 2>&1 | head -n1)"
