#!/usr/bin/env bash
# Rules that make a step-by-step expander walk for a long time between instances, each
# expanded by `ics events` over a window of decades: wall time, peak memory, instances listed
# and what was reported. Run by hand (a release build is used when there is one):
#   Benchmarks/recurrence-bombs.sh [years]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/rule-timing.sh
years=${1:-74}

rules=(
  "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO"
  "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=9;BYMINUTE=0"
  "FREQ=HOURLY;INTERVAL=7;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO"
  "FREQ=MINUTELY;BYYEARDAY=366;BYHOUR=12"
  "FREQ=SECONDLY;BYWEEKNO=53;BYDAY=TH;BYHOUR=0;BYMINUTE=0"
)
rule_header
for rule in "${rules[@]}"; do
  time_rule "$rule" 20260101T000000 2026-01-01 "$((2026 + years))-01-01"
done
