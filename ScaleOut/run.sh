#!/usr/bin/env bash
# The scale-out test: 1,000 generated calendars (ScaleOut/calendars.py) mapped through
# `ics freebusy` and `ics conflicts` by Dask on a local cluster of two worker processes
# (ScaleOut/dask_calendars.py), the busy hours and conflicts of each compared with what the
# generator planted. Dask is installed with pip (ScaleOut/requirements.txt) into
# ScaleOut/work/venv; the test is skipped, saying why, when it cannot be.
#
# Usage: ScaleOut/run.sh [COUNT]
set -uo pipefail
cd "$(dirname "$0")/.."

count=${1:-1000}
work=ScaleOut/work
. Scripts/python-venv.sh
python_venv "$work" ScaleOut/requirements.txt "scale-out test" || exit 0
swift build --product ics >/dev/null || exit 1
ics=$(swift build --show-bin-path)/ics
rm -rf "$work/calendars"
"$work/venv/bin/python" ScaleOut/calendars.py "$work/calendars" "$count" || exit 1
"$work/venv/bin/python" ScaleOut/dask_calendars.py "$ics" "$work/calendars" --workers 2 --check
