#!/usr/bin/env python3
"""Turn ical4j's recurrence expectations into the block format of libical's
icalrecur_test.txt.  Usage:
    convert_ical4j.py RecurSpec.groovy VEventRecurrenceParametrizedTest.groovy > ical4j-recur.txt

RecurSpec.groovy: every `where:` table of a feature method that compares
`recur.getDates(start, end)` with a list of dates.  getDates(start, end) takes `start` as
the seed (DTSTART) and lists the rule's instances from it up to `end` inclusive, leaving the
seed out when it is not an instance and counting COUNT in instances, so the list is the
rule's whole set when COUNT or UNTIL ends it inside the window, and otherwise its first N
(written FIRST:N).  A few feature methods built with Recur.Builder are written out by hand
below, each with its line.  VEventRecurrenceParametrizedTest.groovy: the rows whose EXDATE,
if any, removes nothing from the expected list; the starts of the expected periods.
Skipped methods and rows go to stderr with why."""
import ast
import re
import sys

from recurrence_blocks import emit

RANGE = '(1..31).collect { format("200001%02d", it)}'

# How each RecurSpec feature method turns a table row into (rule, start, end, expected).
METHODS = {
    "verify recurrence rule: #rule": lambda r: (r["rule"], r["start"], r["end"], r["expected"]),
    "verify byweekno recurrence rules without byday: #rule wkst: #wkst": lambda r: (
        "FREQ=YEARLY;BYWEEKNO=%s;WKST=%s" % (r["rule"], r["wkst"]), r["start"], r["end"],
        r["expected"]),
    "verify byweekno recurrence rules: #rule wkst: #wkst byday: #byday": lambda r: (
        "FREQ=YEARLY;BYWEEKNO=%s;WKST=%s;BYDAY=%s" % (r["rule"], r["wkst"], r["byday"]),
        r["start"], r["end"], r["expected"]),
    "verify monthly bymonthday recurrence rules: #rule #year": lambda r: (
        "FREQ=MONTHLY;BYMONTHDAY=" + r["rule"], r["year"] + r["start"], r["year"] + r["end"],
        [r["year"] + e for e in r["expected"]]),
    "verify yearly bymonthday recurrence rules: #rule #start": lambda r: (
        "FREQ=YEARLY;BYMONTHDAY=" + r["rule"], r["start"], r["end"], r["expected"]),
    "verify byyearday recurrence rules: #rule": lambda r: (
        "FREQ=YEARLY;BYYEARDAY=" + r["rule"], r["start"], r["end"], r["expected"]),
    "verify recurrence rule in different locales: #rule": lambda r: (
        r["rule"], r["start"], r["end"], r["expected"]),
    "verify recurrence rule in different system timezones: #systemTimezone": lambda r: (
        r["rule"], r["start"], r["end"], r["expected"]),
    "verify recurrence rule with a specified interval: #rule": lambda r: (
        r["rule"], r["start"], r["end"], r["expected"]),
    "verify recurrence rule with a specified WKST: #rule": lambda r: (
        r["rule"], r["start"], r["end"], r["expected"]),
    "verify recurrence rule in different locales with a specified interval: #rule": lambda r: (
        r["rule"], r["start"], r["end"], r["expected"]),
}

# Feature methods that build the rule with Recur.Builder or call getDates otherwise:
# (method, rule as ical4j writes it, DTSTART, START-AT, expected, FIRST, note).
BY_HAND = [
    ("test BYDAY with MINUTELY precision",
     "FREQ=DAILY;UNTIL=20220519T165900;INTERVAL=1;BYDAY=MO;BYHOUR=16;BYMINUTE=37,38",
     "20220505T143700", None,
     ["20220509T163700", "20220509T163800", "20220516T163700", "20220516T163800"], None,
     "getDates(20220505T143700, 20220519T145900); no Monday falls between the window's end "
     "and UNTIL"),
    ("test unlike temporals", "FREQ=YEARLY;INTERVAL=2;UNTIL=20230101",
     "20200101T000000", None, ["20200101T000000", "20220101T000000"], None,
     "date-time seed 2020-01-01T00:00 with a DATE UNTIL"),
    ("test getdates as stream for a large date range",
     "FREQ=DAILY;UNTIL=20520519T165900;INTERVAL=1;BYDAY=MO;BYHOUR=16;BYMINUTE=37,38",
     "20220505T143700", "20520101T000000",
     [d + t for d in ["20520101", "20520108", "20520115", "20520122", "20520129", "20520205",
                      "20520212", "20520219", "20520226", "20520304", "20520311", "20520318",
                      "20520325", "20520401", "20520408", "20520415", "20520422", "20520429",
                      "20520506", "20520513"] for t in ["T163700", "T163800"]], None,
     "the instances of year 2052 (the test filters YEAR > 2051); no Monday falls between "
     "20520513 and UNTIL"),
    ("test conflicting rule execution times, also with high maxincrementcount",
     "FREQ=MONTHLY;BYMONTHDAY=1;BYDAY=2SU", "20220101T000000", None, [], None,
     "getDates over 2022-2023 is empty; the rule has no instance at all (a second Sunday "
     "falls on the 8th to 14th)"),
]
SKIP_BY_HAND = {
    "test getdates as stream": "the same rule, seed and list as 'test BYDAY with MINUTELY precision'",
}


def cells(line):
    out = []
    for part in re.split(r"\s*\|\|?\s*", line.strip()):
        out.append(ast.literal_eval(part))
    return out


