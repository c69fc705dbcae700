#!/usr/bin/env python3
"""Compares what `ics` lists of tasks, journals and alarms with python icalendar +
recurring-ical-events, on every calendar of a corpus that holds a VTODO, a VJOURNAL or a
VALARM, and checks the differences against the table of known ones.

Occurrences (`ics events --component VTODO,VJOURNAL`), one line each:

    uid <TAB> component <TAB> kind <TAB> start <TAB> end

kind and times as in expand.py. A VTODO starts at its DTSTART, else its DUE, and ends at its
DUE, else after its DURATION, else where it starts; a VJOURNAL is at its DTSTART, a date
lasting the day (RFC 5545 §3.6.2, §3.6.3), as `ics` reads them.

Tasks (`ics todos --status all` over the same window), one line each: uid <TAB> start,
against python's VTODO occurrences.

Alarms (`ics alarms --component all --status all`), one line each:

    uid <TAB> trigger

the trigger in UTC, or on the wall clock for a floating occurrence, YYYY-MM-DDTHH:MM:SS.

    components.py ICS CORPUS component-differences.tsv [--write-table]

Every differing file must be in the table with its reason; a new difference fails the run
(exit 1). Files the table lists that agree now are named, to be taken out.
"""
import datetime as dt
import json
import os
import signal
import subprocess
import sys
import warnings

import icalendar
import recurring_ical_events
import x_wr_timezone

WINDOW = ((1990, 1, 1), (2031, 1, 1))
ICS_WINDOW = ["--from", "1990-01-01", "--to", "2031-01-01", "--tz", "UTC", "-q"]
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
        return "utc", value.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    return "date", value.isoformat()


def calendars(path):
    with open(path, "rb") as handle:
        for calendar in icalendar.Calendar.from_ical(handle.read(), multiple=True):
            yield x_wr_timezone.to_standard(calendar)


def python_occurrences(path):
    lines = []
    for calendar in calendars(path):
        query = recurring_ical_events.of(calendar, components=["VTODO", "VJOURNAL"])
        for component in query.between(*WINDOW):
            if component.name == "VTODO":
                start = component.decoded("DTSTART") if "DTSTART" in component else None
                due = component.decoded("DUE") if "DUE" in component else None
                first = start if start is not None else due
                if first is None:
                    continue
                if due is not None:
                    last = due
                elif "DURATION" in component:
                    last = first + component.decoded("DURATION")
                else:
                    last = first
            else:
                if "DTSTART" not in component:
                    continue
                first = component.decoded("DTSTART")
                last = first if isinstance(first, dt.datetime) else first + dt.timedelta(days=1)
            kind, start_text = moment(first)
            _, end_text = moment(last)
            if kind == "date" and end_text == start_text:
                end_text = (first + dt.timedelta(days=1)).isoformat()
            lines.append("\t".join(
                [str(component.get("UID", "")), component.name, kind, start_text, end_text]))
            if len(lines) > MOST:
                return "too many", []
    return "ok", sorted(lines)


def python_alarms(path):
    lines = []
    for calendar in calendars(path):
        for component in recurring_ical_events.of(calendar, components=["VALARM"]).between(
                *WINDOW):
            for valarm in component.walk("VALARM"):
                _, trigger = moment(valarm.decoded("TRIGGER"))
                lines.append("\t".join([str(component.get("UID", "")), trigger]))
            if len(lines) > MOST:
                return "too many", []
    return "ok", sorted(lines)


def ics_records(ics, arguments):
    run = subprocess.run([ics] + arguments + ICS_WINDOW + ["-f", "ndjson"],
                         capture_output=True, timeout=120)
    if run.returncode not in (0, 1):
        return "exit %d" % run.returncode, []
    return "ok", [json.loads(line) for line in run.stdout.decode("utf-8", "replace").splitlines()]


def ics_occurrences(ics, path):
    status, records = ics_records(
        ics, ["events", path, "--component", "VTODO,VJOURNAL", "--max-instances", "20000"])
    lines = []
    for record in records:
        def text(value):
            return value if record["allDay"] or len(value) > 16 else value + ":00"
        kind = "date" if record["allDay"] else ("utc" if record["zone"] else "floating")
        lines.append("\t".join([record["uid"] or "", record["component"], kind,
                                text(record["start"]), text(record["end"])]))
    return status, sorted(lines)


def ics_todos(ics, path):
    """`ics todos --status all` over the window: each task occurrence's UID and start (its
    DTSTART, else its DUE), which python's VTODO occurrences give too."""
    status, records = ics_records(
        ics, ["todos", path, "--status", "all", "--max-instances", "20000"])
    lines = []
    for record in records:
        start = record["start"]
        if start is None:
            continue
        lines.append("\t".join([record["uid"] or "", start if len(start) != 16 else start + ":00"]))
    return status, sorted(lines)


