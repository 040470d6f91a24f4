#!/usr/bin/env bash
# Installs Debian's headless Chromium for the browser tests (test/browser), when it is missing.
# Idempotent: when a Chromium binary is already there it only says which, and exits.
# Nothing is downloaded from anywhere but Debian's package archive (no `playwright install`).
set -euo pipefail

for candidate in /usr/bin/chromium-headless-shell /usr/lib/chromium/chromium-headless-shell /usr/bin/chromium; do
  if [ -x "$candidate" ]; then
    echo "installChromium: $candidate is installed" >&2
    exit 0
  fi
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

echo "installChromium: installing chromium-headless-shell from Debian's packages" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# The headless shell has no GUI dependencies, so it is the smaller install; chromium is the fallback.
if ! $SUDO apt-get install -y -qq --no-install-recommends chromium-headless-shell >&2; then
  $SUDO apt-get install -y -qq --no-install-recommends chromium >&2
fi
