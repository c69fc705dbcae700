#!/usr/bin/env python3
"""The Python stack's version of `ics events --format ndjson`: read a calendar with
`icalendar`, expand every series with `recurring-ical-events` over the whole span of the
file (plus the two years `ics` expands open series to), and write one JSON line per
occurrence with the same core fields.

    python_events.py FILE.ics > out.ndjson
"""
import datetime as dt
import json
import sys

import icalendar
import recurring_ical_events


def text(value):
    if isinstance(value, dt.datetime):
        return value.strftime("%Y-%m-%dT%H:%M")
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def main(path):
    with open(path, "rb") as handle:
        calendar = icalendar.Calendar.from_ical(handle.read())
    starts = [c.decoded("DTSTART") for c in calendar.walk("VEVENT") if "DTSTART" in c]
    years = [s.year for s in starts] or [2000]
    query = recurring_ical_events.of(calendar)
    out = sys.stdout
    for event in query.between((min(years), 1, 1), (max(years) + 3, 1, 1)):
        start = event.decoded("DTSTART")
        end = event.decoded("DTEND") if "DTEND" in event else start
        out.write(json.dumps({
            "uid": str(event.get("UID")), "title": str(event.get("SUMMARY", "")),
            "start": text(start), "end": text(end),
        }, ensure_ascii=False))
        out.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
