#!/usr/bin/env bash
# What a move costs the server in user-space instructions, the figure that
# does not move with the machine's load: the server runs under valgrind's
# callgrind on SQLite, driven by `kamisado loadtest` (a move a second in
# each game). Once the moves flow, callgrind's counts are dumped (the start
# and the games' creation), then again WINDOW seconds later; the second
# dump's instructions over the moves stored between the two (the server's
# `kamisado_actions_stored_total`) are a move's, without the start, the
# creation or the load test's checks at its end. It prints the
# instructions a move in all and those of the games' writer thread
# (`write_sqlite`, SQLite's own work among them). The kernel's share
# (system calls, task switches) is not counted: see move-cost.sh and
# `perf stat` for that (docs/scaling.md).
#
# usage: move-instructions.sh SERVERD KAMISADO [GAMES] [WINDOW] [PORT]
#   SERVERD   a kamisado-serverd binary with /metrics
#   KAMISADO  a kamisado binary, whose `loadtest` drives the server
#   GAMES     friend games played at once (default 100: the server under
#             callgrind runs some fifty times slower)
#   WINDOW    seconds between the two dumps (default 20)
# example: bench/move-instructions.sh target/release/kamisado-serverd target/release/kamisado
set -euo pipefail
serverd=$1 kamisado=$2 games=${3:-100} window=${4:-20} port=${5:-18321}
command -v valgrind >/dev/null || { echo "move-instructions.sh: valgrind is needed" >&2; exit 2; }
dir="$(mktemp -d)"
pid= load=
trap '[ -n "$load" ] && kill "$load" 2>/dev/null; [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT

stored() {
  curl -sf "http://127.0.0.1:$port/metrics" | awk '/^kamisado_actions_stored_total /{print $2}'
}

valgrind --tool=callgrind --callgrind-out-file="$dir/cg.%p" "$serverd" \
  --addr "127.0.0.1:$port" --db "sqlite://$dir/m.db" --games-per-client 1000000 \
  --puzzles 0 --connections-per-client 100000 >/dev/null 2>"$dir/valgrind.log" &
pid=$!
for _ in $(seq 600); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.2; done
"$kamisado" loadtest --games "$games" --rate 1 --seconds $((window * 3)) \
  --url "http://127.0.0.1:$port" >"$dir/load.log" 2>&1 &
load=$!
# The moves flow once the count of stored actions passes a move a game.
for _ in $(seq 600); do
  [ "$(stored)" -gt "$games" ] 2>/dev/null && break
  sleep 0.5
done
sleep 2
callgrind_control --dump=start "$pid" >/dev/null 2>&1
before=$(stored)
sleep "$window"
callgrind_control --dump=window "$pid" >/dev/null 2>&1
after=$(stored)
kill "$load" 2>/dev/null || true
wait "$load" 2>/dev/null || true
load=
kill -TERM "$pid"
wait "$pid" || true
pid=
window_dump=$(grep -l "^desc: Trigger: .*window" "$dir"/cg.* | head -1)
[ -n "$window_dump" ] || { echo "move-instructions.sh: no dump of the window" >&2; exit 1; }
callgrind_annotate --inclusive=yes --threshold=100 "$window_dump" >"$dir/annotated"
python3 - "$dir/annotated" "$before" "$after" <<'PY'
import re, sys
path, before, after = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
moves = after - before
total = writer = 0
for line in open(path):
    m = re.match(r"\s*([\d,]+) .*?(PROGRAM TOTALS|games::writer::write_sqlite)\b", line)
    if m:
        n = int(m.group(1).replace(",", ""))
        if m.group(2) == "PROGRAM TOTALS":
            total = n
        else:
            writer = max(writer, n)
print(f"{moves:.0f} moves: {total / moves / 1000:.1f}k instructions a move, "
      f"of which the writer {writer / moves / 1000:.1f}k")
PY
