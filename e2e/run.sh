#!/usr/bin/env bash
# The web UI's end-to-end test: installs what it needs (Debian's Chromium
# when missing, playwright-core from the lock file), builds the server
# (target/debug/tash-kalar) and runs the test with node's test runner
# against `tash-kalar serve` on a loopback port with a temporary database.
#
# Environment: CHROMIUM (default /usr/bin/chromium); TK_BIN (the binary to
# serve with) or TK_SERVER_CMD (a whole command with {addr} and {db}), both
# skipping the build; TK_SCREENSHOT (where to save the screenshot of the
# game in progress, default e2e/artifacts/game.png). Arguments: the test
# files to run (default: every *.test.js).
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd .. && pwd)

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=
apt_install() {
  if [ -z "$apt_updated" ]; then as_root apt-get update -q; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt_install nodejs npm
fi
if [ -z "${CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  apt_install chromium fonts-dejavu-core
fi

npm ci --no-audit --no-fund --loglevel=error

if [ -z "${TK_BIN:-}" ] && [ -z "${TK_SERVER_CMD:-}" ]; then
  (cd "$root" && cargo build -q -p tash-kalar)
  export TK_BIN="$root/target/debug/tash-kalar"
fi

# every test file, or the ones named: `bash e2e/run.sh account.test.js`
if [ $# -gt 0 ]; then files=("$@"); else files=(*.test.js); fi
node --test --test-concurrency=1 "${files[@]}"
