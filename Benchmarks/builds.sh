#!/usr/bin/env bash
# Two builds of ics side by side on every command: median wall time and peak memory of each,
# their ratio, and whether both wrote the same bytes.
#
#   Benchmarks/builds.sh OLD_ICS NEW_ICS                      # 100,000 events, 3 rounds
#   Benchmarks/builds.sh OLD_ICS NEW_ICS --events 20000 --runs 5
#
# The calendar is generate_calendar.py's (seed 20240101, a tenth of its events weekly series),
# kept in Benchmarks/work/. The builds run in turn within each round, after one warm-up
# round, so that a burst of load on the host falls on both alike.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }
old=$1 new=$2
shift 2
events=100000 runs=3
while [ $# -gt 0 ]; do
    case $1 in
        --events) events=$2; shift 2 ;;
        --runs) runs=$2; shift 2 ;;
        *) echo "builds.sh: unknown option $1" >&2; exit 64 ;;
    esac
done
for binary in "$old" "$new"; do
    [ -x "$binary" ] || { echo "builds.sh: $binary is not an executable" >&2; exit 64; }
done

work="$here/work"
mkdir -p "$work"
file="$work/recurring-$events.ics"
[ -s "$file" ] || python3 "$here/generate_calendar.py" --events "$events" --seed 20240101 \
    --recurring-fraction 0.1 -o "$file"
out="$work/builds"
rm -rf "$out"
mkdir -p "$out"

# name|arguments after the binary ({} is the calendar)
commands=(
    "events-sorted|events {} --format ndjson --tz UTC"
    "events-file-order|events {} --format ndjson --order file --tz UTC"
    "convert-ics|convert {} --format ics"
    "convert-jcal|convert {} --format jcal"
    "convert-json|convert {} --format json --tz UTC"
    "convert-csv|convert {} --format csv --tz UTC"
    "conflicts|conflicts {} --format ndjson --tz UTC"
    "freebusy|freebusy {} --from 2024-01-01 --to 2024-04-01 --tz UTC"
    "layout-week|layout week {} --date 2024-03-04 --tz UTC --format json"
    "validate|validate {}"
    "info|info {}"
)

# run BUILD NAME ARGS...: one timed run; appends "seconds kib" to $out/NAME.BUILD.times
run() {
    local build=$1 name=$2
    shift 2
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$out/time" "$@" >"$out/$name.$build.out" 2>/dev/null || true
    end=$(date +%s%N)
    echo "$(( (end - start) / 1000000 )) $(tail -1 "$out/time")" >>"$out/$name.$build.times"
}

for round in $(seq 0 "$runs"); do
    for entry in "${commands[@]}"; do
        name=${entry%%|*}
        arguments=${entry#*|}
        read -r -a words <<<"${arguments//\{\}/$file}"
        for build in old new; do
            binary=$old
            [ $build = new ] && binary=$new
            run "$build" "$name" "$binary" "${words[@]}"
        done
    done
    # The warm-up round is not counted.
    [ "$round" = 0 ] && rm -f "$out"/*.times
done

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
printf '%s events, %s rounds, medians\n' "$events" "$runs"
printf '| command | old | new | new/old | same output |\n|---|---:|---:|---:|---|\n'
for entry in "${commands[@]}"; do
    name=${entry%%|*}
    o_ms=$(cut -d' ' -f1 "$out/$name.old.times" | median)
    n_ms=$(cut -d' ' -f1 "$out/$name.new.times" | median)
    o_kb=$(cut -d' ' -f2 "$out/$name.old.times" | median)
    n_kb=$(cut -d' ' -f2 "$out/$name.new.times" | median)
    same=no
    cmp -s "$out/$name.old.out" "$out/$name.new.out" && same=yes
    printf '| %s | %.2f s, %d MiB | %.2f s, %d MiB | %.2f | %s |\n' "$name" \
        "$(echo "$o_ms / 1000" | bc -l)" $((o_kb / 1024)) \
        "$(echo "$n_ms / 1000" | bc -l)" $((n_kb / 1024)) \
        "$(echo "$n_ms / $o_ms" | bc -l)" "$same"
done
