#!/usr/bin/env bash
# What the games' writer costs on SQLite: over a load test's moves, the WAL
# frames each commit appends, the bytes written and the writer thread's CPU
# per change, and the whole process's CPU per change. Read from the writer
# thread's /proc/PID/task/TID/{io,stat} and the server's /metrics
# (kamisado_commit_changes_sum and kamisado_commit_seconds_count) before and
# after a window of the load test's moves.
#
# usage: commit-cost.sh SERVERD KAMISADO SECONDS [GAMES] [RATE] [PORT]
#   SERVERD   a kamisado-serverd binary with /metrics
#   KAMISADO  a kamisado binary, whose `loadtest` drives the server
#   SECONDS   the window's length (the load test runs 5 s more)
#   GAMES     friend games played at once (default 1000)
#   RATE      moves a second in each game (default 1)
# example: bench/commit-cost.sh target/release/kamisado-serverd target/release/kamisado 10
set -euo pipefail
serverd=$1 kamisado=$2 seconds=$3 games=${4:-1000} rate=${5:-1} port=${6:-18311}
dir="$(mktemp -d)"
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT

"$serverd" --addr "127.0.0.1:$port" --db "sqlite://$dir/m.db" --games-per-client 1000000 \
  --puzzles 0 --connections-per-client 100000 >/dev/null 2>"$dir/server.log" &
pid=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
writer=
for task in /proc/$pid/task/*; do
  [ "$(cat "$task/comm")" = kamisado-writer ] && writer=${task##*/}
done
[ -n "$writer" ] || { echo "commit-cost.sh: no kamisado-writer thread in $pid" >&2; exit 1; }

# One line: write_bytes, the writer's ticks, the process's ticks, changes, commits.
sample() {
  local bytes wticks pticks metrics
  bytes=$(awk '/^write_bytes/ {print $2}' "/proc/$pid/task/$writer/io")
  wticks=$(awk '{print $14 + $15}' "/proc/$pid/task/$writer/stat")
  pticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  metrics=$(curl -sf "http://127.0.0.1:$port/metrics")
  echo "$bytes $wticks $pticks" \
    "$(awk '/^kamisado_commit_changes_sum/ {print $2}' <<<"$metrics")" \
    "$(awk '/^kamisado_commit_seconds_count/ {print $2}' <<<"$metrics")"
}

# The window: from 3 s into the load test (its games made and playing) to
# 2 s before its end, so that neither the games' making nor their end counts.
"$kamisado" loadtest --games "$games" --rate "$rate" --seconds $((seconds + 5)) \
  --url "http://127.0.0.1:$port" --json | tail -1 >"$dir/run.json" &
load=$!
sleep 3
before=$(sample)
sleep "$seconds"
after=$(sample)
wait "$load"
kill -TERM "$pid"
wait "$pid" || true
pid=
python3 - "$before" "$after" "$dir/run.json" <<'PY'
import json, sys
b, a = ([float(x) for x in s.split()] for s in sys.argv[1:3])
run = json.load(open(sys.argv[3]))
d = [y - x for x, y in zip(b, a)]
bytes_, wticks, pticks, changes, commits = d
page = 4096 + 24  # a WAL frame: the page and its header
print(f"moves/s {run['moves_per_second']:.0f}  p99 {run['p99_ms']:.2f} ms  "
      f"changes {changes:.0f} in {commits:.0f} commits ({changes / commits:.1f} a commit)")
print(f"WAL frames a commit {bytes_ / page / commits:.1f}  bytes written a change {bytes_ / changes / 1000:.1f} KB  "
      f"writer CPU a change {wticks / 100 / changes * 1e6:.0f} µs  "
      f"process CPU a change {pticks / 100 / changes * 1e6:.0f} µs")
PY
