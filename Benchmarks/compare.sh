#!/usr/bin/env bash
# Runs ics beside the floor of any libical-based tool (a bare parse-and-walk in C) and beside
# Python's icalendar with recurring-ical-events, on the same generated calendars, and prints
# the median wall time and peak memory of each with the ratios.
#
# Usage: Benchmarks/compare.sh [--sizes "10000 100000 1000000"] [--runs R] [--python-max N]
#   --sizes       event counts of the generated calendars (default "10000 100000 1000000")
#   --runs R      measured rounds per size, median reported (default 3; 1 at 1M); each
#                 round runs every ics program and the walk once, after one warm-up round,
#                 and Python runs once per size
#   --python-max  largest size the Python stack is run on (default 100000; it takes
#                 minutes and gigabytes beyond that)
# The calendars (Benchmarks/work/compare-N.ics) have 10% recurring weekly series with an
# EXDATE and an override, mixed zones, all-day events and long folded UTF-8 descriptions.
# The Python packages are installed with pip into Benchmarks/work/venv on first use.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES="10000 100000 1000000"
RUNS=3
PYTHON_MAX=100000
while [ $# -gt 0 ]; do
    case $1 in
        --sizes) SIZES=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        --python-max) PYTHON_MAX=$2; shift 2 ;;
        *) echo "compare.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

work=Benchmarks/work
mkdir -p "$work"
swift build -c release --product ics >/dev/null
ics=$(swift build -c release --show-bin-path)/ics
${CC:-gcc} -O2 -o "$work/libical_walk" Benchmarks/libical_walk.c $(pkg-config --cflags --libs libical)
if [ ! -x "$work/venv/bin/python" ]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --quiet icalendar recurring-ical-events
fi

# The programs of one size, run round-robin: on a shared host a burst of load then falls on
# every program alike instead of on one program's whole series.
names=()
commands=()
program() {
    names+=("$1")
    shift
    commands+=("$(printf '%q ' "$@")")
}

# run_once COMMAND: prints "seconds peak-KB" of one run.
run_once() {
    /usr/bin/time -f '%e %M' -o "$work/time.txt" bash -c "$1" >/dev/null 2>&1 || true
    tail -n 1 "$work/time.txt"
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

report() {
    local name=$1 t=$2 m=$3
    printf '%-34s %10s %9.2f s %9.1f MiB\n' "$name" "$size" "$t" "$(echo "$m / 1024" | bc -l)"
    echo "$name $size $t $m" >> "$work/compare.results"
}

: > "$work/compare.results"
printf '%-34s %10s %11s %13s\n' program events "wall time" "peak memory"
for size in $SIZES; do
    file="$work/compare-$size.ics"
    [ -s "$file" ] || python3 Benchmarks/generate_calendar.py --events "$size" --seed 20240101 \
        --recurring-fraction 0.1 -o "$file"
    runs=$RUNS
    [ "$size" -ge 1000000 ] && runs=1
    names=()
    commands=()
    program "libical walk (C)" "$work/libical_walk" "$file"
    program "ics events --format ndjson" "$ics" events "$file" --format ndjson --tz UTC
    program "ics events --order file" "$ics" events "$file" --format ndjson --tz UTC --order file
    program "ics convert --format jcal" "$ics" convert "$file" --format jcal
    program "ics convert --format ics" "$ics" convert "$file" --format ics
    program "ics conflicts --format ndjson" "$ics" conflicts "$file" --format ndjson --tz UTC
    program "ics convert --format ndjson" "$ics" convert "$file" --format ndjson --tz UTC
    # One warm-up round, then the measured rounds.
    for command in "${commands[@]}"; do bash -c "$command" >/dev/null 2>&1 || true; done
    declare -A seconds=() peaks=()
    for _ in $(seq "$runs"); do
        for index in "${!commands[@]}"; do
            line=$(run_once "${commands[$index]}")
            seconds[$index]+="${line% *} "
            peaks[$index]+="${line#* } "
        done
    done
    for index in "${!commands[@]}"; do
        report "${names[$index]}" \
            "$(tr ' ' '\n' <<< "${seconds[$index]}" | grep . | median)" \
            "$(tr ' ' '\n' <<< "${peaks[$index]}" | grep . | median)"
    done
    if [ "$size" -le "$PYTHON_MAX" ]; then
        # One run: it takes minutes, and the file is in the page cache by now.
        line=$(run_once "$(printf '%q ' "$work/venv/bin/python" Benchmarks/python_events.py "$file")")
        report "python icalendar + recurring" "${line% *}" "${line#* }"
    else
        printf '%-34s %10s %11s\n' "python icalendar + recurring" "$size" "not run"
    fi
done

echo
echo "ratios (time, memory) against the libical walk and the Python stack:"
awk '
    $1 == "libical" { walk[$(NF-2)] = $(NF-1); walkmem[$(NF-2)] = $NF }
    $1 == "python" { py[$(NF-2)] = $(NF-1) }
    $1 == "ics" && $2 == "events" && $3 == "--format" { events[$(NF-2)] = $(NF-1); ev[$(NF-2)] = $NF }
    END {
        for (size in events) {
            line = sprintf("  %8s events: ics events / libical walk = %.2fx time", size, events[size] / walk[size])
            if (size in py && events[size] > 0) line = line sprintf(", python / ics events = %.1fx", py[size] / events[size])
            print line
        }
    }' "$work/compare.results" | sort -n -k1
