#!/usr/bin/env bash
# Inputs that make a pairwise search quadratic, each run once with its time and peak memory:
#
# - two versions of a calendar of TWINS events without a UID, all of one title and start (so
#   each is told from the others only by its place), a tenth of them changed, for `ics diff`;
# - one event with ATTENDEES attendees, for the commands that look at the time of each person
#   (`freebusy --per-person`, `conflicts --by person`) and for `check` and `slots` asked for
#   every one of them (`--as` each).
#
#   Benchmarks/quadratic.sh [TWINS] [ATTENDEES]     (ICS=path/to/ics to use another build)
#
# Prints "command | seconds | peak KB | lines written" (GNU time's %e and %M).
set -euo pipefail
twins=${1:-10000}
attendees=${2:-22000}
source "$(dirname "$0")/release-ics.sh" quadratic

python3 - "$work" "$twins" "$attendees" <<'PY'
import sys
work, twins, attendees = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Benchmark//EN\r\n"
twin = ("BEGIN:VEVENT\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260908T090000Z\r\n"
        "DTEND:20260908T100000Z\r\nSUMMARY:Stand-up\r\nDESCRIPTION:{}\r\nEND:VEVENT\r\n")
for side, changed in (("old", False), ("new", True)):
    with open(f"{work}/twins-{side}.ics", "w", newline="") as out:
        out.write(head)
        for index in range(twins):
            edited = changed and index % 10 == 0
            out.write(twin.format(f"copy {index}" + (" (edited)" if edited else "")))
        out.write("END:VCALENDAR\r\n")
with open(f"{work}/attendees.ics", "w", newline="") as out:
    out.write(head + "BEGIN:VEVENT\r\nUID:all-hands\r\nDTSTAMP:20260101T000000Z\r\n"
              "DTSTART:20260908T090000Z\r\nDTEND:20260908T100000Z\r\nSUMMARY:All hands\r\n"
              "ORGANIZER:mailto:chair@example.org\r\n")
    for index in range(attendees):
        status = ("ACCEPTED", "DECLINED", "TENTATIVE", "NEEDS-ACTION")[index % 4]
        out.write(f"ATTENDEE;PARTSTAT={status}:mailto:p{index}@example.org\r\n")
    out.write("END:VEVENT\r\n")
    out.write("BEGIN:VEVENT\r\nUID:review\r\nDTSTAMP:20260101T000000Z\r\n"
              "DTSTART:20260908T093000Z\r\nDTEND:20260908T103000Z\r\nSUMMARY:Review\r\n"
              "ATTENDEE:mailto:p1@example.org\r\nATTENDEE:mailto:p2@example.org\r\n"
              "END:VEVENT\r\nEND:VCALENDAR\r\n")
with open(f"{work}/people.txt", "w") as out:
    out.write("".join(f"--as=p{index}@example.org\n" for index in range(attendees)))
PY

mapfile -t people <"$work/people.txt"
window=(--from 2026-09-08 --to 2026-09-09 --tz UTC -q)
run() { # label, command…
    /usr/bin/time -f '%e %M' -o "$work/time.txt" "${@:2}" >"$work/out.txt" 2>/dev/null || true
    read -r seconds peak < <(tail -n 1 "$work/time.txt")
    printf '%-34s | %7s s | %8s KB | %6s lines\n' "$1" "$seconds" "$peak" \
        "$(wc -l <"$work/out.txt")"
}
echo "twins: $twins a side ($(du -k "$work/twins-old.ics" | cut -f1) KB each)," \
    "attendees: $attendees ($(du -k "$work/attendees.ics" | cut -f1) KB)"
run "diff (twins)" "$ics" diff "$work/twins-old.ics" "$work/twins-new.ics" -f ndjson -q
run "freebusy --per-person" "$ics" freebusy --per-person "$work/attendees.ics" "${window[@]}"
run "freebusy --per-person -f ics" "$ics" freebusy --per-person -f ics "$work/attendees.ics" \
    "${window[@]}"
run "conflicts --by person" "$ics" conflicts --by person "$work/attendees.ics" -f ndjson \
    "${window[@]}"
run "check --as (each attendee)" "$ics" check --start 2026-09-08T09:15 --duration 30m \
    "$work/attendees.ics" "${people[@]}" --tz UTC -q
run "slots --as (each attendee)" "$ics" slots --from 2026-09-08 --days 1 --duration 30m \
    "$work/attendees.ics" "${people[@]}" --tz UTC -q
