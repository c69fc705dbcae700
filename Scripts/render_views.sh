#!/bin/sh
# Renders every `ics render` view of calendars in Fixtures/ to SVG and PNG (with rsvg-convert
# from Debian's librsvg2-bin), for the README and for looking at what the renderer draws.
#
#     Scripts/render_views.sh [OUTPUT-FOLDER]      (default: docs)
#
# ICS names the ics binary (default: .build/debug/ics, built first when missing). The pictures
# name DejaVu Sans and Symbola (for emoji); Japanese titles need a CJK font. On Debian:
# apt-get install librsvg2-bin fonts-dejavu-core fonts-symbola fonts-ipafont-gothic
set -eu
cd "$(dirname "$0")/.."
out=${1:-docs}
ics=${ICS:-.build/debug/ics}
[ -x "$ics" ] || swift build --product ics
command -v rsvg-convert >/dev/null || {
  echo "rsvg-convert is missing: apt-get install librsvg2-bin" >&2
  exit 1
}
fc-list | grep -q Symbola || echo "Symbola is missing, emoji will not show: apt-get install fonts-symbola" >&2
mkdir -p "$out"
demo=Fixtures/demo/team-week.ics
berlin="--tz Europe/Berlin"
"$ics" render day "$demo" --date 2026-12-08 $berlin --now 15:10 -o "$out/day.svg"
"$ics" render week "$demo" --date 2026-12-08 --week-start monday $berlin -o "$out/week.svg"
"$ics" render week Fixtures/meaning/two-calendars/mine.ics Fixtures/meaning/two-calendars/team.ics \
  --date 2026-09-08 --week-start monday $berlin -o "$out/week-two-calendars.svg"
"$ics" render month "$demo" --date 2026-12-08 --week-start monday $berlin -o "$out/month.svg"
"$ics" render timeline "$demo" --start 2026-12-07 --days 5 --scale day --zoom 4 \
  --rows location $berlin -o "$out/timeline.svg"
"$ics" render ranges Fixtures/layout/sleep.ics --day-boundary 18:00 $berlin -o "$out/ranges.svg"
# late-error.ics holds a year of daily meetings and, on purpose, some impossible dates, which
# ics reports on stderr and skips.
"$ics" render heatmap Fixtures/real/late-error.ics --date 2024-01-01 --months 3 \
  --week-start monday --tz UTC -o "$out/heatmap.svg" 2>/dev/null
"$ics" render month Fixtures/real/japan-west.ics --date 2005-08-01 --tz Asia/Tokyo \
  -o "$out/month-japan-west.svg"
for svg in "$out"/*.svg; do
  rsvg-convert "$svg" -o "${svg%.svg}.png"
done
ls "$out"
