#!/usr/bin/env bash
# The tools pipelines feed `ics` output to: every record, conflict report and free/busy report
# `ics` writes for the calendars of Fixtures/ checked against the JSON Schemas of Schemas/, and
# the README's pandas and DuckDB recipes run as written on the records of Fixtures/real
# (Pipelines/check.py), with the packages of Pipelines/requirements.txt installed with pip into
# Pipelines/work/venv. Skipped, saying why, when they cannot be installed.
#
# Usage: Pipelines/run.sh
set -uo pipefail
cd "$(dirname "$0")/.."

work=Pipelines/work
. Scripts/python-venv.sh
python_venv "$work" Pipelines/requirements.txt "pipeline test" || exit 0
swift build --product ics >/dev/null || exit 1
"$work/venv/bin/python" Pipelines/check.py "$(swift build --show-bin-path)/ics" .
