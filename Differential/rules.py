#!/usr/bin/env python3
"""The random-rule differential: a seeded generator of RRULEs, each expanded by `ics events` and
by python-dateutil (pinned in requirements.txt), compared instance by instance in UTC.

The rules cover every frequency from SECONDLY to YEARLY; every BY part (BYSECOND, BYMINUTE,
BYHOUR, BYDAY with and without ordinals, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, BYSETPOS)
and WKST, alone and combined; INTERVAL from 2 to 4 and sometimes up to 10^6 (log-uniform);
COUNT or UNTIL (few instances for sub-daily rules); DATE and date-time DTSTARTs, floating or
zoned. Besides DTSTARTs of the 2020s, some are in far years (2500 to 9990) and some rules run
to the end of 9999 (an UNTIL of 9999-12-31, or a COUNT that passes it: dateutil's datetime
stops with 9999, and its list is what it gave before). Zoned DTSTARTs are in zones that change
their offset (Lord Howe by half an hour; Chatham, St John's and Tehran, which stopped in
2022, at odd offsets), and half of them are placed to cross a change: at the wall-clock time
of a spring-forward gap or a fall-back overlap, a few seconds, minutes, hours, days, weeks,
months or years before it. About 5 % of the rules use a part where RFC 5545 §3.3.10 forbids
it (an ordinal BYDAY outside MONTHLY and YEARLY, BYWEEKNO outside YEARLY, BYYEARDAY in DAILY,
WEEKLY or MONTHLY, BYMONTHDAY in WEEKLY), which ics reads as dateutil does: the ordinal left
out, the other parts as limits. (An ordinal BYDAY with BYWEEKNO, forbidden in YEARLY rules,
which ics reads as the weekday alone and dateutil otherwise, is not generated.) An instance
whose end would pass 9999-12-31 (an all-day one on that day, a timed one of a minute in its
last minute) has no end ics can write: ics says so ("Out of range … skipped") and it is not
compared.

A wall-clock time in a gap or an overlap is read with the offset before the change (RFC 5545
§3.3.5; zoneinfo's fold 0), for dateutil's instances and DTSTART alike. A zoned UNTIL is
written in UTC, and dateutil, which compares wall-clock times as libical does, is given that
UTC time read back into the zone (an UNTIL in a gap moves forward by the gap). An instance read
forward out of a gap can come after later ones in UTC, so the lists are cut at LIMIT
instances in wall-clock order and then compared sorted. A sub-daily rule whose INTERVAL never
reaches its BYSECOND, BYMINUTE or BYHOUR values (dateutil: "empty set") has DTSTART alone.

dateutil and RFC 5545 differ on one point, which the comparison applies to dateutil's list
before comparing: RFC 5545 §3.3.10 says "The DTSTART property value always counts as the
first occurrence", so where DTSTART is not an instance of its rule the set is DTSTART and
then the rule's first COUNT-1 instances (all of them with UNTIL); dateutil leaves DTSTART out
and gives COUNT instances of the rule.

Every other difference must fall in a class of Differential/rule-differences.tsv (a class
name, the rule parts that make it, joined by `+`: `PART` for one it has, `!PART` for one it
lacks, `PART=PATTERN` for one with a value that matches an fnmatch pattern, as `FREQ=YEARLY`
or `BYWEEKNO=-*`; and why); a difference of no class fails the run. A rule dateutil cannot
expand (an error, or not done within half a second of CPU time) is not compared.

    rules.py ICS SEED COUNT WORKDIR
"""
import datetime as dt
import fnmatch
import functools
import json
import math
import random
import signal
import subprocess
import sys
import zoneinfo

from dateutil import rrule as du

WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
FREQUENCIES = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "DAILY", "WEEKLY", "WEEKLY",
               "MONTHLY", "MONTHLY", "YEARLY", "YEARLY"]
SUB_DAILY = ("SECONDLY", "MINUTELY", "HOURLY")
ZONES = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago",
         "Pacific/Chatham", "Asia/Tehran", "Europe/London", "America/St_Johns",
         "Australia/Lord_Howe"]
