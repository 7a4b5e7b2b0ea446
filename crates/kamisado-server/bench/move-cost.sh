#!/usr/bin/env bash
# What a move costs the server: CPU time per move, from /proc/PID/stat, as
# the difference between a 24 s and a 4 s load test (so that the games'
# creation and connection do not count), beside what `kamisado loadtest`
# itself prints (latencies, the servers' CPU a move from their /metrics, its
# own, and the bytes each client is sent a move).
#
# usage: move-cost.sh SERVERD KAMISADO GAMES RATE DB [PORT]
#   SERVERD   a kamisado-serverd binary (any version: the difference needs no metrics)
#   KAMISADO  a kamisado binary, whose `loadtest` drives the server
#   GAMES     friend games played at once (two connections each)
#   RATE      moves a second in each game
#   DB        sqlite (a fresh temporary file each run) or a postgres:// URL
# example: bench/move-cost.sh target/release/kamisado-serverd target/release/kamisado 1000 1 sqlite
set -euo pipefail
serverd=$1 kamisado=$2 games=$3 rate=$4 db=$5 port=${6:-18301}
dir="$(mktemp -d)"
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT

run() {
  local seconds=$1 url=$db
  if [ "$db" = sqlite ]; then rm -f "$dir"/m.db*; url="sqlite://$dir/m.db"; fi
  "$serverd" --addr "127.0.0.1:$port" --db "$url" --games-per-client 1000000 --puzzles 0 \
    --connections-per-client 100000 >/dev/null 2>"$dir/server.log" &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
  local before after
  before=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  "$kamisado" loadtest --games "$games" --rate "$rate" --seconds "$seconds" \
    --url "http://127.0.0.1:$port" --json | tail -1 >"$dir/run-$seconds.json"
  after=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  kill -TERM "$pid"
  wait "$pid" || true
  pid=
  echo $((after - before)) >"$dir/ticks-$seconds"
}

run 4
run 24
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
short, long = (json.load(open(f"{d}/run-{s}.json")) for s in (4, 24))
ticks = [int(open(f"{d}/ticks-{s}").read()) for s in (4, 24)]
moves = long["moves"] - short["moves"]
per_move = (ticks[1] - ticks[0]) / 100 / moves * 1e6
fmt = lambda v: "unknown" if v is None else f"{v:.0f}"
print(f"moves/s {long['moves_per_second']:.0f}  p50 {long['p50_ms']:.2f} ms  p99 {long['p99_ms']:.2f} ms  "
      f"max {long['max_ms']:.0f} ms  errors {long['errors']}  lost {long['lost']}")
print(f"server cpu a move {per_move:.0f} µs (24 s - 4 s); loadtest: server {fmt(long.get('server_cpu_us'))} µs, "
      f"itself {fmt(long.get('own_cpu_us'))} µs, bytes a move to each client {fmt(long.get('bytes_per_client'))} "
      f"(patches {fmt(long.get('patch_bytes_per_client'))}, whole states {fmt(long.get('state_bytes_per_client'))})")
PY
