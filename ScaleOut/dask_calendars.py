"""Maps `ics` over many calendars with Dask and aggregates what it reports.

Each calendar is one element of a Dask bag; a task runs `ics freebusy` (busy minutes, the
union of the busy intervals) and `ics conflicts` (overlaps) on it and returns one record.
The records are aggregated into busy hours per calendar and the conflicts across all of
them. With --scheduler ADDRESS the same code runs on an existing cluster (every worker needs
`ics` on its PATH and the files at the same paths); without, on a local cluster of
--workers processes.

Usage: dask_calendars.py ICS DIRECTORY [--workers N] [--scheduler ADDRESS] [--check]
"""
import argparse
import glob
import json
import os
import subprocess
import time

import dask.bag as db
from dask.distributed import Client, LocalCluster

WINDOW = ["--from", "2026-09-14", "--days", "7", "--tz", "UTC", "-f", "json", "-q"]


def report(ics: str, path: str) -> dict:
    """What ics says of one calendar: its busy minutes and its conflicts."""
    busy = subprocess.run(
        [ics, "freebusy", path] + WINDOW, capture_output=True, text=True, check=True)
    # Exit status 1 means conflicts were found; 2 would be an unusable input.
    clashes = subprocess.run([ics, "conflicts", path] + WINDOW, capture_output=True, text=True)
    if clashes.returncode not in (0, 1):
        raise RuntimeError(f"{path}: {clashes.stderr}")
    return {
        "calendar": os.path.splitext(os.path.basename(path))[0],
        "busyMinutes": json.loads(busy.stdout)["busyMinutes"],
        "conflicts": json.loads(clashes.stdout)["counts"]["conflicts"],
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("ics")
    parser.add_argument("directory")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler")
    parser.add_argument("--check", action="store_true",
                        help="compare with expected.json in the directory")
    arguments = parser.parse_args()
    paths = sorted(glob.glob(os.path.join(arguments.directory, "*.ics")))
    if arguments.scheduler:
        client = Client(arguments.scheduler)
    else:
        client = Client(LocalCluster(
            n_workers=arguments.workers, threads_per_worker=1, processes=True,
            dashboard_address=None))
    began = time.monotonic()
    records = db.from_sequence(paths, npartitions=max(1, len(paths) // 50)).map(
        lambda path: report(arguments.ics, path))
    per_calendar = {
        record["calendar"]: {"busyMinutes": record["busyMinutes"],
                             "conflicts": record["conflicts"]}
        for record in records.compute()
    }
    seconds = time.monotonic() - began
    client.close()
    total_hours = sum(r["busyMinutes"] for r in per_calendar.values()) / 60
    total_conflicts = sum(r["conflicts"] for r in per_calendar.values())
    print(f"{len(per_calendar)} calendars on {arguments.workers} workers in {seconds:.1f} s: "
          f"{total_hours:.1f} busy hours, {total_conflicts} conflicts")
    if arguments.check:
        with open(os.path.join(arguments.directory, "expected.json")) as file:
            expected = json.load(file)
        wrong = {name: (per_calendar.get(name), want) for name, want in expected.items()
                 if per_calendar.get(name) != want}
        if wrong or len(per_calendar) != len(expected):
            print(f"scale-out test failed: {len(wrong)} calendars differ, for example "
                  f"{list(wrong.items())[:3]}")
            return 1
        print("scale-out test passed: every calendar's busy minutes and conflicts as expected")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
