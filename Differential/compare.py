#!/usr/bin/env python3
"""Compares `ics events` with python icalendar + recurring-ical-events (expand.py) on every
calendar of a corpus, and checks the differences against the table of known ones.

    compare.py ICS CORPUS PYTHON.jsonl differences.tsv [--write-table]

A file differs when the two list different occurrences (uid, kind, start, end; see
expand.py). Every differing file must be in the table with its reason; a new difference
fails the run (exit 1). Files the table lists that agree now are named, to be taken out.
`--write-table` writes the table's file column anew (reasons kept, new files marked TODO).
"""
import json
import os
import subprocess
import sys

WINDOW = ["--from", "1990-01-01", "--to", "2031-01-01"]


def ics_lines(ics, path):
    run = subprocess.run(
        [ics, "events", path, "--tz", "UTC", "--format", "ndjson", "--max-instances", "20000"]
        + WINDOW,
        capture_output=True, timeout=120)
    if run.returncode != 0:
        return "exit %d" % run.returncode, []
    lines = []
    for text in run.stdout.decode("utf-8", "replace").splitlines():
        record = json.loads(text)

        def moment(value):
            if record["allDay"]:
                return value
            return value if len(value) > 16 else value + ":00"

        kind = "date" if record["allDay"] else ("utc" if record["zone"] else "floating")
        lines.append("\t".join([
            record["uid"] or "", kind, moment(record["start"]), moment(record["end"])]))
    return "ok", sorted(lines)


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
    ics, corpus, results, table_path = sys.argv[1:5]
    write = "--write-table" in sys.argv
    table = read_table(table_path)
    differing = {}
    agreeing = 0
    skipped = []
    with open(results) as handle:
        for line in handle:
            result = json.loads(line)
            name = os.path.relpath(result["file"], corpus)
            status, lines = ics_lines(ics, result["file"])
            if result["status"] in ("too many", "timeout"):
                skipped.append(name)
                continue
            if result["status"] != "ok" or status != "ok":
                # One side cannot read the file; they agree when neither lists an occurrence.
                if lines or result["lines"]:
                    differing[name] = "python %s, ics %s" % (result["status"], status)
                else:
                    agreeing += 1
                continue
            if lines == result["lines"]:
                agreeing += 1
                continue
            ours, theirs = set(lines), set(result["lines"])
            only_ics = sorted(ours - theirs)
            only_python = sorted(theirs - ours)
            differing[name] = "ics only %d%s, python only %d%s" % (
                len(only_ics), (" (" + only_ics[0].replace("\t", " ") + ")") if only_ics else "",
                len(only_python),
                (" (" + only_python[0].replace("\t", " ") + ")") if only_python else "")
    for name in differing:
        differing[name] = "".join(
            c if c.isprintable() else "?" for c in differing[name])[:300]
    new = sorted(
        name for name in differing if name not in table or table[name].startswith("TODO"))
    fixed = sorted(set(table) - set(differing))
    total = agreeing + len(differing)
    print("differential: %d files compared, %d agree, %d differ (%d explained in %s)" % (
        total, agreeing, len(differing), len(differing) - len(new), table_path))
    print("  not compared: %d files where python lists more than 20,000 occurrences or takes"
          " over 10 s (%s)" % (len(skipped), ", ".join(skipped)))
    for name in fixed:
        print("  agrees now, take it out of the table: %s" % name)
    for name in new:
        print("  NEW DIFFERENCE %s: %s" % (name, differing[name]))
    if write:
        with open(table_path, "w", encoding="utf-8") as handle:
            handle.write(
                "# Corpus files where `ics events` and python icalendar + recurring-ical-events\n"
                "# list different occurrences (Differential/run.sh), and why. file<TAB>reason\n")
            for name in sorted(differing):
                reason = table.get(name, "TODO")
                if reason.startswith("TODO"):
                    reason = "TODO " + differing[name]
                handle.write("%s\t%s\n" % (name, reason))
    return 1 if new else 0


if __name__ == "__main__":
    sys.exit(main())
