#!/usr/bin/env python3
"""Turn python-dateutil's tests/test_rrule.py into the block format of libical's
icalrecur_test.txt.  Usage: convert_dateutil.py test_rrule.py > dateutil-rrule.txt

The test file is parsed, not run: in each RRuleTest method every statement of the form
    self.assertEqual(list(rrule(FREQ, ...)), [datetime(...), ...])
(also through a variable bound to rrule(...) or its .replace(...)) becomes one case.
The rrule keywords are evaluated with stand-ins and written as an RRULE string in the
order the test wrote them; the expected list is copied as written.  Skipped cases and
why go to stderr."""
import ast
import sys
from datetime import date, datetime

from recurrence_blocks import emit

FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


class Weekday:
    def __init__(self, weekday, n=None):
        self.weekday, self.n = weekday, n

    def __call__(self, n):
        return Weekday(self.weekday, n)

    def ical(self):
        return ("%+d" % self.n if self.n else "") + DAYS[self.weekday]


class Rule:
    def __init__(self, *args, **kwargs):
        if args:
            kwargs = {"freq": args[0], **kwargs}
        self.kwargs = kwargs

    def replace(self, **kwargs):
        return Rule(**{**self.kwargs, **kwargs})


NAMES = {name: i for i, name in enumerate(FREQS)}
NAMES.update({d: Weekday(i) for i, d in enumerate(DAYS)})
NAMES.update(datetime=datetime, date=date, rrule=Rule, long=int)

KEYS = {"count": "COUNT", "until": "UNTIL", "interval": "INTERVAL", "wkst": "WKST",
        "bysetpos": "BYSETPOS", "bymonth": "BYMONTH", "bymonthday": "BYMONTHDAY",
        "byyearday": "BYYEARDAY", "byweekno": "BYWEEKNO", "byweekday": "BYDAY",
        "byhour": "BYHOUR", "byminute": "BYMINUTE", "bysecond": "BYSECOND"}


def when(value):
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            raise Skip("time zone")
        if value.microsecond:
            raise Skip("sub-second DTSTART, not expressible in iCalendar")
        return value.strftime("%Y%m%dT%H%M%S")
    return value.strftime("%Y%m%d")


class Skip(Exception):
    pass


def part(value):
    items = value if isinstance(value, (tuple, list)) else [value]
    out = []
    for item in items:
        if isinstance(item, Weekday):
            out.append(item.ical())
        elif isinstance(item, (datetime, date)):
            out.append(when(item))
        else:
            out.append(str(item))
    return ",".join(out)


def convert(rule, expected, order):
    kw = rule.kwargs
    for bad in ("byeaster", "tzinfo"):
        if bad in kw:
            raise Skip(bad)
    if "cache" in kw:
        kw = {k: v for k, v in kw.items() if k != "cache"}
    start = kw["dtstart"]
    is_date = type(start) is date
    parts = ["FREQ=" + FREQS[kw["freq"]]]
    for key in order:
        if key in ("freq", "dtstart", "cache") or key not in kw:
            continue
        if key not in KEYS:
            raise Skip("keyword " + key)
        value = kw[key]
        if key == "wkst" and isinstance(value, int):
            value = Weekday(value)
        if key == "byweekday" and isinstance(value, int):
            value = Weekday(value)
        if key == "byweekday" and isinstance(value, (tuple, list)):
            value = [Weekday(v) if isinstance(v, int) else v for v in value]
        parts.append(KEYS[key] + "=" + part(value))
    if "count" not in kw and "until" not in kw:
        raise Skip("unbounded rule listed in full")
    if is_date:
        # dateutil reads a date DTSTART as midnight; written here as a DATE start.
        instances = [e.strftime("%Y%m%d") for e in expected]
        if any(e.hour or e.minute or e.second for e in expected):
            raise Skip("date start with timed instances")
    else:
        instances = [when(e) for e in expected]
    return ";".join(parts), when(start), instances


def keyword_order(call):
    # the keywords in the order the test wrote them, through .replace(...)
    out = []
    while isinstance(call, ast.Call):
        out = [k.arg for k in call.keywords] + out
        call = call.func.value if isinstance(call.func, ast.Attribute) else None
    return list(dict.fromkeys(out))


