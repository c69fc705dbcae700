#!/usr/bin/env python3
"""The random-rule differential: a seeded generator of RRULEs (every frequency from HOURLY to
YEARLY, BY parts and their combinations, BYSETPOS, INTERVAL, COUNT or UNTIL, WKST, DATE and
date-time DTSTARTs, floating or zoned), each expanded by `ics events` and by python-dateutil
(pinned in requirements.txt), compared instance by instance in UTC.

dateutil and RFC 5545 differ on one point, which the comparison applies to dateutil's list
before comparing: RFC 5545 §3.3.10 says "The DTSTART property value always counts as the
first occurrence", so where DTSTART is not an instance of its rule the set is DTSTART and
then the rule's first COUNT-1 instances (all of them with UNTIL); dateutil leaves DTSTART out
and gives COUNT instances of the rule.

Every other difference must fall in a class of Differential/rule-differences.tsv (a class
name, the rule parts that make it, joined by `+`, `!PART` for one it lacks, and why); a difference of no class fails
the run.

    rules.py ICS SEED COUNT WORKDIR
"""
import datetime as dt
import json
import zoneinfo
import itertools
import random
import signal
import subprocess
import sys

from dateutil import rrule as du

WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
ZONES = ["Europe/Berlin", "America/New_York", "Australia/Sydney"]


def generate(rng):
    """One rule, its DTSTART (a date or a date-time) and the zone of a zoned DTSTART."""
    freq = rng.choice(["HOURLY", "DAILY", "DAILY", "WEEKLY", "WEEKLY", "MONTHLY", "MONTHLY", "YEARLY"])
    is_date = freq != "HOURLY" and rng.random() < 0.3
    start = dt.datetime(rng.randint(2020, 2027), rng.randint(1, 12), rng.randint(1, 28),
                        0 if is_date else rng.randint(0, 23), 0 if is_date else rng.choice([0, 15, 30]))
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.4:
        parts.append(f"INTERVAL={rng.randint(2, 4)}")
    if freq in ("MONTHLY", "YEARLY") and rng.random() < 0.4:
        parts.append("BYMONTH=" + ",".join(str(m) for m in sorted(rng.sample(range(1, 13), rng.randint(1, 4)))))
    if freq in ("DAILY", "MONTHLY", "YEARLY") and rng.random() < 0.35:
        days = rng.sample([d for d in range(-5, 29) if d != 0], rng.randint(1, 4))
        parts.append("BYMONTHDAY=" + ",".join(str(d) for d in days))
    if freq in ("DAILY", "YEARLY") and rng.random() < 0.12:
        days = rng.sample([1, 2, 32, 60, 100, 200, 365, 366, -1, -2, -10, -100, -366], rng.randint(1, 3))
        parts.append("BYYEARDAY=" + ",".join(str(d) for d in days))
    weeks = freq == "YEARLY" and rng.random() < 0.3
    if weeks:
        numbers = rng.sample([1, 2, 3, 10, 20, 26, 52, 53, -1, -2, -53], rng.randint(1, 3))
        parts.append("BYWEEKNO=" + ",".join(str(n) for n in numbers))
    if rng.random() < 0.45:
        names = rng.sample(WEEKDAYS, rng.randint(1, 5))
        if freq in ("MONTHLY", "YEARLY") and rng.random() < 0.4 and not weeks \
                and not any(p.startswith(("BYMONTHDAY", "BYYEARDAY")) for p in parts):
            limit = 4 if freq == "MONTHLY" else 40
            names = [f"{rng.choice([-1, 1, 2, rng.randint(-limit, limit) or 1])}{n}" for n in names]
        parts.append("BYDAY=" + ",".join(names))
    if not is_date and freq != "HOURLY" and rng.random() < 0.25:
        parts.append("BYHOUR=" + ",".join(str(h) for h in sorted(rng.sample(range(0, 24), rng.randint(1, 3)))))
    if not is_date and rng.random() < 0.15:
        parts.append("BYMINUTE=" + ",".join(str(m) for m in sorted(rng.sample([0, 10, 20, 30, 45], rng.randint(1, 3)))))
    if freq != "HOURLY" and rng.random() < 0.2 and len(parts) > 1:
        parts.append("BYSETPOS=" + ",".join(str(p) for p in rng.sample([1, 2, 3, -1, -2], rng.randint(1, 2))))
    if rng.random() < 0.2:
        parts.append(f"WKST={rng.choice(WEEKDAYS)}")
    zone = None if is_date or rng.random() < 0.6 else rng.choice(ZONES)
    if rng.random() < 0.6:
        parts.append(f"COUNT={rng.randint(1, 12)}")
    else:
        span = {"HOURLY": 3, "DAILY": 90, "WEEKLY": 200, "MONTHLY": 900, "YEARLY": 2500}[freq]
        until = start + dt.timedelta(days=rng.randint(1, span))
        parts.append("UNTIL=" + (until.strftime("%Y%m%d") if is_date else until.strftime("%Y%m%dT%H%M%S")))
    rng.shuffle(parts)
    return ";".join(parts), start, is_date, zone