# One step of each frequency, roughly, in seconds.
UNIT = {"SECONDLY": 1, "MINUTELY": 60, "HOURLY": 3600, "DAILY": 86400, "WEEKLY": 7 * 86400,
        "MONTHLY": 30.44 * 86400, "YEARLY": 365.25 * 86400}
# How far an UNTIL goes, in steps of the frequency (times INTERVAL).
SPAN = {"SECONDLY": 600, "MINUTELY": 600, "HOURLY": 72, "DAILY": 90, "WEEKLY": 28,
        "MONTHLY": 30, "YEARLY": 7}
END = dt.datetime(9999, 12, 31, 23, 59, 59)
# dateutil's instances compared, and how long it may take for one rule (CPU seconds).
LIMIT, SECONDS = 2000, 0.5


def values(rng, pool, most):
    return ",".join(str(v) for v in rng.sample(pool, rng.randint(1, most)))


def interval(rng):
    chance = rng.random()
    if chance < 0.12:
        return min(10 ** 6, max(2, round(math.exp(rng.uniform(math.log(2), math.log(10 ** 6))))))
    return rng.randint(2, 4) if chance < 0.4 else 1


@functools.lru_cache(maxsize=None)
def changes(zone, year):
    """The offset changes of `zone` in `year`: (UTC instant, offset before, offset after)."""
    rules, utc = zoneinfo.ZoneInfo(zone), dt.timezone.utc
    first = dt.datetime(year, 1, 1, tzinfo=utc)
    found, before = [], first.astimezone(rules).utcoffset()
    for day in range(1, 366):
        moment = first + dt.timedelta(days=day)
        after = moment.astimezone(rules).utcoffset()
        if after != before:
            low, high = moment - dt.timedelta(days=1), moment
            while high - low > dt.timedelta(seconds=1):
                middle = low + (high - low) / 2
                if middle.astimezone(rules).utcoffset() == before:
                    low = middle
                else:
                    high = middle
            found.append((high.replace(tzinfo=None), before, after))
            before = after
    return found


def near_change(rng, freq, start, zone):
    """DTSTART moved to cross a change of `zone`'s offset: the wall-clock time of the change's
    gap or overlap, a few steps of `freq` before it."""
    years = [start.year] + [y for y in (2021, 2022, 2025, 2026) if y != start.year]
    found = next((changes(zone, y) for y in years if changes(zone, y)), None)
    if not found:
        return start
    moment, before, after = rng.choice(found)
    low = moment + min(before, after)  # the gap or overlap, in wall-clock time
    wall = low + abs(after - before) * rng.random()
    wall = wall.replace(microsecond=0, second=wall.second if freq in SUB_DAILY else 0)
    if freq == "SECONDLY":
        return wall - dt.timedelta(seconds=rng.randint(0, 120))
    if freq == "MINUTELY":
        return wall - dt.timedelta(minutes=rng.randint(0, 90))
    if freq == "HOURLY":
        return wall - dt.timedelta(hours=rng.randint(0, 5))
    if freq == "DAILY":
        return wall - dt.timedelta(days=rng.randint(0, 6))
    if freq == "WEEKLY":
        return wall - dt.timedelta(weeks=rng.randint(0, 3))
    back = rng.randint(0, 3 if freq == "MONTHLY" else 1)
    try:
        if freq == "MONTHLY":
            return wall.replace(year=wall.year - (back >= wall.month), month=(wall.month - 1 - back) % 12 + 1)
        return wall.replace(year=wall.year - back)
    except ValueError:  # no such day in that month
        return wall


