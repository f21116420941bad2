#!/usr/bin/env bash
# The fleet's benchmark (issue 27; docs/deploying.md, "The benchmark").
#
# On this machine, in one run: a temporary PostgreSQL, two `tash-kalar
# serve` processes on it (with --bot-workers) and two `tash-kalar
# bot-worker`s; and one `tash-kalar serve` on a SQLite file. The load
# generator (crates/server/examples/loadgen.rs, an outside client
# process) plays GAMES games at once for SECS seconds on each, people
# only and then with a bot on every game's last seat, and reports the
# moves acknowledged and the latency from a choice to its
# acknowledgement (p50, p99). Last it plays on the fleet again and kills
# (SIGKILL) server `a` KILL_AFTER seconds in: the report gives the time
# from the kill to each game's first choice acknowledged through the
# other server (the failover time; the lease is LEASE seconds).
#
#   bench/fleet.sh                       # the defaults below
#   GAMES=100 SECS=60 BOT=mcts:iterations=200 bench/fleet.sh
#   RUNS=failover GAMES=20 bench/fleet.sh  # some runs only
#
# Reports go to OUT (default target/bench-fleet), one file a run, and a
# summary to OUT/summary.txt. Needs PostgreSQL's programs (as the tests:
# TASH_KALAR_PG_BIN, else initdb on PATH, else /usr/lib/postgresql/*/bin).
# Runs at nice 19: it is a measurement of this machine under its load,
# which the summary records (uptime).
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-60}
SECS=${SECS:-30}
BOT=${BOT:-greedy}
KILL_AFTER=${KILL_AFTER:-10}
LEASE=${LEASE:-10}
OUT=${OUT:-target/bench-fleet}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

export CARGO_INCREMENTAL=0
if [ -z "${NO_BUILD:-}" ]; then
    nice -n 19 cargo build --release -p tash-kalar --bin tash-kalar
    nice -n 19 cargo build --release -p tash-kalar-server --example loadgen
fi
BIN=$PWD/target/release/tash-kalar
LOADGEN=$PWD/target/release/examples/loadgen

pg_bin() {
    if [ -n "${TASH_KALAR_PG_BIN:-}" ]; then echo "$TASH_KALAR_PG_BIN"; return; fi
    if command -v initdb >/dev/null; then dirname "$(readlink -f "$(command -v initdb)")"; return; fi
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}
PGBIN=$(pg_bin)
[ -x "$PGBIN/initdb" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }

WORK=$(mktemp -d /tmp/tk-bench-XXXXXX)
PIDS=()
RUNAS=()
if [ "$(id -u)" = 0 ]; then
    # PostgreSQL refuses to run as root
    ACCOUNT=postgres; id -u postgres >/dev/null 2>&1 || ACCOUNT=nobody
    chown "$ACCOUNT" "$WORK"
    RUNAS=(runuser -u "$ACCOUNT" --)
fi
cleanup() {
    for pid in "${PIDS[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$WORK/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

"${RUNAS[@]}" "$PGBIN/initdb" -D "$WORK/data" -U tash -A trust -E UTF8 --locale=C >/dev/null
# the server's defaults (fsync on, as a real deployment), on a unix socket only
"${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$WORK/data" -l "$WORK/pg.log" \
    -o "-k $WORK -c listen_addresses= -c max_connections=200" -w start >/dev/null
"$PGBIN/createdb" -h "$WORK" -U tash tash
URL="postgresql:///tash?host=$WORK&user=tash"
SQLITE="$WORK/sqlite"
mkdir -p "$SQLITE"

# no per-address limits: every client here is 127.0.0.1
OPEN=(--bot-pause-ms 0 --games-per-minute 0 --joins-per-minute 0
      --max-connections-per-address 100000 --max-live-games 100000)

# start NAME ARGS...: a server in the background; sets ADDR and PID
start() {
    local name=$1; shift
    "$BIN" serve --addr 127.0.0.1:0 "${OPEN[@]}" "$@" >"$WORK/$name.out" 2>"$OUT/$name.log" &
    PID=$!
    PIDS+=("$PID")
    for _ in $(seq 300); do
        [ -s "$WORK/$name.out" ] && break
        sleep 0.1
    done
    ADDR=$(head -1 "$WORK/$name.out" | awk '{print $NF}' | sed -e 's|^http://||' -e 's|/$||')
    [ -n "$ADDR" ] || { echo "$name did not start: see $OUT/$name.log" >&2; exit 1; }
}

start a --db "$URL" --node a --lease-secs "$LEASE" --bot-workers
A=$ADDR; PA=$PID
start b --db "$URL" --node b --lease-secs "$LEASE" --bot-workers
B=$ADDR; PB=$PID
WPIDS=()
for w in w1 w2; do
    "$BIN" bot-worker --db "$URL" --name "$w" --threads 1 2>"$OUT/$w.log" &
    PIDS+=("$!")
    WPIDS+=("$!")
done
# the workers' CPU time (user + system, seconds), summed, from /proc
workers_cpu() {
    local ticks=0 pid f
    for pid in "${WPIDS[@]}"; do
        f=$(sed -e 's/.*) //' "/proc/$pid/stat" 2>/dev/null) || continue
        ticks=$((ticks + $(echo "$f" | awk '{print $12 + $13}')))
    done
    awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" 'BEGIN {printf "%.2f", t / hz}'
}
# the same bot threads as the two workers have
start sqlite --db "$SQLITE/tk.sqlite" --bot-threads 2
S=$ADDR; PS=$PID

run() {
    local name=$1; shift
    echo "== $name: loadgen $*" | tee "$OUT/$name.txt"
    uptime | tee -a "$OUT/$name.txt"
    local cpu0
    cpu0=$(workers_cpu)
    nice -n 19 "$LOADGEN" --games "$GAMES" --seed 1 "$@" 2>>"$OUT/loadgen.log" | tee -a "$OUT/$name.txt"
    echo "bot workers' CPU: $(awk -v a="$cpu0" -v b="$(workers_cpu)" 'BEGIN {printf "%.2f", b - a}') s user+system" | tee -a "$OUT/$name.txt"
}

{
    echo "fleet benchmark, $(date -u +%FT%TZ), $(nproc) cores, commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
    echo "games at once: $GAMES, $SECS s a run, bot: $BOT, lease: $LEASE s, kill after $KILL_AFTER s"
} >"$OUT/summary.txt"
# RUNS: which runs, in this order (all by default)
RUNS=${RUNS:-fleet-people fleet-bots sqlite-people sqlite-bots failover}
for name in $RUNS; do
    case $name in
        fleet-people) run fleet-people --addr "$A,$B" --pid "$PA,$PB" --secs "$SECS" ;;
        fleet-bots) run fleet-bots --addr "$A,$B" --pid "$PA,$PB" --secs "$SECS" --bots "$BOT" ;;
        sqlite-people) run sqlite-people --addr "$S" --pid "$PS" --secs "$SECS" ;;
        sqlite-bots) run sqlite-bots --addr "$S" --pid "$PS" --secs "$SECS" --bots "$BOT" ;;
        failover) run failover --addr "$A,$B" --pid "$PA,$PB" --secs "$((KILL_AFTER + 30))" --kill "0:$KILL_AFTER" ;;
        *) echo "unknown run $name" >&2; exit 2 ;;
    esac
done

for name in $RUNS; do
    echo "== $name"
    grep -E "^(loadgen:|moves acknowledged|choice -> ack|server CPU|bots \(|bot workers|failover|load average)" "$OUT/$name.txt"
done >>"$OUT/summary.txt"
cat "$OUT/summary.txt"
