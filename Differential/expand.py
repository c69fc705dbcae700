#!/usr/bin/env python3
"""Expands calendars with python icalendar + recurring-ical-events, the way `ics events
--tz UTC --from 1990-01-01 --to 2031-01-01` lists them, one line per occurrence:

    uid <TAB> kind <TAB> start <TAB> end

kind is `date` (all-day), `floating` or `utc` (a UTC or zoned time, converted to UTC); times
are written YYYY-MM-DDTHH:MM:SS. Calendars with X-WR-TIMEZONE are read in that zone first
(x-wr-timezone), as `ics` does by default.

    expand.py LIST OUT.jsonl   # LIST: one path a line; OUT: one JSON object per file
"""
import datetime as dt
import json
import signal
import sys
import warnings

import icalendar
import recurring_ical_events
import x_wr_timezone

WINDOW = ((1990, 1, 1), (2031, 1, 1))
TIMEOUT = 10
MOST = 20000


class Timeout(Exception):
    pass


def alarm(signum, frame):
    raise Timeout()


def moment(value):
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            return "floating", value.strftime("%Y-%m-%dT%H:%M:%S")
        utc = value.astimezone(dt.timezone.utc)
        return "utc", utc.strftime("%Y-%m-%dT%H:%M:%S")
    return "date", value.isoformat()


def events(path):
    """Every occurrence of every VCALENDAR in the file. A VEVENT without DTSTART, which RFC
    5545 §3.6.1 requires and `ics` skips with an error, is left out here too, so that the
    rest of the calendar is still compared."""
    with open(path, "rb") as handle:
        calendars = icalendar.Calendar.from_ical(handle.read(), multiple=True)
    for calendar in calendars:
        calendar.subcomponents = [
            component for component in calendar.subcomponents
            if component.name != "VEVENT" or "DTSTART" in component
        ]
        calendar = x_wr_timezone.to_standard(calendar)
        yield from recurring_ical_events.of(calendar).between(*WINDOW)


def occurrences(path):
    lines = []
    for event in events(path):
        start = event.decoded("DTSTART")
        if "DTEND" in event:
            end = event.decoded("DTEND")
        elif "DURATION" in event:
            end = start + event.decoded("DURATION")
        elif isinstance(start, dt.datetime):
            end = start
        else:
            end = start + dt.timedelta(days=1)
        kind, first = moment(start)
        _, last = moment(end)
        lines.append("\t".join([str(event.get("UID", "")), kind, first, last]))
        if len(lines) > MOST:
            return "too many", []
    return "ok", sorted(lines)


def main(listing, output):
    warnings.simplefilter("ignore")
    signal.signal(signal.SIGALRM, alarm)
    with open(listing) as paths, open(output, "w") as out:
        for path in (line.rstrip("\n") for line in paths):
            signal.alarm(TIMEOUT)
            try:
                status, lines = occurrences(path)
            except Timeout:
                status, lines = "timeout", []
            except Exception as error:  # a file python cannot read is a result too
                status, lines = "error: %s: %s" % (type(error).__name__, str(error)[:100]), []
            finally:
                signal.alarm(0)
            out.write(json.dumps({"file": path, "status": status, "lines": lines}) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
