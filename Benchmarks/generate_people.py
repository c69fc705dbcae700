#!/usr/bin/env python3
"""Writes one calendar export per person, as an organisation's Outlook would.

Every meeting is in the export of each person it names (organizer and attendees), with the
same UID in every copy and the owner's own PARTSTAT; a third of the meetings are weekly
series, some with an instance moved in one person's copy only. Times are on the clock of
Outlook's Windows zone name "W. Europe Standard Time" with its VTIMEZONE, as Outlook writes
them. Each person also has events of their own. The output is the same for the same seed.

    generate_people.py DIRECTORY [--people 300] [--meetings 3000] [--own 20] [--seed 20240101]
"""

import argparse
import os
import random

ZONE = "W. Europe Standard Time"
VTIMEZONE = [
    "BEGIN:VTIMEZONE", f"TZID:{ZONE}",
    "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
    "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
    "END:VTIMEZONE",
]


def stamp(day, minutes):
    return f"2026{9 + day // 30:02d}{1 + day % 30:02d}T{minutes // 60:02d}{minutes % 60:02d}00"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("--people", type=int, default=300)
    parser.add_argument("--meetings", type=int, default=3000)
    parser.add_argument("--own", type=int, default=20)
    parser.add_argument("--seed", type=int, default=20240101)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    os.makedirs(options.directory, exist_ok=True)
    people = [f"p{number:03d}" for number in range(options.people)]
    files = {person: [] for person in people}

    def event(uid, day, start, length, summary, extra):
        return [
            "BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260801T120000Z",
            f"DTSTART;TZID={ZONE}:{stamp(day, start)}",
            f"DTEND;TZID={ZONE}:{stamp(day, start + length)}",
            f"SUMMARY:{summary}", *extra, "END:VEVENT",
        ]

    for number in range(options.meetings):
        uid = f"{number:08X}-meeting@example.org"
        group = rng.sample(people, rng.randint(2, min(12, len(people))))
        organizer, attendees = group[0], group[1:]
        day = rng.randrange(56)
        start = rng.randrange(8 * 60, 17 * 60, 30)
        length = rng.choice([30, 30, 60, 60, 90])
        series = rng.random() < 1 / 3
        moved_for = rng.choice(attendees) if series and rng.random() < 0.3 else None
        answers = {
            person: rng.choices(["ACCEPTED", "TENTATIVE", "DECLINED"], [70, 15, 15])[0]
            for person in attendees
        }
        for owner in group:
            lines = [f"ORGANIZER;CN={organizer}:mailto:{organizer}@example.org"]
            for person in attendees:
                status = answers[person] if person == owner else "NEEDS-ACTION"
                lines.append(
                    f"ATTENDEE;CN={person};PARTSTAT={status}:mailto:{person}@example.org")
            if series:
                lines.append("RRULE:FREQ=WEEKLY;COUNT=6")
            files[owner] += event(uid, day, start, length, f"Meeting {number}", lines)
            if owner == moved_for:
                files[owner] += event(
                    uid, day + 7, min(start + 60, 18 * 60), length, f"Meeting {number} (moved)",
                    [f"RECURRENCE-ID;TZID={ZONE}:{stamp(day + 7, start)}"])

    for person in people:
        for number in range(options.own):
            day = rng.randrange(56)
            start = rng.randrange(7 * 60, 19 * 60, 15)
            files[person] += event(
                f"{person}-{number}@example.org", day, start, rng.choice([15, 30, 60]),
                f"{person} own {number}", [])

    for person, lines in files.items():
        calendar = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//generate_people//EN",
            "METHOD:PUBLISH", f"X-WR-CALNAME:{person}", *VTIMEZONE, *lines, "END:VCALENDAR",
        ]
        with open(os.path.join(options.directory, f"{person}.ics"), "w", newline="") as file:
            file.write("".join(line + "\r\n" for line in calendar))


if __name__ == "__main__":
    main()
