#!/usr/bin/env bash
# What a move costs the server in user-space instructions, the figure that
# does not move with the machine's load: the server runs under valgrind's
# callgrind on SQLite, driven by `kamisado loadtest`, once for SHORT seconds
# and once for LONG; the difference of the two runs' instructions over the
# difference of their moves leaves out the start, the games' creation and
# the connections. It prints the instructions a move in all and those of
# the games' writer thread (`write_sqlite`, SQLite's own work among them).
# The kernel's share (system calls, task switches) is not counted: see
# move-cost.sh and `perf stat` for that (docs/scaling.md).
#
# usage: move-instructions.sh SERVERD KAMISADO [GAMES] [SHORT] [LONG] [PORT]
#   SERVERD   a kamisado-serverd binary (any version)
#   KAMISADO  a kamisado binary, whose `loadtest` drives the server
#   GAMES     friend games played at once, a move a second each (default 100:
#             the server under callgrind runs some fifty times slower)
#   SHORT     seconds of the shorter run (default 10)
#   LONG      seconds of the longer run (default 30)
# example: bench/move-instructions.sh target/release/kamisado-serverd target/release/kamisado
set -euo pipefail
serverd=$1 kamisado=$2 games=${3:-100} short=${4:-10} long=${5:-30} port=${6:-18321}
command -v valgrind >/dev/null || { echo "move-instructions.sh: valgrind is needed" >&2; exit 2; }
dir="$(mktemp -d)"
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT

# One run: the moves acknowledged, the instructions in all and the writer's.
run() {
  local seconds=$1
  rm -f "$dir"/m.db*
  valgrind --tool=callgrind --callgrind-out-file="$dir/cg-$seconds" "$serverd" \
    --addr "127.0.0.1:$port" --db "sqlite://$dir/m.db" --games-per-client 1000000 \
    --puzzles 0 --connections-per-client 100000 >/dev/null 2>"$dir/valgrind-$seconds.log" &
  pid=$!
  for _ in $(seq 600); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.2; done
  "$kamisado" loadtest --games "$games" --rate 1 --seconds "$seconds" \
    --url "http://127.0.0.1:$port" --json | tail -1 >"$dir/run-$seconds.json"
  kill -TERM "$pid"
  wait "$pid" || true
  pid=
  callgrind_annotate --inclusive=yes --threshold=100 "$dir/cg-$seconds" >"$dir/annotated-$seconds"
}

run "$short"
run "$long"
python3 - "$dir" "$short" "$long" <<'PY'
import json, re, sys
d, short, long = sys.argv[1], sys.argv[2], sys.argv[3]
def counts(seconds):
    moves = json.load(open(f"{d}/run-{seconds}.json"))["moves"]
    total = writer = 0
    for line in open(f"{d}/annotated-{seconds}"):
        m = re.match(r"\s*([\d,]+) .*?(PROGRAM TOTALS|games::writer::write_sqlite)\b", line)
        if m:
            n = int(m.group(1).replace(",", ""))
            if m.group(2) == "PROGRAM TOTALS":
                total = n
            else:
                writer = max(writer, n)
    return moves, total, writer
(m0, t0, w0), (m1, t1, w1) = counts(short), counts(long)
moves = m1 - m0
print(f"moves {m0} and {m1}: {(t1 - t0) / moves / 1000:.1f}k instructions a move, "
      f"of which the writer {(w1 - w0) / moves / 1000:.1f}k")
PY
