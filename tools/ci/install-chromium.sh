#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (apps/cli/src/browser, driven by playwright-core;
# `npx playwright install` cannot work on this network). Idempotent: nothing is fetched when installed.
set -euo pipefail

bash "$(dirname "$0")/apt-ensure.sh" install-chromium chromium
echo "install-chromium: $(/usr/bin/chromium --version 2>/dev/null | head -n1)"
