"""A feed published with `ics convert --set`, read back by python icalendar.

Converts Fixtures/feed/league.json (records without uids) to .ics with calendar properties
set, checks it with `ics validate --profile feed`, then reads it with icalendar and checks
that every record became one VEVENT with its title, place and start, under a UID of its own,
and that the calendar properties read as set. Prints what differs; exits 1 when anything does.

    feed.py ICS WORK
"""

import datetime
import json
import os
import subprocess
import sys
import zoneinfo

import icalendar

ics, work = sys.argv[1], sys.argv[2]
records_path = "Fixtures/feed/league.json"
feed = os.path.join(work, "league.ics")
environment = dict(os.environ, SOURCE_DATE_EPOCH="1788220800")
subprocess.run(
    [ics, "convert", records_path, "-o", feed, "--set", "X-WR-CALNAME=League 2026, autumn",
     "--set", "REFRESH-INTERVAL=PT1H", "--set", "X-PUBLISHED-TTL=PT1H", "--set", "METHOD=PUBLISH"],
    check=True, env=environment, stderr=subprocess.DEVNULL)
validation = subprocess.run([ics, "validate", feed, "--profile", "feed"], capture_output=True,
                            text=True)
problems = []
if validation.returncode != 0:
    problems.append("validate --profile feed: " + validation.stdout.strip())

with open(feed, "rb") as file:
    calendar = icalendar.Calendar.from_ical(file.read())
with open(records_path) as file:
    records = json.load(file)

if str(calendar.get("X-WR-CALNAME")) != "League 2026, autumn":
    problems.append(f"X-WR-CALNAME reads {calendar.get('X-WR-CALNAME')!r}")
refresh = calendar.get("REFRESH-INTERVAL")
if refresh is None or refresh.dt != datetime.timedelta(hours=1):
    problems.append(f"REFRESH-INTERVAL reads {refresh!r}")
events = [component for component in calendar.walk("VEVENT")]
if len(events) != len(records):
    problems.append(f"{len(events)} VEVENTs for {len(records)} records")
uids = [str(event.get("UID")) for event in events]
if len(set(uids)) != len(uids):
    problems.append(f"UIDs repeat: {uids}")
for record, event in zip(records, events):
    if str(event.get("SUMMARY")) != record["title"]:
        problems.append(f"SUMMARY {event.get('SUMMARY')!r} for {record['title']!r}")
    if record.get("location") and str(event.get("LOCATION")) != record["location"]:
        problems.append(f"LOCATION {event.get('LOCATION')!r} for {record['location']!r}")
    start = event.decoded("DTSTART")
    if record.get("allDay"):
        expected = datetime.date.fromisoformat(record["start"])
    else:
        expected = datetime.datetime.fromisoformat(record["start"]).replace(
            tzinfo=zoneinfo.ZoneInfo(record["zone"]))
    if start != expected:
        problems.append(f"DTSTART {start!r} for {record['title']!r}, expected {expected!r}")
    if record.get("description") and str(event.get("DESCRIPTION")) != record["description"]:
        problems.append(f"DESCRIPTION {event.get('DESCRIPTION')!r}")

for problem in problems:
    print("feed:", problem)
print(f"feed: {len(events)} events read back by icalendar {icalendar.__version__}, "
      f"{len(problems)} difference{'s' if len(problems) != 1 else ''}")
sys.exit(1 if problems else 0)
