#!/usr/bin/env bash
# Rules that make a step-by-step expander walk for a long time between instances, each
# expanded by `ics events` over a window of decades: wall time, peak memory, instances listed
# and what was reported. Run by hand (a release build is used when there is one):
#   Benchmarks/recurrence-bombs.sh [years]
set -euo pipefail
cd "$(dirname "$0")/.."
ics=.build/release/ics
[ -x "$ics" ] || ics=.build/debug/ics
years=${1:-74}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

rules=(
  "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO"
  "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=9;BYMINUTE=0"
  "FREQ=HOURLY;INTERVAL=7;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO"
  "FREQ=MINUTELY;BYYEARDAY=366;BYHOUR=12"
  "FREQ=SECONDLY;BYWEEKNO=53;BYDAY=TH;BYHOUR=0;BYMINUTE=0"
)
printf '%-58s %8s %9s %10s  %s\n' "rule" "seconds" "peak MB" "instances" "reported"
for rule in "${rules[@]}"; do
  printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:bomb\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T000000\r\nRRULE:%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' "$rule" > "$work/bomb.ics"
  to=$((2026 + years))-01-01
  start=$(date +%s%N)
  /usr/bin/time -f '%M' -o "$work/time" "$ics" events "$work/bomb.ics" --from 2026-01-01 --to "$to" \
    -f ndjson > "$work/out" 2> "$work/err" || true
  end=$(date +%s%N)
  seconds=$(awk -v n=$((end - start)) 'BEGIN { printf "%.3f", n / 1e9 }')
  megabytes=$(awk '{ printf "%.1f", $1 / 1024 }' "$work/time")
  instances=$(wc -l < "$work/out")
  reported=$(sed -E 's/^[^:]*:[0-9]+: //' "$work/err" | head -1 | cut -c1-60)
  printf '%-58s %8s %9s %10s  %s\n' "$rule" "$seconds" "$megabytes" "$instances" "${reported:-nothing}"
done
