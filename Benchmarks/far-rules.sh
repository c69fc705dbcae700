#!/usr/bin/env bash
# Rules of every frequency from DTSTART in 2026 to the year 9999, each expanded by `ics events`
# over a window far ahead (2580 to 2600 by default): wall time, peak memory, instances listed
# and what was reported. Run by hand (a release build is used when there is one):
#   Benchmarks/far-rules.sh [from-year] [to-year]
set -euo pipefail
cd "$(dirname "$0")/.."
ics=.build/release/ics
[ -x "$ics" ] || ics=.build/debug/ics
from=${1:-2580}
to=${2:-2600}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

rules=(
  "FREQ=DAILY;UNTIL=99991231T235959"
  "FREQ=HOURLY;INTERVAL=5;UNTIL=99991231T235959"
  "FREQ=SECONDLY;INTERVAL=86400;UNTIL=99991231T235959"
  "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=99991231T235959"
  "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;UNTIL=99991231T235959"
  "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;UNTIL=99991231T235959"
  "FREQ=DAILY;INTERVAL=1000;COUNT=3000"
)
printf '%-66s %8s %9s %10s  %s\n' "rule" "seconds" "peak MB" "instances" "reported"
for rule in "${rules[@]}"; do
  printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:far\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T090000\r\nRRULE:%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' "$rule" > "$work/far.ics"
  start=$(date +%s%N)
  /usr/bin/time -f '%M' -o "$work/time" "$ics" events "$work/far.ics" --from "$from-01-01" \
    --to "$to-01-01" -f ndjson > "$work/out" 2> "$work/err" || true
  end=$(date +%s%N)
  seconds=$(awk -v n=$((end - start)) 'BEGIN { printf "%.3f", n / 1e9 }')
  megabytes=$(awk '{ printf "%.1f", $1 / 1024 }' "$work/time")
  instances=$(wc -l < "$work/out")
  reported=$(sed -E 's/^[^:]*:[0-9]+: //' "$work/err" | head -1 | cut -c1-60)
  printf '%-66s %8s %9s %10s  %s\n' "$rule" "$seconds" "$megabytes" "$instances" "${reported:-nothing}"
done
