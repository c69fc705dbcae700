#!/usr/bin/env python3
"""Writes the hostile inputs of Fixtures/invalid/hostile/: files other tools wrote badly or that
someone built to break a parser. Each is deterministic; rerun to regenerate them.

    Scripts/generate_hostile_fixtures.py [FOLDER]    (default: Fixtures/invalid/hostile)
"""
import os
import sys

HEAD = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ChronoSketch//Hostile fixtures//EN\r\n"
TAIL = "END:VCALENDAR\r\n"


def event(uid, *lines, start="DTSTART:20260908T090000Z", end="DTEND:20260908T100000Z"):
    body = [f"BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260901T000000Z", f"SUMMARY:{uid}"]
    body += [line for line in (start, end) if line]
    body += list(lines)
    body.append("END:VEVENT")
    return "\r\n".join(body) + "\r\n"


def calendar(*events):
    return HEAD + "".join(events) + TAIL


def write(folder, name, data):
    path = os.path.join(folder, name)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(path, mode, **({} if mode == "wb" else {"newline": ""})) as handle:
        handle.write(data)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "Fixtures/invalid/hostile"
    os.makedirs(folder, exist_ok=True)

    # Bytes that are not UTF-8, and a NUL inside a value.
    good = event("good@hostile").encode()
    bad = event("bad-utf8@hostile", "DESCRIPTION:caf\xe9 au lait").encode("latin-1")
    nul = event("nul@hostile", "LOCATION:Room\x00 4").encode()
    write(folder, "invalid-utf8.ics", HEAD.encode() + good + bad + nul + TAIL.encode())

    # One content line of a megabyte, unfolded.
    write(folder, "long-line.ics", calendar(
        event("long-line@hostile", "DESCRIPTION:" + "x" * (1 << 20))))

    # A value folded over 100,000 continuation lines.
    folded = "DESCRIPTION:start" + "".join("\r\n word" for _ in range(100_000))
    write(folder, "continuation-lines.ics", calendar(event("folded@hostile", folded)))

    # Components nested 10,000 deep inside an event.
    depth = 10_000
    nest = "".join("BEGIN:X-NEST\r\n" for _ in range(depth)) + "".join(
        "END:X-NEST\r\n" for _ in range(depth))
    write(folder, "deep-nesting.ics", HEAD + event("nested@hostile").replace(
        "END:VEVENT\r\n", nest + "END:VEVENT\r\n") + event("after-nest@hostile") + TAIL)

    # END lines missing: an event never closed before the next begins, and no END:VCALENDAR.
    unclosed = event("unclosed@hostile").replace("END:VEVENT\r\n", "")
    write(folder, "missing-end.ics", HEAD + unclosed + event("next@hostile"))

    # Dates that do not exist.
    write(folder, "impossible-dates.ics", calendar(
        event("feb-30@hostile", start="DTSTART:20260230T090000Z", end=None),
        event("month-13@hostile", start="DTSTART;VALUE=DATE:20261301", end=None),
        event("year-0@hostile", start="DTSTART:00000101T090000Z", end=None),
        event("hour-25@hostile", start="DTSTART:20260908T250000Z", end=None),
        event("fine@hostile")))

    # Ends before starts, and durations out of all proportion.
    write(folder, "bad-ends.ics", calendar(
        event("end-before-start@hostile", end="DTEND:20260908T080000Z"),
        event("negative-duration@hostile", "DURATION:-PT1H", end=None),
        event("huge-duration@hostile", "DURATION:P99999999W", end=None),
        event("huge-seconds@hostile", "DURATION:PT9223372036854775807S", end=None)))

    # Recurrence bombs.
    write(folder, "recurrence-bombs.ics", calendar(
        event("secondly@hostile", "RRULE:FREQ=SECONDLY"),
        event("count-max@hostile", "RRULE:FREQ=DAILY;COUNT=2147483647"),
        event("interval-zero@hostile", "RRULE:FREQ=DAILY;INTERVAL=0;COUNT=5"),
        event("bysetpos@hostile", "RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=400"),
        event("never@hostile", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"),
        event("fine-series@hostile", "RRULE:FREQ=WEEKLY;COUNT=3")))

    # A series with 100,000 EXDATEs.
    exdates = "".join(
        f"EXDATE:{2026 + day // 365:04d}{(day % 365) // 28 % 12 + 1:02d}"
        f"{(day % 28) + 1:02d}T090000Z\r\n" for day in range(100_000))
    write(folder, "many-exdates.ics", HEAD + event(
        "exdates@hostile", "RRULE:FREQ=DAILY;COUNT=400").replace(
            "END:VEVENT\r\n", exdates + "END:VEVENT\r\n") + TAIL)

    # A time zone whose rules never end and change every day, used by an event far away.
    zone = (
        "BEGIN:VTIMEZONE\r\nTZID:Flicker\r\n"
        "BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0100\r\n"
        "TZOFFSETTO:+0000\r\nRRULE:FREQ=DAILY;INTERVAL=2\r\nEND:STANDARD\r\n"
        "BEGIN:DAYLIGHT\r\nDTSTART:19700102T000000\r\nTZOFFSETFROM:+0000\r\n"
        "TZOFFSETTO:+0100\r\nRRULE:FREQ=DAILY;INTERVAL=2\r\nEND:DAYLIGHT\r\n"
        "END:VTIMEZONE\r\n")
    write(folder, "endless-vtimezone.ics", HEAD + zone + event(
        "far@hostile", start="DTSTART;TZID=Flicker:29990608T090000",
        end="DTEND;TZID=Flicker:29990608T100000") + TAIL)

    # JSON with a calendar's name.
    write(folder, "json.ics", '{"vcalendar": [{"vevent": {"summary": "not iCalendar"}}]}\n')


if __name__ == "__main__":
    main()