def main(path):
    tree = ast.parse(open(path).read())
    blocks, skipped = [], []
    for cls in tree.body:
        if not (isinstance(cls, ast.ClassDef) and cls.name == "RRuleTest"):
            continue
        for fn in cls.body:
            if not (isinstance(fn, ast.FunctionDef) and fn.name.startswith("test")):
                continue
            if isinstance(fn.body[0], ast.If) and ast.unparse(fn.body[0].test) == "PY2":
                skipped.append((fn.name, "runs on Python 2 only"))
                continue
            if "Cache" in fn.name:
                skipped.append((fn.name, "cache test (the rule of a plain test, with cache=True)"))
                continue
            variables, order_of, found = {}, {}, []
            for stmt in ast.walk(fn):
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
                        and isinstance(stmt.targets[0], ast.Name):
                    try:
                        variables[stmt.targets[0].id] = eval(
                            compile(ast.Expression(stmt.value), path, "eval"),
                            dict(NAMES, **variables))
                        order_of[stmt.targets[0].id] = keyword_order(stmt.value)
                        src = ast.unparse(stmt.value)
                        if isinstance(stmt.value, ast.Call) and \
                                isinstance(stmt.value.func, ast.Attribute) and \
                                isinstance(stmt.value.func.value, ast.Name):
                            order_of[stmt.targets[0].id] = order_of.get(
                                stmt.value.func.value.id, []) + order_of[stmt.targets[0].id]
                            order_of[stmt.targets[0].id] = list(dict.fromkeys(
                                order_of[stmt.targets[0].id]))
                    except Exception:
                        pass
                if not (isinstance(stmt, ast.Call) and isinstance(stmt.func, ast.Attribute)
                        and stmt.func.attr == "assertEqual" and len(stmt.args) == 2):
                    continue
                a, b = stmt.args
                if not (isinstance(a, ast.Call) and isinstance(a.func, ast.Name)
                        and a.func.id == "list" and isinstance(b, ast.List)):
                    continue
                inner = a.args[0]
                if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) \
                        and inner.func.id == "rrule":
                    rule = eval(compile(ast.Expression(inner), path, "eval"), NAMES)
                    order = keyword_order(inner)
                elif isinstance(inner, ast.Name) and isinstance(variables.get(inner.id), Rule):
                    rule, order = variables[inner.id], order_of[inner.id]
                else:
                    continue
                expected = eval(compile(ast.Expression(b), path, "eval"), NAMES)
                found.append((stmt.lineno, rule, order, expected))
            found.sort(key=lambda f: f[0])
            if not found:
                if fn.name.startswith(("testStr", "testToStr")):
                    skipped.append((fn.name, "str()/rrulestr() parsing or round trip"))
                else:
                    skipped.append((fn.name, "no list(rrule(...)) == [...] assertion (item, "
                                             "count, contains, before/after/between, errors)"))
                continue
            for i, (line, rule, order, expected) in enumerate(found):
                # testMonthlyByWeekDay's #2 is its between() assertion, added below
                several = len(found) > 1 or fn.name == "testMonthlyByWeekDay"
                name = fn.name + ("#%d" % (i + 1) if several else "")
                try:
                    rrule, start, instances = convert(rule, expected, order)
                except Skip as why:
                    skipped.append((name, str(why)))
                    continue
                blocks.append("\n".join([
                    "# " + name,
                    "RRULE:" + rrule,
                    "DTSTART:" + start,
                    "INSTANCES:" + ",".join(instances),
                    "SOURCE:tests/test_rrule.py:RRuleTest.%s (line %d)" % (name, line),
                ]))
    # testMonthlyByWeekDay's second assertion lists rrule(...).between(dtstart, 1997-12-01):
    # 1997-09-01 (DTSTART) is the month's first Monday, not its third, so between's
    # exclusive lower bound drops nothing and the list is the rule's first three instances.
    blocks.append("\n".join([
        "# testMonthlyByWeekDay#2 (third Monday of the month; between())",
        "RRULE:FREQ=MONTHLY;BYDAY=+3MO",
        "DTSTART:19970901T000000",
        "FIRST:3",
        "INSTANCES:19970915T000000,19971020T000000,19971117T000000",
        "SOURCE:tests/test_rrule.py:RRuleTest.testMonthlyByWeekDay#2 (line 447)",
    ]))
    header = [
        "# Recurrence expectations of python-dateutil (https://github.com/dateutil/dateutil),",
        "# tests/test_rrule.py, converted by Differential/convert_dateutil.py.",
        "# Format and origin: Fixtures/recurrence/README.md.",
        "#",
        "# Copyright (c) 2003-2011 - Gustavo Niemeyer; 2012-2014 - Tomi Pieviläinen;",
        "# 2014-2016 - Yaron de Leeuw; 2015- Paul Ganssle and dateutil contributors.",
        "# Used under dateutil's BSD 3-clause licence and, for contributions after 2017-12-01,",
        "# the Apache License 2.0: see Fixtures/recurrence/LICENSES/dateutil-LICENSE and",
        "# dateutil-Apache-2.0.txt. Changed from the original: rewritten as RRULE blocks.",
    ]
    emit(header, blocks, skipped)


if __name__ == "__main__":
    main(sys.argv[1])
