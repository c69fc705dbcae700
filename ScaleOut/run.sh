#!/usr/bin/env bash
# The scale-out test: 1,000 generated calendars (ScaleOut/calendars.py) mapped through
# `ics freebusy` and `ics conflicts` by Dask on a local cluster of two worker processes
# (ScaleOut/dask_calendars.py), the busy hours and conflicts of each compared with what the
# generator planted; then the same through a scheduler and workers started apart, reached by
# address. Dask is installed with pip (ScaleOut/requirements.txt) into
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
"$work/venv/bin/python" ScaleOut/dask_calendars.py "$ics" "$work/calendars" --workers 2 --check \
    || exit 1

# The same over a cluster that runs on its own, reached by its address (--scheduler): a
# scheduler and a worker process started here, on a free port of the loopback interface.
port=$("$work/venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$work/venv/bin/dask" scheduler --host 127.0.0.1 --port "$port" --dashboard-address :0 \
    >"$work/scheduler.log" 2>&1 &
scheduler=$!
"$work/venv/bin/dask" worker "tcp://127.0.0.1:$port" --nworkers 2 --nthreads 1 \
    --dashboard-address :0 >"$work/worker.log" 2>&1 &
worker=$!
trap 'kill "$scheduler" "$worker" 2>/dev/null; wait 2>/dev/null' EXIT
"$work/venv/bin/python" ScaleOut/dask_calendars.py "$ics" "$work/calendars" \
    --scheduler "tcp://127.0.0.1:$port" --check
