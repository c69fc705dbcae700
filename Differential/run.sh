#!/usr/bin/env bash
# The differential test: every calendar of the shared corpus (../shared/corpus beside this
# checkout) expanded by `ics events` and by python icalendar + recurring-ical-events (the
# versions in requirements.txt, installed with pip into Differential/work/venv), each
# difference checked against Differential/differences.tsv; then 3,000 random recurrence rules
# expanded by `ics events` and by python-dateutil (Differential/rules.py), each difference of a
# class in Differential/rule-differences.tsv. Skipped, saying why, when the corpus is absent or
# the packages cannot be installed.
#
# Usage: Differential/run.sh [--write-table]
set -uo pipefail
cd "$(dirname "$0")/.."

corpus=${ICS_CORPUS:-../shared/corpus}
work=Differential/work
if [ ! -d "$corpus" ]; then
    echo "differential test skipped: no corpus at $corpus"
    exit 0
fi
mkdir -p "$work"
if [ ! -x "$work/venv/bin/python" ]; then
    if ! python3 -m venv "$work/venv" >"$work/venv.log" 2>&1 \
        || ! "$work/venv/bin/pip" install --quiet -r Differential/requirements.txt \
            >>"$work/venv.log" 2>&1; then
        echo "differential test skipped: the Python packages could not be installed (see $work/venv.log)"
        rm -rf "$work/venv"
        exit 0
    fi
fi
swift build --product ics >/dev/null || exit 1
ics=$(swift build --show-bin-path)/ics
find "$corpus" -name '*.ics' | sort > "$work/files.txt"
"$work/venv/bin/python" Differential/expand.py "$work/files.txt" "$work/python.jsonl" || exit 1
"$work/venv/bin/python" Differential/compare.py "$ics" "$corpus" "$work/python.jsonl" \
    Differential/differences.tsv "$@"
corpus_status=$?
# Random rules against python-dateutil (Differential/rules.py), one fixed seed.
"$work/venv/bin/python" Differential/rules.py "$ics" 2026 3000 "$work"
rules_status=$?
[ "$corpus_status" -eq 0 ] && [ "$rules_status" -eq 0 ]
