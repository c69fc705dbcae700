#!/usr/bin/env bash
# Rules of every frequency from DTSTART in 2026 to the year 9999, each expanded by `ics events`
# over a window far ahead (2580 to 2600 by default): wall time, peak memory, instances listed
# and what was reported. Run by hand (a release build is used when there is one):
#   Benchmarks/far-rules.sh [from-year] [to-year]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/rule-timing.sh
from=${1:-2580}
to=${2:-2600}

rules=(
  "FREQ=DAILY;UNTIL=99991231T235959"
  "FREQ=HOURLY;INTERVAL=5;UNTIL=99991231T235959"
  "FREQ=SECONDLY;INTERVAL=86400;UNTIL=99991231T235959"
  "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=99991231T235959"
  "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;UNTIL=99991231T235959"
  "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;UNTIL=99991231T235959"
  "FREQ=DAILY;INTERVAL=1000;COUNT=3000"
)
rule_header
for rule in "${rules[@]}"; do
  time_rule "$rule" 20260101T090000 "$from-01-01" "$to-01-01"
done
