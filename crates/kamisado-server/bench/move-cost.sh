#!/usr/bin/env bash
# What a move costs the server: CPU time per move, from /proc/PID/stat, as
# the difference between a 24 s and a 4 s load test (so that the games'
# creation and connection do not count), beside what `kamisado loadtest`
# itself prints (latencies, the servers' CPU a move from their /metrics, its
# own, and the bytes each client is sent a move).
#
# usage: [PROCESSES=N] move-cost.sh SERVERD KAMISADO GAMES RATE DB [PORT]
#   SERVERD   a kamisado-serverd binary (any version: the difference needs no metrics)
#   KAMISADO  a kamisado binary, whose `loadtest` drives the server
#   GAMES     friend games played at once (two connections each)
#   RATE      moves a second in each game
#   DB        sqlite (a fresh temporary file each run) or a postgres:// URL
#   PORT      the first server's port (18301); the others take the next ones
#   PROCESSES servers on the one PostgreSQL database (1), each game's Black
#             on one and its White on the next; the CPU is theirs together
# example: bench/move-cost.sh target/release/kamisado-serverd target/release/kamisado 1000 1 sqlite
# three processes: PROCESSES=3 bench/move-cost.sh SERVERD KAMISADO 1000 3 postgres://…/DB
set -euo pipefail
serverd=$1 kamisado=$2 games=$3 rate=$4 db=$5 port=${6:-18301} processes=${PROCESSES:-1}
if [ "$db" = sqlite ] && [ "$processes" != 1 ]; then
  echo "move-cost.sh: several processes share only a PostgreSQL database" >&2
  exit 2
fi
dir="$(mktemp -d)"
pids=()
trap '[ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null; rm -rf "$dir"' EXIT

# The CPU ticks (user and system) of every server, together.
ticks() {
  local pid total=0
  for pid in "${pids[@]}"; do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
  done
  echo "$total"
}

run() {
  local seconds=$1 url=$db i urls=()
  if [ "$db" = sqlite ]; then rm -f "$dir"/m.db*; url="sqlite://$dir/m.db"; fi
  for i in $(seq 0 $((processes - 1))); do
    "$serverd" --addr "127.0.0.1:$((port + i))" --db "$url" --games-per-client 1000000 --puzzles 0 \
      --connections-per-client 100000 >/dev/null 2>"$dir/server-$i.log" &
    pids+=($!)
    urls+=(--url "http://127.0.0.1:$((port + i))")
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$((port + i))/api/health" >/dev/null && break; sleep 0.1; done
  done
  local before after
  before=$(ticks)
  "$kamisado" loadtest --games "$games" --rate "$rate" --seconds "$seconds" \
    "${urls[@]}" --json | tail -1 >"$dir/run-$seconds.json"
  after=$(ticks)
  kill -TERM "${pids[@]}"
  wait "${pids[@]}" || true
  pids=()
  echo $((after - before)) >"$dir/ticks-$seconds"
}

run 4
run 24
python3 - "$dir" "$processes" <<'PY'
import json, sys
d, processes = sys.argv[1], int(sys.argv[2])
short, long = (json.load(open(f"{d}/run-{s}.json")) for s in (4, 24))
ticks = [int(open(f"{d}/ticks-{s}").read()) for s in (4, 24)]
moves = long["moves"] - short["moves"]
per_move = (ticks[1] - ticks[0]) / 100 / moves * 1e6
fmt = lambda v: "unknown" if v is None else f"{v:.0f}"
print(f"moves/s {long['moves_per_second']:.0f}  p50 {long['p50_ms']:.2f} ms  p99 {long['p99_ms']:.2f} ms  "
      f"max {long['max_ms']:.0f} ms  errors {long['errors']}  lost {long['lost']}")
servers = "server" if processes == 1 else f"{processes} servers'"
print(f"{servers} cpu a move {per_move:.0f} µs (24 s - 4 s); loadtest: server {fmt(long.get('server_cpu_us'))} µs, "
      f"itself {fmt(long.get('own_cpu_us'))} µs, bytes a move to each client {fmt(long.get('bytes_per_client'))} "
      f"(patches {fmt(long.get('patch_bytes_per_client'))}, whole states {fmt(long.get('state_bytes_per_client'))})")
PY
