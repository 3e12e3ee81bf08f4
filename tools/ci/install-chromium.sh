#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (apps/cli/src/browser, driven by playwright-core;
# `npx playwright install` cannot work on this network). Idempotent: nothing is fetched when installed.
set -euo pipefail

if dpkg-query -W -f='${Status}' chromium 2>/dev/null | grep -q 'install ok installed' && [ -x /usr/bin/chromium ]; then
  echo "install-chromium: $(/usr/bin/chromium --version 2>/dev/null | head -n1) already installed"
  exit 0
fi

sudo=''
if [ "$(id -u)" -ne 0 ]; then sudo='sudo'; fi
echo "install-chromium: installing chromium"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
echo "install-chromium: $(/usr/bin/chromium --version 2>/dev/null | head -n1) installed"
