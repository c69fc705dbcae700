"""Writes N small calendars, one per person, and what `ics` must find in each.

Each calendar holds a daily stand-up (09:00-09:30 UTC, Monday to Friday 14-18 September
2026, one RRULE), a one-hour meeting on Tuesday at 14:00 UTC, and, for every third person,
a call on Monday 09:15-10:00 that overlaps the stand-up. So a person's busy time in that week
is 5 x 30 + 60 minutes, plus 30 for the call (its union with the stand-up runs 09:00-10:00),
and their conflicts are 1 or 0. The expectations go to expected.json beside the calendars.

Usage: calendars.py DIRECTORY N
"""
import json
import os
import sys


def calendar(person: int) -> str:
    lines = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//scale-out//EN",
        f"X-WR-CALNAME:person-{person:04d}",
        "BEGIN:VEVENT", f"UID:standup-{person}@scale.example", "DTSTAMP:20260901T000000Z",
        "DTSTART:20260914T090000Z", "DTEND:20260914T093000Z",
        "RRULE:FREQ=DAILY;COUNT=5", "SUMMARY:Stand-up", "END:VEVENT",
        "BEGIN:VEVENT", f"UID:meeting-{person}@scale.example", "DTSTAMP:20260901T000000Z",
        "DTSTART:20260915T140000Z", "DTEND:20260915T150000Z", "SUMMARY:Planning",
        "END:VEVENT",
    ]
    if person % 3 == 0:
        lines += [
            "BEGIN:VEVENT", f"UID:call-{person}@scale.example", "DTSTAMP:20260901T000000Z",
            "DTSTART:20260914T091500Z", "DTEND:20260914T100000Z", "SUMMARY:Customer call",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "\r\n".join(lines) + "\r\n"


def main() -> None:
    directory, count = sys.argv[1], int(sys.argv[2])
    os.makedirs(directory, exist_ok=True)
    expected = {}
    for person in range(count):
        path = os.path.join(directory, f"person-{person:04d}.ics")
        with open(path, "w", newline="") as file:
            file.write(calendar(person))
        overlapping = person % 3 == 0
        expected[f"person-{person:04d}"] = {
            "busyMinutes": 5 * 30 + 60 + (30 if overlapping else 0),
            "conflicts": 1 if overlapping else 0,
        }
    with open(os.path.join(directory, "expected.json"), "w") as file:
        json.dump(expected, file, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
