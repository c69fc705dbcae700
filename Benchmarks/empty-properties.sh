#!/usr/bin/env bash
# Times every reading command on calendars of 1,000,000 properties with empty values (about
# 6 MB), the input that made reading quadratic when libical parsed it: X- properties in one
# VEVENT, at the calendar level, empty EXDATEs (a million values that do not read, so a million
# diagnostics to fold), and 200,000 empty VEVENTs.
#
# Usage: Benchmarks/empty-properties.sh        (prints "file | command | seconds | peak KB")
set -euo pipefail
cd "$(dirname "$0")/.."
work=Benchmarks/work
mkdir -p "$work"
swift build -c release --product ics >/dev/null
ics=$(swift build -c release --show-bin-path)/ics

python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Benchmark//EN\r\n"
event = "BEGIN:VEVENT\r\nUID:{}\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260908T090000Z\r\n"
with open(f"{work}/empty-x-properties.ics", "w", newline="") as out:
    out.write(head + event.format("a") + "X-A:\r\n" * 1_000_000 + "END:VEVENT\r\nEND:VCALENDAR\r\n")
with open(f"{work}/empty-calendar-properties.ics", "w", newline="") as out:
    out.write(head + "X-A:\r\n" * 1_000_000 + event.format("a") + "END:VEVENT\r\nEND:VCALENDAR\r\n")
with open(f"{work}/empty-exdates.ics", "w", newline="") as out:
    out.write(head)
    for index in range(10):
        out.write(event.format(index) + "EXDATE:\r\n" * 100_000 + "END:VEVENT\r\n")
    out.write("END:VCALENDAR\r\n")
with open(f"{work}/empty-events.ics", "w", newline="") as out:
    out.write(head + "BEGIN:VEVENT\r\nEND:VEVENT\r\n" * 200_000 + "END:VCALENDAR\r\n")
PY

for file in empty-x-properties empty-calendar-properties empty-exdates empty-events; do
    path="$work/$file.ics"
    for command in "events" "events --order file --format ndjson" "validate" "convert --format ics" \
        "convert --format jcal" "convert --format ndjson" "conflicts" "layout day --date 2026-09-08" \
        "freebusy --from 2026-09-01 --to 2026-10-01"; do
        /usr/bin/time -f "%e %M" -o "$work/time.txt" "$ics" $command "$path" >/dev/null 2>&1 || true
        read -r seconds peak < <(tail -n 1 "$work/time.txt")
        printf '%-26s | %-40s | %6s s | %8s KB\n' "$file" "$command" "$seconds" "$peak"
    done
done
