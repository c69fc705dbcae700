#!/usr/bin/env bash
# Runs ics beside the floor of any libical-based tool (a bare parse-and-walk in C) and beside
# Python's icalendar with recurring-ical-events, on the same generated calendars, and prints
# the median wall time and peak memory of each with the ratios.
#
# Usage: Benchmarks/compare.sh [--sizes "10000 100000 1000000"] [--runs R] [--python-max N]
#                              [--tree-max N]
#   --sizes       event counts of the generated calendars (default "10000 100000 1000000")
#   --runs R      measured runs per program and size, median reported (default 3; 1 at 1M)
#   --python-max  largest size the Python stack is run on (default 100000; it takes
#                 minutes and gigabytes beyond that)
#   --tree-max    largest size `ics convert --to jcal|ics` is run on (default 100000): those
#                 conversions keep the whole tree, about 11 bytes of memory per byte of input
# The calendars (Benchmarks/work/compare-N.ics) have 10% recurring weekly series with an
# EXDATE and an override, mixed zones, all-day events and long folded UTF-8 descriptions.
# The Python packages are installed with pip into Benchmarks/work/venv on first use.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZES="10000 100000 1000000"
RUNS=3
PYTHON_MAX=100000
TREE_MAX=100000
while [ $# -gt 0 ]; do
    case $1 in
        --sizes) SIZES=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        --python-max) PYTHON_MAX=$2; shift 2 ;;
        --tree-max) TREE_MAX=$2; shift 2 ;;
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

# measure NAME RUNS COMMAND...: median seconds and peak KB over RUNS runs after a warm-up.
measure() {
    local name=$1 runs=$2
    shift 2
    "$@" >/dev/null 2>&1 || true
    local times=() memory=()
    for _ in $(seq "$runs"); do
        local line
        /usr/bin/time -f '%e %M' -o "$work/time.txt" "$@" >/dev/null 2>&1 || true
        line=$(tail -n 1 "$work/time.txt")
        times+=("${line% *}")
        memory+=("${line#* }")
    done
    local t m
    t=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    m=$(printf '%s\n' "${memory[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
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
    measure "libical walk (C)" "$runs" "$work/libical_walk" "$file"
    measure "ics events --format ndjson" "$runs" "$ics" events "$file" --format ndjson --tz UTC
    measure "ics events --order file" "$runs" "$ics" events "$file" --format ndjson --tz UTC --order file
    if [ "$size" -le "$TREE_MAX" ]; then
        measure "ics convert --to jcal" "$runs" "$ics" convert "$file" --to jcal
        measure "ics convert --to ics" "$runs" "$ics" convert "$file" --to ics
    else
        printf '%-34s %10s %11s\n' "ics convert --to jcal|ics" "$size" "not run"
    fi
    measure "ics conflicts --format ndjson" "$runs" "$ics" conflicts "$file" --format ndjson --tz UTC
    measure "ics convert --to ndjson" "$runs" "$ics" convert "$file" --to ndjson --tz UTC
    if [ "$size" -le "$PYTHON_MAX" ]; then
        measure "python icalendar + recurring" 1 "$work/venv/bin/python" Benchmarks/python_events.py "$file"
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
