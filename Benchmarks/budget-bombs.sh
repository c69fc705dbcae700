#!/usr/bin/env bash
# Rules whose every interval holds a great many candidates (every second of a day, every
# minute of a month, every minute or second of a week-year, with BYSETPOS), and a SECONDLY rule
# under a budget of 100 steps: each expanded by `ics events` and checked by `ics validate`, printing wall time,
# peak memory, the instances listed, validate's exit status (0: called clean) and the
# first diagnostic. Run by hand (a release build is used when there is one, or ICS=path):
#   Benchmarks/budget-bombs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ics=${ICS:-.build/release/ics}
[ -x "$ics" ] || ics=.build/debug/ics
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

numbers() { seq -s, "$1" "$2"; }
hours=$(numbers 0 23)
minutes=$(numbers 0 59)
days=MO,TU,WE,TH,FR,SA,SU

# name | rule | options of `ics events`
cases=(
  "daily-setpos|FREQ=DAILY;BYHOUR=$hours;BYMINUTE=$minutes;BYSECOND=$minutes;BYSETPOS=1;UNTIL=20260201T000000|"
  "monthly-setpos|FREQ=MONTHLY;BYDAY=$days;BYHOUR=$hours;BYMINUTE=$minutes;BYSECOND=$minutes;BYSETPOS=-1;UNTIL=20260601T000000|"
  "yearly-weekno|FREQ=YEARLY;BYWEEKNO=$(numbers 1 53);BYDAY=$days;BYHOUR=$hours;BYMINUTE=$minutes;BYSETPOS=-1;COUNT=20|"
  "yearly-seconds|FREQ=YEARLY;BYWEEKNO=$(numbers 1 53);BYDAY=$days;BYHOUR=$hours;BYMINUTE=$minutes;BYSECOND=$minutes;BYSETPOS=-1|"
  "secondly-100|FREQ=SECONDLY;BYHOUR=$hours;BYMINUTE=$minutes;BYSECOND=$minutes|--max-iterations 100"
)
printf '%-15s %6s %8s %9s %10s %9s  %s\n' "rule" "bytes" "seconds" "peak MB" "instances" "validate" "reported"
for case in "${cases[@]}"; do
  IFS='|' read -r name rule options <<< "$case"
  # The RRULE line is left unfolded: the reader takes content lines of any length up to 32 MiB.
  printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:bomb\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T000000\r\nRRULE:%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' "$rule" > "$work/bomb.ics"
  start=$(date +%s%N)
  # shellcheck disable=SC2086
  /usr/bin/time -f '%M' -o "$work/time" "$ics" events "$work/bomb.ics" --tz UTC -f ndjson \
    $options > "$work/out" 2> "$work/err" || true
  end=$(date +%s%N)
  seconds=$(awk -v n=$((end - start)) 'BEGIN { printf "%.2f", n / 1e9 }')
  megabytes=$(awk '{ printf "%.1f", $1 / 1024 }' "$work/time")
  instances=$(wc -l < "$work/out")
  validate=0
  # shellcheck disable=SC2086
  "$ics" validate "$work/bomb.ics" --tz UTC $options > /dev/null 2>&1 || validate=$?
  reported=$({ grep -v 'has no end' "$work/err" || true; } | sed -E 's/^[^:]*:[0-9]+: //' \
    | head -1 | cut -c1-70)
  printf '%-15s %6s %8s %9s %10s %9s  %s\n' "$name" "${#rule}" "$seconds" "$megabytes" \
    "$instances" "$validate" "${reported:-nothing}"
done
