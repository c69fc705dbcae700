#!/usr/bin/env bash
# The differential test: every calendar of the shared corpus (../shared/corpus beside this
# checkout) expanded by `ics events` and by python icalendar + recurring-ical-events (the
# versions in requirements.txt, installed with pip into Differential/work/venv), each
# difference checked against Differential/differences.tsv; then the tasks, journals and alarms
# of the corpus against the same stack (Differential/components.py, differences in
# Differential/component-differences.tsv); then 3,000 random recurrence rules
# expanded by `ics events` and by python-dateutil (Differential/rules.py), each difference of a
# class in Differential/rule-differences.tsv; then a feed published from Fixtures/feed/league.json
# with `convert --set`, read back by icalendar (Differential/feed.py). Skipped, saying why, when
# the corpus is absent or the packages cannot be installed.
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
. Scripts/python-venv.sh
python_venv "$work" Differential/requirements.txt "differential test" || exit 0
swift build --product ics >/dev/null || exit 1
ics=$(swift build --show-bin-path)/ics
find "$corpus" -name '*.ics' | sort > "$work/files.txt"
"$work/venv/bin/python" Differential/expand.py "$work/files.txt" "$work/python.jsonl" || exit 1
"$work/venv/bin/python" Differential/compare.py "$ics" "$corpus" "$work/python.jsonl" \
    Differential/differences.tsv "$@"
corpus_status=$?
# Tasks, journals and alarms of the corpus (Differential/components.py).
"$work/venv/bin/python" Differential/components.py "$ics" "$corpus" \
    Differential/component-differences.tsv "$@"
components_status=$?
# Random rules against python-dateutil (Differential/rules.py), one fixed seed: every frequency
# from SECONDLY to YEARLY, every BY part, INTERVALs up to 10^6, dates to 9999, zones that change
# their offset.
"$work/venv/bin/python" Differential/rules.py "$ics" 2026 3000 "$work"
rules_status=$?
# A feed published with `convert --set`, checked by `validate --profile feed` and read back by
# icalendar (Differential/feed.py).
"$work/venv/bin/python" Differential/feed.py "$ics" "$work"
feed_status=$?
[ "$corpus_status" -eq 0 ] && [ "$components_status" -eq 0 ] && [ "$rules_status" -eq 0 ] \
    && [ "$feed_status" -eq 0 ]