def generate(rng):
    """One rule, its DTSTART (a date or a date-time) and the zone of a zoned DTSTART."""
    freq = rng.choice(FREQUENCIES)
    sub = freq in SUB_DAILY
    is_date = not sub and rng.random() < 0.25
    every = interval(rng)
    era = rng.random()
    to_end = era < 0.06
    if to_end:
        # A few steps before the end of 9999, or as near as INTERVAL lets.
        back = dt.timedelta(seconds=min(UNIT[freq] * every * rng.uniform(0.3, 12), 7900 * 365 * 86400))
        start = END - back
    elif era < 0.15:
        start = dt.datetime(rng.choice([rng.randint(2500, 2700), rng.randint(2700, 9990)]),
                            rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59))
    else:
        start = dt.datetime(rng.randint(2020, 2027), rng.randint(1, 12), rng.randint(1, 28),
                            rng.randint(0, 23), rng.choice([0, 15, 30, rng.randint(0, 59)]))
    second = rng.randint(0, 59) if rng.random() < (0.5 if sub else 0.1) else 0
    start = start.replace(second=second, microsecond=0)
    if is_date:
        start = start.replace(hour=0, minute=0, second=0)
    zone = None if is_date or to_end or rng.random() < 0.55 else rng.choice(ZONES)
    if zone and every <= 4 and rng.random() < 0.5:
        start = near_change(rng, freq, start, zone)

    # About 5 % of the rules (6 % of those not YEARLY) use a part where RFC 5545 forbids it.
    forbidden = None
    if freq != "YEARLY" and rng.random() < 0.06:
        kinds = ([] if freq == "MONTHLY" else ["ordinal"]) + ["BYWEEKNO"]
        kinds += ["BYYEARDAY"] if freq in ("DAILY", "WEEKLY", "MONTHLY") else []
        kinds += ["BYMONTHDAY"] if freq == "WEEKLY" else []
        forbidden = rng.choice(kinds)
    parts = [f"FREQ={freq}"]
    if every > 1:
        parts.append(f"INTERVAL={every}")
    if rng.random() < (0.15 if sub else 0.3 if freq in ("MONTHLY", "YEARLY") else 0.2):
        parts.append("BYMONTH=" + ",".join(str(m) for m in sorted(rng.sample(range(1, 13), rng.randint(1, 4)))))
    weeks = (freq == "YEARLY" and rng.random() < 0.25) or forbidden == "BYWEEKNO"
    if weeks:
        parts.append("BYWEEKNO=" + values(rng, [1, 2, 3, 10, 20, 26, 52, 53, -1, -2, -53,
                                                rng.randint(-53, 53) or 1], 3))
    if (freq in SUB_DAILY + ("YEARLY",) and rng.random() < 0.12) or forbidden == "BYYEARDAY":
        parts.append("BYYEARDAY=" + values(rng, [1, 2, 32, 59, 60, 100, 200, 365, 366, -1, -2,
                                                 -10, -100, -365, -366, rng.randint(1, 366)], 3))
    if (freq != "WEEKLY" and rng.random() < (0.15 if sub else 0.35)) or forbidden == "BYMONTHDAY":
        parts.append("BYMONTHDAY=" + values(rng, [d for d in range(-31, 32) if d != 0]
                                            if rng.random() < 0.3 else
                                            [d for d in range(-5, 29) if d != 0], 4))
    if rng.random() < 0.45 or forbidden == "ordinal":
        names = rng.sample(WEEKDAYS, rng.randint(1, 5))
        # Not with BYWEEKNO: RFC 5545 forbids it with YEARLY rules, and ics gives it no reading.
        ordinal = forbidden == "ordinal" or (freq in ("MONTHLY", "YEARLY") and not weeks and rng.random() < 0.4)
        if ordinal:
            limit = 5 if freq == "MONTHLY" else 53
            names = [f"{rng.choice([-1, 1, 2, rng.randint(-limit, limit) or 1])}{n}" for n in names]
        parts.append("BYDAY=" + ",".join(names))
    if not is_date:
        if rng.random() < 0.25:
            parts.append("BYHOUR=" + ",".join(str(h) for h in sorted(rng.sample(range(0, 24), rng.randint(1, 3)))))
        if rng.random() < (0.3 if freq in ("SECONDLY", "MINUTELY") else 0.15):
            pool = list(range(60)) if rng.random() < 0.5 else [0, 10, 20, 30, 45]
            parts.append("BYMINUTE=" + ",".join(str(m) for m in sorted(rng.sample(pool, rng.randint(1, 3)))))
        if rng.random() < (0.3 if freq in ("SECONDLY", "MINUTELY") else 0.1):
            pool = list(range(60)) if rng.random() < 0.5 else [0, 15, 30, 59]
            parts.append("BYSECOND=" + ",".join(str(s) for s in sorted(rng.sample(pool, rng.randint(1, 3)))))
    if rng.random() < 0.2 and any(p.startswith("BY") for p in parts):
        pool = [1, 2, 3, -1, -2]
        if freq in SUB_DAILY + ("DAILY",):
            # The set of one interval holds one day at most: as many instances as the BY parts
            # of smaller units give (mostly; sometimes a position beyond them).
            finer = ["BYHOUR", "BYMINUTE", "BYSECOND"][["DAILY", "HOURLY", "MINUTELY", "SECONDLY"].index(freq):]
            size = math.prod(len(p.split(",")) for p in parts if p.split("=")[0] in finer)
            pool = [n for k in range(1, size + 1) for n in (k, -k)]
        parts.append("BYSETPOS=" + values(rng, pool + [rng.randint(-10, 10) or 4], 2))
    if rng.random() < 0.2:
        parts.append(f"WKST={rng.choice(WEEKDAYS)}")
    if to_end and rng.random() < 0.5:
        parts.append("UNTIL=" + ("99991231" if is_date else "99991231T235959"))
    elif rng.random() < 0.6 or to_end:
        parts.append(f"COUNT={rng.randint(5, 40) if to_end else rng.randint(1, 10 if sub else 12)}")
    else:
        reach = rng.randint(1, SPAN[freq]) * UNIT[freq] * every
        last = END - dt.timedelta(days=2) if zone else END
        until = start + dt.timedelta(seconds=reach) if reach < (last - start).total_seconds() else last
        if zone:
            # UNTIL is written in UTC, and read back into the zone for dateutil, which compares
            # wall-clock times: a time in a gap becomes the time of the new offset.
            until = in_zone(in_utc(until, zone), zone)
        parts.append("UNTIL=" + (until.strftime("%Y%m%d") if is_date else until.strftime("%Y%m%dT%H%M%S")))
    rng.shuffle(parts)
    return ";".join(parts), start, is_date, zone