def in_utc(moment, zone):
    """A wall-clock time of `zone` in UTC: a time in a gap or an overlap read with the offset
    before the change (fold 0), as RFC 5545 §3.3.5 reads both."""
    if zone is None:
        return moment
    aware = moment.replace(tzinfo=zoneinfo.ZoneInfo(zone))
    return aware.astimezone(dt.timezone.utc).replace(tzinfo=None)


def written(rule, zone):
    """The rule as the calendar holds it: with a zoned DTSTART, UNTIL in UTC (§3.3.10)."""
    if zone is None:
        return rule
    parts = []
    for part in rule.split(";"):
        if part.startswith("UNTIL="):
            until = in_utc(dt.datetime.strptime(part[6:], "%Y%m%dT%H%M%S"), zone)
            part = "UNTIL=" + until.strftime("%Y%m%dT%H%M%SZ")
        parts.append(part)
    return ";".join(parts)


def text(moment, is_date):
    return moment.strftime("%Y-%m-%d") if is_date else moment.strftime("%Y-%m-%dT%H:%M")


class Timeout(Exception):
    pass


def alarm(signum, frame):
    raise Timeout()


def expected(rule, start, is_date, zone):
    """dateutil's instances (wall-clock times, in UTC for a zoned DTSTART), with DTSTART
    counted first as RFC 5545 §3.3.10 says."""
    signal.alarm(2)
    try:
        listed = list(itertools.islice(du.rrulestr(rule, dtstart=start), 2000))
    finally:
        signal.alarm(0)
    if not listed or listed[0] != start:
        listed = [start] + (listed[:-1] if "COUNT=" in rule else listed)
    return [text(in_utc(m, zone), is_date) for m in listed]


def main():
    ics, seed, count, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    classes = []
    with open("Differential/rule-differences.tsv") as table:
        for line in table:
            if line.strip() and not line.startswith("#"):
                name, part, why = line.rstrip("\n").split("\t")
                classes.append((name, part))
    signal.signal(signal.SIGALRM, alarm)
    rng = random.Random(seed)
    cases = {}
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//Rule differential//EN"]
    for index in range(count):
        rule, start, is_date, zone = generate(rng)
        uid = f"rule-{index}"
        try:
            cases[uid] = (rule, start, is_date, expected(rule, start, is_date, zone))
        except Exception:
            # dateutil cannot expand it (an error, or no instance within 2 s): not compared.
            continue
        value = start.strftime("%Y%m%d") if is_date else start.strftime("%Y%m%dT%H%M%S")
        lines += ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20240101T000000Z",
                  f"DTSTART{';VALUE=DATE' if is_date else f';TZID={zone}' if zone else ''}:{value}",
                  f"RRULE:{written(rule, zone)}"]
        lines += [] if is_date else ["DURATION:PT1M"]
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    path = f"{work}/rules-{seed}.ics"
    with open(path, "w") as out:
        out.write("\r\n".join(lines) + "\r\n")
    run = subprocess.run([ics, "events", path, "--tz", "UTC", "--format", "ndjson", "--quiet",
                          "--max-instances", "5000"], capture_output=True, text=True)
    listed = {}
    for line in run.stdout.splitlines():
        record = json.loads(line)
        listed.setdefault(record["uid"], []).append(record["start"])
    explained, unexplained = {}, []
    for uid, (rule, start, is_date, want) in cases.items():
        got = listed.get(uid, [])
        # dateutil's list is cut at 2,000 instances: what follows is not compared.
        got, want = got[:2000], want[:2000]
        if got == want:
            continue
        parts = rule.split(";")
        def has(need):
            if need.startswith("!"):
                return not any(p.startswith(need[1:] + "=") for p in parts)
            return need in parts or need in rule
        name = next((n for n, need in classes if all(has(p) for p in need.split("+"))), None)
        if name:
            explained[name] = explained.get(name, 0) + 1
        else:
            first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
            unexplained.append(f"  {rule} from {text(start, is_date)}: ics {got[first:first + 3]}, "
                               f"dateutil {want[first:first + 3]} (at {first}; {len(got)} and {len(want)})")
    agree = len(cases) - len(unexplained) - sum(explained.values())
    classes_seen = "".join(f", {c} explained ({name})" for name, c in sorted(explained.items()))
    print(f"rule differential (seed {seed}): {len(cases)} rules, {agree} agree{classes_seen}"
          + (f"; {len(unexplained)} unexplained" if unexplained else ""))
    for line in unexplained[:40]:
        print(line)
    sys.exit(1 if unexplained else 0)


if __name__ == "__main__":
    main()
