#!/usr/bin/env bash
# Inputs that are one thing many times over, each converted once with its time and peak memory:
#
# - one VEVENT with ALARMS VALARMs (about 80 bytes each: 300,000 make 23 MB);
# - PROPERTIES calendar properties (X- lines of about 80 bytes) before the first component,
#   and ten times as many short ones (`X-A:1`, about 12 bytes);
# - ROWS records (about 100 bytes each) as CSV, as a JSON array and as NDJSON, converted to
#   `.ics`, beside a file of one record of each format (the cost of the process itself).
#
#   Benchmarks/floods.sh [ALARMS] [PROPERTIES] [ROWS]   (ICS=path/to/ics to use another build)
#
# Prints "input | format | seconds | peak KB | output bytes", and for the records the peak
# beyond the one-record run, per row, with and without the input's own bytes.
set -euo pipefail
alarms=${1:-300000}
properties=${2:-100000}
rows=${3:-70000}
source "$(dirname "$0")/release-ics.sh" floods

python3 - "$work" "$alarms" "$properties" "$rows" <<'PY'
import json, sys
work, alarms, properties, rows = sys.argv[1], *map(int, sys.argv[2:])
head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Benchmark//EN\r\n"
event = ("BEGIN:VEVENT\r\nUID:flood\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260908T090000Z\r\n"
         "DTEND:20260908T100000Z\r\nSUMMARY:Flood\r\n")
with open(f"{work}/alarms.ics", "w", newline="") as out:
    out.write(head + event)
    for index in range(alarms):
        out.write(f"BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT{index % 1440}M\r\n"
                  f"DESCRIPTION:Reminder {index}\r\nEND:VALARM\r\n")
    out.write("END:VEVENT\r\nEND:VCALENDAR\r\n")
with open(f"{work}/calendar-properties.ics", "w", newline="") as out:
    out.write(head)
    for index in range(properties):
        out.write(f"X-FLOOD-{index % 100}:calendar property {index} with a value of some length"
                  f" to write back\r\n")
    out.write(event + "END:VEVENT\r\nEND:VCALENDAR\r\n")
with open(f"{work}/short-properties.ics", "w", newline="") as out:
    out.write(head + "".join(f"X-A:{index}\r\n" for index in range(10 * properties)))
    out.write(event + "END:VEVENT\r\nEND:VCALENDAR\r\n")

def record(index):
    day = 1 + index % 28
    hour = 8 + index % 9
    return {"uid": f"row-{index}@example.org", "title": f"Meeting {index}",
            "start": f"2026-09-{day:02}T{hour:02}:00", "end": f"2026-09-{day:02}T{hour:02}:45",
            "zone": "Europe/Berlin", "location": f"Room {index % 40}",
            "description": f"Agenda item {index}, second line"}

columns = ["uid", "title", "start", "end", "zone", "location", "description"]
for count, stem in ((rows, "records"), (1, "one-record")):
    items = [record(index) for index in range(count)]
    with open(f"{work}/{stem}.csv", "w", newline="") as out:
        out.write(",".join(columns) + "\r\n")
        for item in items:
            out.write(",".join(f'"{item[c]}"' if "," in item[c] else item[c] for c in columns)
                      + "\r\n")
    with open(f"{work}/{stem}.json", "w") as out:
        out.write("[\n" + ",\n".join(json.dumps(item) for item in items) + "\n]\n")
    with open(f"{work}/{stem}.ndjson", "w") as out:
        out.write("".join(json.dumps(item) + "\n" for item in items))
PY

measure() { # prints "seconds peak bytes" of a run of the command
    /usr/bin/time -f '%e %M' -o "$work/time.txt" "$@" >"$work/out" 2>/dev/null || true
    read -r seconds peak < <(tail -n 1 "$work/time.txt")
    echo "$seconds $peak $(wc -c <"$work/out")"
}
for input in alarms calendar-properties short-properties; do
    for format in ics jcal ndjson; do
        read -r seconds peak bytes < <(measure "$ics" convert "$work/$input.ics" -f "$format" -q)
        printf '%-23s | %-6s | %7s s | %8s KB | %9s bytes\n' "$input.ics" "$format" \
            "$seconds" "$peak" "$bytes"
    done
done
for format in csv json ndjson; do
    read -r _ empty _ < <(measure "$ics" convert "$work/one-record.$format" -f ics -q)
    read -r seconds peak bytes < <(measure "$ics" convert "$work/records.$format" -f ics -q)
    size=$(wc -c <"$work/records.$format")
    printf '%-23s | %-6s | %7s s | %8s KB | %9s bytes | one record %s KB | %s bytes a row, %s beyond the text\n' \
        "records.$format" ics "$seconds" "$peak" "$bytes" "$empty" \
        $(((peak - empty) * 1024 / rows)) $((((peak - empty) * 1024 - size) / rows))
done