def python_todos(path):
    status, lines = python_occurrences(path)
    todos = []
    for line in lines:
        uid, component, _, start, _ = line.split("\t")
        if component == "VTODO":
            todos.append("\t".join([uid, start]))
    return status, sorted(todos)


def ics_alarms(ics, path):
    status, records = ics_records(
        ics, ["alarms", path, "--component", "all", "--status", "all"])
    lines = []
    for record in records:
        trigger = record["triggerLocal"]
        lines.append("\t".join(
            [record["uid"] or "", trigger if len(trigger) > 16 else trigger + ":00"]))
    return status, sorted(lines)


def compare(name, ours, theirs, differing, what):
    (ics_status, ics_lines), (python_status, python_lines) = ours, theirs
    if python_status in ("too many", "timeout"):
        return "skipped"
    if python_status != "ok" or ics_status != "ok":
        if ics_lines or python_lines:
            differing.setdefault(name, []).append(
                "%s: python %s, ics %s" % (what, python_status, ics_status))
            return "differ"
        return "agree"
    if ics_lines == python_lines:
        return "agree"
    only_ics = sorted(set(ics_lines) - set(python_lines))
    only_python = sorted(set(python_lines) - set(ics_lines))
    differing.setdefault(name, []).append("%s: ics only %d%s, python only %d%s" % (
        what, len(only_ics), (" (" + only_ics[0].replace("\t", " ") + ")") if only_ics else "",
        len(only_python),
        (" (" + only_python[0].replace("\t", " ") + ")") if only_python else ""))
    return "differ"


def guarded(function, path):
    signal.alarm(TIMEOUT)
    try:
        return function(path)
    except Timeout:
        return "timeout", []
    except Exception as error:  # a file python cannot read is a result too
        return "error: %s: %s" % (type(error).__name__, str(error)[:100]), []
    finally:
        signal.alarm(0)


def read_table(path):
    table = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("#") or not line.strip():
                    continue
                name, _, reason = line.rstrip("\n").partition("\t")
                table[name] = reason
    return table


def main():
    ics, corpus, table_path = sys.argv[1:4]
    write = "--write-table" in sys.argv
    warnings.simplefilter("ignore")
    signal.signal(signal.SIGALRM, alarm)
    table = read_table(table_path)
    paths = []
    for folder, _, names in os.walk(corpus):
        for file in names:
            if file.endswith(".ics"):
                path = os.path.join(folder, file)
                with open(path, "rb") as handle:
                    data = handle.read()
                if any(word in data for word in (b"BEGIN:VTODO", b"BEGIN:VJOURNAL", b"BEGIN:VALARM")):
                    paths.append(path)
    counts = {"occurrences": {}, "todos": {}, "alarms": {}}
    differing = {}
    for path in sorted(paths):
        name = os.path.relpath(path, corpus)
        for what, ours, theirs in (
                ("occurrences", ics_occurrences, python_occurrences),
                ("todos", ics_todos, python_todos),
                ("alarms", ics_alarms, python_alarms)):
            result = compare(name, ours(ics, path), guarded(theirs, path), differing, what)
            counts[what][result] = counts[what].get(result, 0) + 1
    for name in differing:
        differing[name] = "".join(
            c if c.isprintable() else "?" for c in "; ".join(differing[name]))[:400]
    new = sorted(
        name for name in differing if name not in table or table[name].startswith("TODO"))
    fixed = sorted(set(table) - set(differing))
    print("components differential: %d files with VTODO, VJOURNAL or VALARM; tasks and journals"
          " %s; todos %s; alarms %s; %d files differ (%d explained in %s)" % (
              len(paths), counts["occurrences"], counts["todos"], counts["alarms"],
              len(differing), len(differing) - len(new), table_path))
    for name in fixed:
        print("  agrees now, take it out of the table: %s" % name)
    for name in new:
        print("  NEW DIFFERENCE %s: %s" % (name, differing[name]))
    if write:
        with open(table_path, "w", encoding="utf-8") as handle:
            handle.write(
                "# Corpus files where `ics` and python icalendar + recurring-ical-events list\n"
                "# different task and journal occurrences or alarm triggers\n"
                "# (Differential/components.py), and why. file<TAB>reason\n")
            for name in sorted(differing):
                reason = table.get(name, "TODO")
                if reason.startswith("TODO"):
                    reason = "TODO " + differing[name]
                handle.write("%s\t%s\n" % (name, reason))
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
