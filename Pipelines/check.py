"""Checks what pipelines read of `ics`: every record, conflict report and free/busy report
written for the calendars of Fixtures/ against the JSON Schemas of Schemas/, and the README's
pandas and DuckDB recipes, run as written on the records of Fixtures/real, against sums made
from the records one by one.

Usage: check.py ICS ROOT
"""

import collections
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import jsonschema

ICS = sys.argv[1]
ROOT = Path(sys.argv[2]).resolve()


def run(arguments, cwd=ROOT):
    return subprocess.run([ICS] + arguments, capture_output=True, text=True, cwd=cwd)


def validator(name, part=None):
    schema = json.loads((ROOT / "Schemas" / f"{name}.schema.json").read_text())
    if part:
        schema = {"$ref": f"#/$defs/{part}", "$defs": schema["$defs"]}
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


VALIDATORS = {
    "occurrence-record": validator("occurrence-record"),
    "series-record": validator("series-record"),
    "conflicts": validator("conflicts"),
    "conflict": validator("conflicts", "conflict"),
    "freebusy": validator("freebusy"),
    "task-record": validator("task-record"),
    "alarm-record": validator("alarm-record"),
}
checked = collections.Counter()
failures = []


def check(kind, value, where):
    checked[kind] += 1
    for error in VALIDATORS[kind].iter_errors(value):
        failures.append(f"{where}: {kind}: {error.json_path}: {error.message}")


def lines(result):
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def schemas():
    files = sorted(
        path.relative_to(ROOT)
        for path in (ROOT / "Fixtures").rglob("*.ics")
        if "hostile" not in path.parts and "goldens" not in path.parts
    )
    window = ["--from", "2020-01-01", "--to", "2028-01-01"]
    for path in files:
        name = str(path)
        zone = ["--tz", "Europe/Berlin", "-q"]
        for record in lines(run(["events", name, "-f", "ndjson"] + zone)):
            check("occurrence-record", record, name)
        for record in lines(run(["events", name, "-f", "ndjson", "--records", "series", "-q"])):
            check("series-record", record, name)
        report = run(["conflicts", name, "-f", "json"] + zone + window)
        if report.stdout.strip():
            check("conflicts", json.loads(report.stdout), name)
        for conflict in lines(run(["conflicts", name, "-f", "ndjson"] + zone + window)):
            check("conflict", conflict, name)
        tasks = ["--status", "all", "--today", "2026-12-05T10:00", "-f", "ndjson"]
        for record in lines(run(["todos", name] + tasks + zone)):
            check("task-record", record, name)
        alarms = ["--component", "all", "--status", "all", "-f", "ndjson"] + window
        for record in lines(run(["alarms", name] + alarms + zone)):
            check("alarm-record", record, name)
        busy = run(["freebusy", name, "-f", "json"] + zone + window)
        if busy.stdout.strip():
            check("freebusy", json.loads(busy.stdout), name)
    people = run(
        ["freebusy", "Fixtures/layout/team.ics", "--per-person", "-f", "json", "-q"]
        + ["--from", "2026-09-01", "--to", "2026-10-01"])
    check("freebusy", json.loads(people.stdout), "Fixtures/layout/team.ics --per-person")
    return len(files)


def recipe(name):
    readme = (ROOT / "README.md").read_text()
    found = re.search(rf"<!-- recipe: {name} -->\n```\w+\n(.*?)```", readme, re.S)
    if not found:
        failures.append(f"README: no recipe '{name}'")
        return None
    return found.group(1)


def iso_seconds(text):
    days = re.fullmatch(r"P(\d+)D", text)
    if days:
        return int(days.group(1)) * 86400
    parts = re.fullmatch(r"PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?", text)
    hours, minutes, seconds = (int(part or 0) for part in parts.groups())
    return hours * 3600 + minutes * 60 + seconds


def utc_seconds(text):
    from datetime import datetime

    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def recipes():
    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        (work / "out").mkdir()
        records = []
        for path in sorted((ROOT / "Fixtures" / "real").glob("*.ics")):
            relative = str(path.relative_to(ROOT))
            result = run(["events", relative, "-f", "ndjson", "-q"])
            name = relative.replace("/", "_")
            (work / "out" / f"{name}.ndjson").write_text(result.stdout)
            records += lines(result)
        (work / "all.ndjson").write_text(
            "".join(json.dumps(record) + "\n" for record in records))
        busy_hours = collections.defaultdict(float)
        counts = collections.Counter()
        timed = collections.defaultdict(float)
        for record in records:
            counts[record["calendar"]] += 1
            if record["busy"] != "free":
                busy_hours[record["calendar"]] += iso_seconds(record["duration"]) / 3600
            if record["startUTC"] is not None:
                timed[record["calendar"]] += (
                    utc_seconds(record["endUTC"]) - utc_seconds(record["startUTC"])) / 3600
        previous = os.getcwd()
        os.chdir(work)
        try:
            code = recipe("pandas")
            if code:
                namespace = {}
                printed = io.StringIO()
                with contextlib.redirect_stdout(printed):
                    exec(code, namespace)
                events = namespace["events"]
                if len(events) != len(records):
                    failures.append(f"pandas: {len(events)} rows for {len(records)} records")
                if str(events["startUTC"].dtype) not in ("datetime64[ns, UTC]", "datetime64[us, UTC]"):
                    failures.append(f"pandas: startUTC is {events['startUTC'].dtype}")
                if not str(events["duration"].dtype).startswith("timedelta64"):
                    failures.append(f"pandas: duration is {events['duration'].dtype}")
                if str(events["uid"].dtype) != "string":
                    failures.append(f"pandas: uid is {events['uid'].dtype}")
                import pandas as pd

                result = (namespace["busy"].groupby("calendar")["duration"].sum()
                          / pd.Timedelta(hours=1)).round(1).to_dict()
                expected = {name: round(hours, 1) for name, hours in busy_hours.items()}
                if result != expected:
                    failures.append(f"pandas: busy hours {result}, expected {expected}")
                if not printed.getvalue().strip():
                    failures.append("pandas: the recipe printed nothing")
                checked["pandas recipe"] += 1
            code = recipe("duckdb")
            if code:
                import duckdb

                rows = duckdb.sql(code).fetchall()
                expected = [
                    (name, counts[name], round(timed[name], 1) if name in timed else None)
                    for name in sorted(counts)
                ]
                got = [(name, count, None if hours is None else float(hours))
                       for name, count, hours in rows]
                if got != expected:
                    failures.append(f"duckdb: {got}, expected {expected}")
                checked["duckdb recipe"] += 1
        finally:
            os.chdir(previous)


files = schemas()
recipes()
summary = ", ".join(f"{count} {kind}" for kind, count in sorted(checked.items()))
print(f"pipeline test: {files} calendars; checked {summary}")
for failure in failures[:40]:
    print(failure)
if failures:
    print(f"pipeline test failed: {len(failures)} problems")
    sys.exit(1)
