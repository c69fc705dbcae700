#!/usr/bin/env bash
# Benchmark `ics events` against a bare libical parse-and-walk of the same file.
#
# Usage: Benchmarks/run.sh [--events N] [--runs R]
#   --events N   number of VEVENTs in the generated calendar (default 100000)
#   --runs R     measured runs per program, after one warm-up run (default 5)
# Environment:
#   ICS=/path/to/ics   use this binary instead of building with `swift build`
#   CC=compiler        C compiler for libical_walk (default gcc)
#
# Exit status: 0 when both programs were measured; 1 when ics could not be
# measured (no binary, a failed run, or not one NDJSON line per event), in
# which case the libical figures are still printed; 2 on usage errors.
set -euo pipefail

EVENTS=100000
RUNS=5
SEED=20240101
TIME_BIN=/usr/bin/time

usage() {
    # The comment block at the top of this file.
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
}

die_usage() {
    echo "run.sh: $1" >&2
    usage >&2
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --events) [[ $# -ge 2 ]] || die_usage "--events needs a value"; EVENTS=$2; shift 2 ;;
        --events=*) EVENTS=${1#*=}; shift ;;
        --runs) [[ $# -ge 2 ]] || die_usage "--runs needs a value"; RUNS=$2; shift 2 ;;
        --runs=*) RUNS=${1#*=}; shift ;;
        -h|--help) usage; exit 0 ;;
        *) die_usage "unknown argument: $1" ;;
    esac
done
[[ $EVENTS =~ ^[0-9]+$ && $EVENTS -gt 0 ]] || die_usage "--events must be a positive integer"
[[ $RUNS =~ ^[0-9]+$ && $RUNS -gt 0 ]] || die_usage "--runs must be a positive integer"

# An ICS path relative to the caller's directory stays valid after the cd below.
if [[ -n ${ICS:-} && $ICS != /* ]]; then
    ICS="$PWD/$ICS"
fi

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$SCRIPT_DIR/.." && pwd)
cd "$ROOT"
WORK=Benchmarks/work
mkdir -p "$WORK"

log() { echo "==> $*" >&2; }

if [[ ! -x $TIME_BIN ]]; then
    echo "run.sh: GNU time is required at $TIME_BIN" >&2
    exit 1
fi

# ---------------------------------------------------------------------------
# Measurement helpers.

LAST_WALL=""
LAST_RSS_KB=""

# measure STDOUT_FILE STDERR_FILE CMD...
# Runs CMD once under GNU time. Sets LAST_WALL (seconds, from a nanosecond
# clock read around the run) and LAST_RSS_KB (peak resident set size in KiB),
# and returns the command's exit status.
measure() {
    local out=$1 err=$2 t0 t1 status=0
    shift 2
    t0=$(date +%s%N)
    "$TIME_BIN" -f '%e %M' -o "$WORK/time.out" "$@" >"$out" 2>"$err" || status=$?
    t1=$(date +%s%N)
    LAST_WALL=$(awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.3f", ns / 1e9 }')
    # On failure GNU time writes a "Command exited ..." line first; the
    # figures are always on the last line.
    LAST_RSS_KB=$(tail -n 1 "$WORK/time.out" | awk '{ print $2 }')
    return $status
}

# median VALUE... -> the median (mean of the two middle values for an even count)
median() {
    printf '%s\n' "$@" | sort -g | awk '
        { v[NR] = $1 }
        END {
            if (NR % 2) printf "%.3f\n", v[(NR + 1) / 2]
            else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2
        }'
}

kib_to_mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# ---------------------------------------------------------------------------
# Build the C baseline.

WALK="$WORK/libical_walk"
log "compiling $WALK"
# shellcheck disable=SC2046  # pkg-config output is meant to be word-split
"${CC:-gcc}" -O2 -o "$WALK" Benchmarks/libical_walk.c $(pkg-config --cflags --libs libical)

# ---------------------------------------------------------------------------
# Build or locate ics. Problems are recorded in ICS_PROBLEM, not fatal.

ICS_PROBLEM=""
if [[ -n ${ICS:-} ]]; then
    log "using ICS=$ICS"
    [[ -x $ICS ]] || ICS_PROBLEM="ICS=$ICS is not an executable file"
else
    ICS="$ROOT/.build/release/ics"
    BUILD_LOG="$WORK/swift-build.log"
    if ! command -v swift >/dev/null 2>&1; then
        ICS_PROBLEM="swift is not on PATH, so ics could not be built"
    else
        log "building ics: swift build -c release --product ics (log: $BUILD_LOG)"
        if ! swift build -c release --product ics >"$BUILD_LOG" 2>&1; then
            ICS_PROBLEM="swift build -c release --product ics failed (log: $BUILD_LOG)"
            echo "---- last lines of $BUILD_LOG ----" >&2
            tail -n 20 "$BUILD_LOG" >&2 || true
            echo "----" >&2
        elif [[ ! -x $ICS ]]; then
            ICS_PROBLEM="swift build succeeded but $ICS does not exist"
        fi
    fi
fi

# ---------------------------------------------------------------------------
# Input file.

FILE="$WORK/events-$EVENTS.ics"
if [[ ! -f $FILE ]]; then
    log "generating $FILE ($EVENTS events, seed $SEED)"
    g0=$(date +%s%N)
    python3 Benchmarks/generate_calendar.py --events "$EVENTS" --seed "$SEED" -o "$FILE"
    g1=$(date +%s%N)
    log "generated in $(awk -v ns=$((g1 - g0)) 'BEGIN { printf "%.1f", ns / 1e9 }') s"
fi
FILE_BYTES=$(stat -c %s "$FILE")
FILE_MIB=$(awk -v b="$FILE_BYTES" 'BEGIN { printf "%.1f", b / 1048576 }')

# ---------------------------------------------------------------------------
# (a) libical_walk

log "libical_walk: warm-up"
if ! measure "$WORK/libical_walk.out" "$WORK/libical_walk.err" "$WALK" "$FILE"; then
    echo "run.sh: libical_walk failed on $FILE:" >&2
    cat "$WORK/libical_walk.err" >&2
    exit 1
fi
WALK_EVENTS=$(sed -n 's/^events=\([0-9]*\).*/\1/p' "$WORK/libical_walk.out")
if [[ $WALK_EVENTS != "$EVENTS" ]]; then
    echo "run.sh: warning: libical_walk counted ${WALK_EVENTS:-?} events, expected $EVENTS" >&2
fi

walk_times=()
walk_rss=()
for ((i = 1; i <= RUNS; i++)); do
    if ! measure /dev/null "$WORK/libical_walk.err" "$WALK" "$FILE"; then
        echo "run.sh: libical_walk failed on run $i:" >&2
        cat "$WORK/libical_walk.err" >&2
        exit 1
    fi
    walk_times+=("$LAST_WALL")
    walk_rss+=("$LAST_RSS_KB")
    log "libical_walk run $i/$RUNS: ${LAST_WALL} s, $(kib_to_mib "$LAST_RSS_KB") MiB"
done

# ---------------------------------------------------------------------------
# (b) ics events FILE --format ndjson --tz UTC

ICS_CMD=(events "$FILE" --format ndjson --tz UTC)
ics_times=()
ics_rss=()
if [[ -z $ICS_PROBLEM ]]; then
    log "ics ${ICS_CMD[*]}: warm-up (output kept to count records)"
    status=0
    measure "$WORK/ics-events.ndjson" "$WORK/ics.err" "$ICS" "${ICS_CMD[@]}" || status=$?
    if [[ $status -ne 0 ]]; then
        ICS_PROBLEM="ics exited with status $status on the warm-up run (stderr: $WORK/ics.err)"
        head -n 20 "$WORK/ics.err" >&2 || true
    else
        # The generated file has no recurring events, so a complete run prints
        # exactly one NDJSON line per VEVENT. Anything else is not a real run
        # and its timings would be meaningless.
        ICS_LINES=$(wc -l <"$WORK/ics-events.ndjson")
        if [[ $ICS_LINES -ne $EVENTS ]]; then
            ICS_PROBLEM="ics printed $ICS_LINES NDJSON line(s) for $EVENTS events (expected one per event)"
            echo "---- first lines of ics output ----" >&2
            head -n 3 "$WORK/ics-events.ndjson" | cut -c 1-200 >&2 || true
            echo "----" >&2
        fi
    fi
    rm -f "$WORK/ics-events.ndjson"
fi
if [[ -z $ICS_PROBLEM ]]; then
    for ((i = 1; i <= RUNS; i++)); do
        status=0
        measure /dev/null "$WORK/ics.err" "$ICS" "${ICS_CMD[@]}" || status=$?
        if [[ $status -ne 0 ]]; then
            ICS_PROBLEM="ics exited with status $status on run $i (stderr: $WORK/ics.err)"
            head -n 20 "$WORK/ics.err" >&2 || true
            break
        fi
        ics_times+=("$LAST_WALL")
        ics_rss+=("$LAST_RSS_KB")
        log "ics run $i/$RUNS: ${LAST_WALL} s, $(kib_to_mib "$LAST_RSS_KB") MiB"
    done
fi

# ---------------------------------------------------------------------------
# Report.

WALK_T=$(median "${walk_times[@]}")
WALK_M=$(kib_to_mib "$(median "${walk_rss[@]}")")
ICS_T=n/a ICS_M=n/a TIME_RATIO=n/a RSS_RATIO=n/a
if [[ -z $ICS_PROBLEM ]]; then
    ICS_T=$(median "${ics_times[@]}")
    ICS_RSS_KB=$(median "${ics_rss[@]}")
    ICS_M=$(kib_to_mib "$ICS_RSS_KB")
    TIME_RATIO=$(ratio "$ICS_T" "$WALK_T")
    RSS_RATIO=$(awk -v k="$ICS_RSS_KB" -v b="$FILE_BYTES" 'BEGIN { printf "%.2f", k * 1024 / b }')
fi

CPU=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
echo
echo "ics benchmark: $FILE, $RUNS runs each after one warm-up, medians"
echo "host: ${CPU:-unknown CPU}, $(nproc) CPUs, $(uname -sr); libical $(pkg-config --modversion libical)"
echo
printf '| %8s | %7s | %9s | %15s | %7s | %11s | %16s | %14s |\n' \
    "file MiB" "events" "libical s" "libical RSS MiB" "ics s" "ics RSS MiB" "time ics/libical" "ics RSS / file"
printf '|%s|%s|%s|%s|%s|%s|%s|%s|\n' \
    "---------:" "--------:" "----------:" "----------------:" "--------:" "------------:" "-----------------:" "---------------:"
printf '| %8s | %7s | %9s | %15s | %7s | %11s | %16s | %14s |\n' \
    "$FILE_MIB" "$EVENTS" "$WALK_T" "$WALK_M" "$ICS_T" "$ICS_M" "$TIME_RATIO" "$RSS_RATIO"
echo

if [[ -n $ICS_PROBLEM ]]; then
    echo "ics NOT MEASURED: $ICS_PROBLEM"
    echo "Only the libical_walk figures above are valid."
    exit 1
fi

verdict() { awk -v v="$1" -v lim="$2" -v op="$3" 'BEGIN {
    ok = (op == "le") ? (v <= lim) : (v < lim); print ok ? "met" : "NOT met" }'; }
echo "aim: ics time <= 1.5x libical_walk: ${TIME_RATIO}x -> $(verdict "$TIME_RATIO" 1.5 le)"
echo "aim: ics peak RSS < 3x file size:   ${RSS_RATIO}x -> $(verdict "$RSS_RATIO" 3 lt)"
