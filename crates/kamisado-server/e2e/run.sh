#!/usr/bin/env bash
# Runs the browser tests of the Kamisado page in headless Chromium.
# Installs what is missing: Debian's chromium and fonts-noto-cjk, and playwright-core and
# @axe-core/playwright via `npm ci`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
workspace="$(cd "$here/../../.." && pwd)"

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The board's kanji symbols need a CJK font.
fc-list 2>/dev/null | grep -i "Noto Sans CJK" >/dev/null || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi
cd "$here"
if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/@axe-core/playwright ]; then
  npm ci --no-audit --no-fund
fi
(cd "$workspace" && cargo build -p kamisado-server --bin kamisado-serverd && cargo build -p kamisado)
target="${CARGO_TARGET_DIR:-$workspace/target}"
export E2E_SERVER="$target/debug/kamisado-serverd"
# The bridge and the engine of tests/bots.test.mjs.
export E2E_KAMISADO="$target/debug/kamisado"
node --test --test-concurrency=1 tests/
