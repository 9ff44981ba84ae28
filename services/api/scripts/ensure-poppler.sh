#!/usr/bin/env bash
# The tests read the signed PDFs with poppler's tools (pdfsig, pdftotext, pdffonts, pdfinfo, pdftoppm), an
# independent reader. Installs Debian's poppler-utils when they are missing.
set -euo pipefail
command -v pdfsig >/dev/null 2>&1 && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need poppler's tools (pdfsig, pdftotext, pdffonts): install poppler-utils (Debian, Ubuntu) or poppler (Homebrew)." >&2
  exit 1
fi
SUDO=$([ "$(id -u)" -eq 0 ] || echo sudo)
echo "Installing poppler-utils from Debian (the tests read the signed PDFs with it)…"
$SUDO apt-get update -qq || true
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq poppler-utils >/dev/null