def in_utc(moment, zone):
    """A wall-clock time of `zone` in UTC: a time in a gap or an overlap read with the offset
    before the change, as RFC 5545 §3.3.5 reads both (zoneinfo's fold 0 does: 02:30 on a night
    the clocks go from 02:00 to 03:00 is 03:30 of the new offset)."""
    if zone is None:
        return moment
    aware = moment.replace(tzinfo=zoneinfo.ZoneInfo(zone), fold=0)
    return aware.astimezone(dt.timezone.utc).replace(tzinfo=None)


def in_zone(moment, zone):
    """A UTC time as the wall-clock time of `zone`."""
    aware = moment.replace(tzinfo=dt.timezone.utc).astimezone(zoneinfo.ZoneInfo(zone))
    return aware.replace(tzinfo=None, fold=0)


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
    """As `ics events` writes a start: a date, or a time with seconds only when they are not 0."""
    if is_date:
        return moment.strftime("%Y-%m-%d")
    return moment.strftime("%Y-%m-%dT%H:%M:%S" if moment.second else "%Y-%m-%dT%H:%M")


class Timeout(Exception):
    pass


def alarm(signum, frame):
    raise Timeout()


def expected(rule, start, is_date, zone):
    """dateutil's instances (wall-clock times, in UTC for a zoned DTSTART), with DTSTART
    counted first as RFC 5545 §3.3.10 says, in the order of their wall-clock times."""
    try:
        recurrence = du.rrulestr(rule, dtstart=start)
    except ValueError as error:
        # A BYHOUR of HOURLY, BYMINUTE of MINUTELY or BYSECOND of SECONDLY rule that its
        # INTERVAL never reaches from DTSTART: no instance but DTSTART.
        if "empty set" not in str(error):
            raise
        recurrence = []
    listed = []
    signal.setitimer(signal.ITIMER_VIRTUAL, SECONDS)
    try:
        for moment in recurrence:
            listed.append(moment)
            if len(listed) == LIMIT:
                break
    except (OverflowError, ValueError) as error:
        # dateutil's datetime ends with 9999: what it gave before is the whole set.
        if "out of range" not in str(error):
            raise
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    if not listed or listed[0] != start:
        count = next((int(p[6:]) for p in rule.split(";") if p.startswith("COUNT=")), None)
        listed = [start] + (listed[:count - 1] if count else listed)
    # The last start whose end (a day, or a minute) is still in 9999.
    last = dt.datetime(9999, 12, 30) if is_date else dt.datetime(9999, 12, 31, 23, 58, 59)
    return [text(in_utc(m, zone), is_date) for m in listed if m <= last]


