#!/usr/bin/env bash
# One export per person (generate_people.py, 300 files by default) read as separate calendars:
# checks that what `ics` finds over all of them is what it finds in each file read alone, and
# reports the time and peak memory of each command.
#
#   Benchmarks/people.sh [PEOPLE]        (ICS=path/to/ics to use another build)
set -euo pipefail
cd "$(dirname "$0")/.."
people=${1:-300}
ics=${ICS:-.build/release/ics}
[ -x "$ics" ] || swift build -c release --product ics >/dev/null
dir=Benchmarks/work/people-$people
rm -rf "$dir"
python3 Benchmarks/generate_people.py "$dir" --people "$people" --meetings $((people * 10))
window=(--from 2026-09-01 --to 2026-12-01 --tz Europe/Berlin)
files=("$dir"/*.ics)

count() { { "$@" 2>/dev/null || true; } | wc -l; }
timed() { # label, command…: prints seconds, peak MiB
  /usr/bin/time -f '%e %M' -o "$dir.time" "${@:2}" >/dev/null 2>&1 || true
  read -r seconds kib < <(tail -1 "$dir.time")
  printf '%-58s %7s s %6d MiB\n' "$1" "$seconds" $((kib / 1024))
}

alone_events=0 alone_conflicts=0
for file in "${files[@]}"; do
  alone_events=$((alone_events + $(count "$ics" events "$file" -f ndjson "${window[@]}")))
  alone_conflicts=$((alone_conflicts + $(count "$ics" conflicts "$file" -f ndjson "${window[@]}")))
done
together_events=$(count "$ics" events "${files[@]}" -f ndjson --inputs separate "${window[@]}")
merged_events=$(count "$ics" events "${files[@]}" -f ndjson "${window[@]}")
together_conflicts=$(count "$ics" conflicts "${files[@]}" -f ndjson --inputs separate --by file "${window[@]}")
echo "files: ${#files[@]} ($(du -sh "$dir" | cut -f1))"
echo "occurrences: each file alone $alone_events, --inputs separate $together_events, as versions of one calendar $merged_events"
echo "conflicts: each file alone $alone_conflicts, --inputs separate --by file $together_conflicts"
status=0
[ "$alone_events" = "$together_events" ] || { echo "MISMATCH: occurrences"; status=1; }
[ "$alone_conflicts" = "$together_conflicts" ] || { echo "MISMATCH: conflicts"; status=1; }

timed "events --inputs separate (sorted)" "$ics" events "${files[@]}" -f ndjson --inputs separate "${window[@]}"
timed "events (versions of one calendar)" "$ics" events "${files[@]}" -f ndjson "${window[@]}"
timed "conflicts --inputs separate --by file" "$ics" conflicts "${files[@]}" -f ndjson --inputs separate --by file "${window[@]}"
timed "conflicts --inputs separate --by person" "$ics" conflicts "${files[@]}" -f ndjson --inputs separate --by person "${window[@]}"
timed "freebusy --inputs separate --per-person -f ics" "$ics" freebusy "${files[@]}" -f ics --inputs separate --per-person "${window[@]}"
exit $status