def methods(text):
    """(name, line, body) of each feature method."""
    found = [(m.group(1), text.count("\n", 0, m.start()) + 1, m.end())
             for m in re.finditer(r"^    def ['\"](.+?)['\"]\(\)", text, re.M)]
    for i, (name, line, start) in enumerate(found):
        end = found[i + 1][2] if i + 1 < len(found) else len(text)
        yield name, line, text[start:end]


def table(body, line):
    """The rows of a where: table as dicts, with their lines."""
    where = body.index("where:")
    lines = body[where:].split("\n")[1:]
    first_line = line + body[:where].count("\n") + 1
    header, rows = None, []
    for k, raw in enumerate(lines):
        s = raw.strip()
        if not s or s.startswith("//"):
            continue
        if s.startswith("expected <<") or s == "}":
            break
        if header is None:
            header = re.split(r"\s*\|\|?\s*", s)
            continue
        rows.append((first_line + k, dict(zip(header, cells(s)))))
    rest = body[where:]
    if "expected <<" in rest:
        literal = rest[rest.index("expected <<") + len("expected <<"):]
        literal = literal[:literal.index("\n        ]") + len("\n        ]")]
        if RANGE in literal:
            literal = literal.replace(RANGE, repr(["200001%02d" % d for d in range(1, 32)]))
        for (n, row), expected in zip(rows, ast.literal_eval(literal.strip())):
            row["expected"] = expected
    return rows


def block(comment, rule, start, start_at, expected, first, source):
    lines = ["# " + comment, "RRULE:" + rule, "DTSTART:" + start]
    if start_at:
        lines.append("START-AT:" + start_at)
    if first is not None:
        lines.append("FIRST:%d" % first)
    lines += ["INSTANCES:" + ",".join(expected), "SOURCE:" + source]
    return "\n".join(lines)


def pad(value):
    return value if "T" in value else value + "T000000"


def complete(rule, end, expected):
    count = re.search(r"COUNT=(\d+)", rule)
    until = re.search(r"UNTIL=([0-9T]+)", rule)
    if count and len(expected) == int(count.group(1)):
        return True
    return bool(until and pad(end) >= pad(until.group(1)))


def main(spec_path, vevent_path):
    blocks, skipped = [], []
    spec = open(spec_path).read()
    src = "src/test/groovy/net/fortuna/ical4j/model/RecurSpec.groovy"
    seen = set()
    for name, line, body in methods(spec):
        if name in METHODS:
            for row_line, row in table(body, line):
                rule, start, end, expected = METHODS[name](row)
                key = (rule, start, tuple(expected))
                if key in seen:
                    skipped.append(("%s (line %d)" % (name, row_line),
                                    "the same rule, start and list as an earlier row"))
                    continue
                seen.add(key)
                first = None if complete(rule, end, expected) else len(expected)
                comment = "%s: %s from %s to %s" % (name.split(":")[0], rule, start, end)
                if "systemTimezone" in row:
                    comment += " (Europe/Berlin times, system zone %s; written floating)" % \
                        row["systemTimezone"]
                blocks.append(block(comment, rule, start, None, expected, first,
                                    "%s:%s (line %d)" % (src, name, row_line)))
            continue
        hand = [h for h in BY_HAND if h[0] == name]
        if hand:
            _, rule, start, start_at, expected, first, note = hand[0]
            blocks.append(block("%s: %s" % (name, note), rule, start, start_at, expected,
                                first, "%s:%s (line %d)" % (src, name, line)))
        elif name in SKIP_BY_HAND:
            skipped.append((name, SKIP_BY_HAND[name]))
        elif "getDates" in body or "getNextDate" in body:
            skipped.append((name, "no list of instances from DTSTART (a string, a count, "
                                  "a next date or a zoned DST check)"))
    # VEventRecurrenceParametrizedTest: [start, type, end, type, rule, period, exdates, expected]
    text = open(vevent_path).read()
    data = text[text.index("static List data()"):]
    data = data[data.index("[") : data.index("]*.toArray()") + 1]
    src2 = "src/test/groovy/net/fortuna/ical4j/model/VEventRecurrenceParametrizedTest.groovy"
    for k, row in enumerate(ast.literal_eval(data.replace("null", "None")), 1):
        start, _, _, _, rule, period, exdates, expected = row
        starts = [p.split("/")[0] for p in expected]
        if exdates:
            removed = [d for d in exdates.split(",") if d >= start]
            if removed:
                skipped.append(("%s row %d" % (src2, k), "EXDATE %s removes an instance" % exdates))
                continue
        end = period.split("/")[1]
        first = None if complete(rule, end, starts) else len(starts)
        note = " (its EXDATE %s is before DTSTART and left out)" % exdates if exdates else ""
        blocks.append(block("calculateRecurrenceSet(%s) of a VEVENT%s: %s from %s" % (
            period, note, rule, start), rule, start, None, starts, first,
            "%s:data() row %d" % (src2, k)))
    header = [
        "# Recurrence expectations of ical4j (https://github.com/ical4j/ical4j),",
        "# RecurSpec.groovy and VEventRecurrenceParametrizedTest.groovy, converted by",
        "# Differential/convert_ical4j.py. Format and origin: Fixtures/recurrence/README.md.",
        "#",
        "# Copyright (c) 2012, Ben Fortuna. All rights reserved. Used under the BSD 3-Clause",
        "# License; its conditions and disclaimer are in",
        "# Fixtures/recurrence/LICENSES/ical4j-LICENSE.txt.",
    ]
    emit(header, blocks, skipped)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
