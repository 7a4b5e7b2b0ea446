#!/usr/bin/env bash
# Runs every fuzz target for SECONDS seconds each (60 by default) on its seed
# corpus, and prints each target's executions and whether it found a crash.
# Installs cargo-fuzz when missing; builds on the stable toolchain.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
# cargo fuzz asks for nightly-only flags (sanitizers); stable accepts them this way.
export RUSTC_BOOTSTRAP=1
targets=(position mv record legal client_message)
status=0
for target in "${targets[@]}"; do
    work="$(mktemp -d)"
    cp corpus/"$target"/* "$work"/
    log="$(mktemp)"
    if cargo fuzz run "$target" "$work" -- -max_total_time="$seconds" -max_len=4096 \
        >"$log" 2>&1; then
        result="no crash"
    else
        result="CRASH (see fuzz/artifacts/$target)"
        status=1
    fi
    runs="$(grep -Eo 'Done [0-9]+ runs' "$log" | grep -Eo '[0-9]+' || echo "?")"
    echo "$target: $runs executions in ${seconds} s, $result"
    if [ "$result" != "no crash" ]; then
        grep -E "panicked|ERROR|SUMMARY" "$log" | head -5
    fi
    rm -rf "$work" "$log"
done
exit "$status"