def load_classes(path="Differential/rule-differences.tsv"):
    classes = []
    with open(path) as table:
        for line in table:
            if line.strip() and not line.startswith("#"):
                name, part, why = line.rstrip("\n").split("\t")
                classes.append((name, part))
    return classes


def build(seed, count, work):
    """The calendar of `count` rules of `seed` (written to WORK/rules-SEED.ics) and, by UID,
    each rule compared: (rule, DTSTART, is it a date, zone, dateutil's list)."""
    signal.signal(signal.SIGVTALRM, alarm)
    rng = random.Random(seed)
    cases = {}
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ChronoSketch//Rule differential//EN"]
    for index in range(count):
        rule, start, is_date, zone = generate(rng)
        uid = f"rule-{index}"
        try:
            cases[uid] = (rule, start, is_date, zone, expected(rule, start, is_date, zone))
        except Exception:
            # dateutil cannot expand it (an error, or not done within SECONDS): not compared.
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
    return cases, path


def listing(ics, path):
    """`ics events`' starts (in UTC) by UID, in the order of their wall-clock times (their
    RECURRENCE-IDs), and its stderr."""
    run = subprocess.run([ics, "events", path, "--tz", "UTC", "--format", "ndjson",
                          "--max-instances", "5000"], capture_output=True, text=True)
    listed = {}
    for line in run.stdout.splitlines():
        record = json.loads(line)
        listed.setdefault(record["uid"], []).append((record["recurrenceId"] or record["start"], record["start"]))
    return {uid: [start for _, start in sorted(starts)] for uid, starts in listed.items()}, run.stderr


def matches(rule, need):
    """Whether `rule` has every part `need` names, joined by `+`: NAME (the part is there),
    !NAME (it is not), NAME=PATTERN (one of the part's comma-separated values matches the
    fnmatch PATTERN, as BYWEEKNO=-* for a negative week number)."""
    parts = dict(part.split("=", 1) for part in rule.split(";"))
    for term in need.split("+"):
        name, _, pattern = term.partition("=")
        if name.startswith("!"):
            found = name[1:] not in parts
        elif pattern:
            found = any(fnmatch.fnmatchcase(v, pattern) for v in parts.get(name, "").split(","))
        else:
            found = name in parts
        if not found:
            return False
    return True


def compare(cases, listed, classes):
    """By class the rules that differ, and those of no class: (uid, ics's list, dateutil's)."""
    explained, unexplained = {}, []
    for uid, (rule, start, is_date, zone, want) in cases.items():
        # dateutil's list is cut at LIMIT instances (by wall-clock time): what follows is not
        # compared. A wall-clock time read forward out of a gap may come after the next ones
        # in UTC: the lists are compared sorted.
        got, want = sorted(listed.get(uid, [])[:LIMIT]), sorted(want[:LIMIT])
        if got == want:
            continue
        name = next((n for n, need in classes if matches(rule, need)), None)
        if name:
            explained.setdefault(name, []).append(uid)
        else:
            unexplained.append((uid, got, want))
    return explained, unexplained


def describe(case, got, want):
    rule, start, is_date, zone, _ = case
    first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    return (f"  {rule} from {text(start, is_date)}{f' {zone}' if zone else ''}: "
            f"ics {got[first:first + 3]}, dateutil {want[first:first + 3]} "
            f"(at {first}; {len(got)} and {len(want)})")


def main():
    ics, seed, count, work = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    cases, path = build(seed, count, work)
    listed, _ = listing(ics, path)
    explained, unexplained = compare(cases, listed, load_classes())
    agree = len(cases) - len(unexplained) - sum(len(u) for u in explained.values())
    classes_seen = "".join(f", {len(u)} explained ({name})" for name, u in sorted(explained.items()))
    print(f"rule differential (seed {seed}): {len(cases)} rules, {agree} agree{classes_seen}"
          + (f"; {len(unexplained)} unexplained" if unexplained else ""))
    for uid, got, want in unexplained[:40]:
        print(describe(cases[uid], got, want))
    sys.exit(1 if unexplained else 0)


if __name__ == "__main__":
    main()
