#!/usr/bin/env python3
"""Generate a deterministic RFC 5545 calendar for benchmarking.

    python3 Benchmarks/generate_calendar.py --events N --seed S -o OUT.ics

The output is one VCALENDAR holding exactly N VEVENT components, with CRLF
line endings, content lines folded at 75 octets (never inside a UTF-8
sequence) and TEXT values escaped per RFC 5545 section 3.3.11.  Every TZID
that is referenced has an embedded VTIMEZONE.

Zone mix of the events (drawn per event, so the shares are approximate):
    40% TZID=Europe/Berlin, 15% TZID=America/New_York, 10% TZID=Asia/Kolkata,
    15% UTC, 10% floating, 10% all-day (VALUE=DATE, 1-3 days).

--recurring-fraction F turns that fraction of the logical events into weekly
series (RRULE:FREQ=WEEKLY;COUNT=10) carrying one EXDATE, each followed by one
RECURRENCE-ID override VEVENT.  A series occupies two of the N VEVENTs, so the
VEVENT count in the file is N whatever F is.

The same arguments always give byte-identical output.  Nothing is printed on
stdout unless --stats is given, which prints one line: "events=N bytes=B".
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys

CRLF = b"\r\n"
FOLD_LIMIT = 75  # octets per physical line, excluding the CRLF

# --------------------------------------------------------------------------
# Embedded time zone definitions (current rules).

VTIMEZONES = {
    "Europe/Berlin": [
        "BEGIN:VTIMEZONE",
        "TZID:Europe/Berlin",
        "BEGIN:DAYLIGHT",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "TZNAME:CEST",
        "DTSTART:19700329T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "END:DAYLIGHT",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "TZNAME:CET",
        "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
        "END:STANDARD",
        "END:VTIMEZONE",
    ],
    "America/New_York": [
        "BEGIN:VTIMEZONE",
        "TZID:America/New_York",
        "BEGIN:DAYLIGHT",
        "TZOFFSETFROM:-0500",
        "TZOFFSETTO:-0400",
        "TZNAME:EDT",
        "DTSTART:20070311T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
        "END:DAYLIGHT",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:-0400",
        "TZOFFSETTO:-0500",
        "TZNAME:EST",
        "DTSTART:20071104T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
        "END:STANDARD",
        "END:VTIMEZONE",
    ],
    "Asia/Kolkata": [
        "BEGIN:VTIMEZONE",
        "TZID:Asia/Kolkata",
        "BEGIN:STANDARD",
        "TZOFFSETFROM:+0530",
        "TZOFFSETTO:+0530",
        "TZNAME:IST",
        "DTSTART:19700101T000000",
        "END:STANDARD",
        "END:VTIMEZONE",
    ],
}

# (kind, tzid, cumulative probability)
ZONE_TABLE = [
    ("tz", "Europe/Berlin", 0.40),
    ("tz", "America/New_York", 0.55),
    ("tz", "Asia/Kolkata", 0.65),
    ("utc", None, 0.80),
    ("floating", None, 0.90),
    ("date", None, 1.00),
]

# --------------------------------------------------------------------------
# Text pools.  They deliberately contain commas, semicolons, backslashes and
# multi-byte UTF-8 (2, 3 and 4 octet sequences).

SUMMARY_HEADS = [
    "Team-Besprechung", "Réunion d'équipe", "Quarterly review", "Sprint planning",
    "Συνάντηση έργου", "プロジェクト会議", "项目评审", "Kaffee ☕ mit Jörg",
    "Déjeuner client", "1:1", "Retro 🔁", "Übergabe", "Workshop", "Arzttermin",
    "Standup", "Démo produit", "Budgetplanung", "Onboarding", "Design review",
    "Ταξίδι", "週次定例", "팀 회의", "Café crème", "Launch 🚀",
]
SUMMARY_TAILS = [
    "", "", "", "", " – Q3", ": Straße & Wege", ", Teil 2", "; bitte vorbereiten",
    " (Zoë, François)", " für München", " à Montréal", " στην Αθήνα", " 東京",
    " 🎉", ", budget; hiring", " \\ backlog",
]
LOCATIONS = [
    "Raum 3.14, Gebäude B", "Salle Émile-Zola; 2e étage", "Zoom", "Teams",
    "東京オフィス 5F", "Café Ñandú, Buenos Aires", "Konferenzraum „Zugspitze“",
    "Αίθουσα 2, Θεσσαλονίκη", "Home office 🏠", "Main St. 12, Suite 400; NYC",
    "Bengaluru campus, Tower C", "Hauptbahnhof, Gleis 7", "北京会议中心",
    "Rue de Rivoli 99, Paris", "C:\\Shared\\Rooms\\Blue",
]
CATEGORY_POOL = [
    "WORK", "MEETING", "PERSONAL", "Reise", "Équipe", "研修", "HOLIDAY",
    "Kunde, extern", "Ελλάδα", "Priorität;hoch", "🎯 Goals",
]
STATUSES = ["CONFIRMED"] * 16 + ["TENTATIVE"] * 3 + ["CANCELLED"]
PARTSTATS = ["ACCEPTED", "ACCEPTED", "TENTATIVE", "DECLINED", "NEEDS-ACTION"]
ROLES = ["REQ-PARTICIPANT", "REQ-PARTICIPANT", "OPT-PARTICIPANT", "CHAIR"]

PEOPLE = [
    ("Jürgen Müller", "juergen.mueller@example.de"),
    ("Müller, Anna", "anna.mueller@example.de"),
    ("François Lefèvre", "francois.lefevre@example.fr"),
    ("Zoë O'Brien", "zoe.obrien@example.ie"),
    ("Γιώργος Παπαδόπουλος", "g.papadopoulos@example.gr"),
    ("山田 太郎", "taro.yamada@example.jp"),
    ("李 小龙", "xiaolong.li@example.cn"),
    ("Priya Raghunathan", "priya.r@example.in"),
    ("Søren Østergaard", "soren.ostergaard@example.dk"),
    ("José Ñúñez; Ops", "jose.nunez@example.es"),
    ("Ana-Lúcia Gonçalves", "ana.goncalves@example.pt"),
    ("Bob Smith", "bob.smith@example.com"),
    ("Élodie Dubois", "elodie.dubois@example.fr"),
    ("Ömer Yılmaz", "omer.yilmaz@example.tr"),
    ("Kim Min-jun", "minjun.kim@example.kr"),
    ("Łukasz Wójcik", "lukasz.wojcik@example.pl"),
]

DESCRIPTION_PIECES = [
    "Bitte die Unterlagen vorab lesen, danke!",
    "Tagesordnung: Begrüßung; Rückblick; Ausblick.",
    "Größere Änderungen am Straßenbau, überraschend früh.",
    "Merci de confirmer votre présence, s'il vous plaît.",
    "Ordre du jour : café, croissants; ensuite la réunion.",
    "Où est la salle ? Près de l'ascenseur, côté jardin.",
    "Καλημέρα σε όλους, η συνάντηση θα είναι σύντομη.",
    "Παρακαλώ φέρτε τα έγγραφα; ευχαριστώ.",
    "会議の資料は共有フォルダにあります。",
    "请提前十分钟到达，谢谢。",
    "회의실은 3층에 있습니다, 감사합니다.",
    "Dial-in: +1 555 0100, PIN 4242; backup line 0101.",
    "Path: C:\\Projects\\Q3\\plan.xlsx (read-only).",
    "Agenda: 1) status, 2) risks; 3) next steps.",
    "Don't forget: slides, demo, feedback form.",
    "🚀🎉 Launch prep, 🍕 lunch provided; ☕ all day.",
    "Emoji test: 😀 😎 🧪 🗓️ — plus a snowman ☃.",
    "Quote: \"Simplicity is prerequisite for reliability.\"",
    "Reminder – room change, see below.",
    "Notes:\n- item one\n- item two, with comma\n- item three; with semicolon",
]

# --------------------------------------------------------------------------
# Encoding helpers.


def escape_text(value: str) -> str:
    """Escape a TEXT value (RFC 5545 section 3.3.11)."""
    return (
        value.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
    )


def param_value(value: str) -> str:
    """Quote a parameter value when it contains ':', ';' or ','."""
    if any(ch in value for ch in ":;,"):
        return '"' + value + '"'
    return value


def fold(line: str) -> bytes:
    """Encode one content line and fold it so that no physical line exceeds
    FOLD_LIMIT octets; cuts are moved back so they never fall inside a UTF-8
    sequence.  Continuation lines start with one space, which counts towards
    the limit."""
    data = line.encode("utf-8")
    if len(data) <= FOLD_LIMIT:
        return data + CRLF
    parts = []
    start = 0
    limit = FOLD_LIMIT
    end = len(data)
    while end - start > limit:
        cut = start + limit
        while data[cut] & 0xC0 == 0x80:  # continuation byte: step back
            cut -= 1
        parts.append(data[start:cut])
        start = cut
        limit = FOLD_LIMIT - 1
    parts.append(data[start:])
    return b"\r\n ".join(parts) + CRLF


def fmt_local(t: dt.datetime) -> str:
    return t.strftime("%Y%m%dT%H%M%S")


def fmt_date(d: dt.date) -> str:
    return d.strftime("%Y%m%d")


def fmt_duration(minutes: int) -> str:
    if minutes % 1440 == 0:
        return "P%dD" % (minutes // 1440)
    hours, mins = divmod(minutes, 60)
    out = "PT"
    if hours:
        out += "%dH" % hours
    if mins:
        out += "%dM" % mins
    return out


# --------------------------------------------------------------------------
# Daylight-saving gaps: local wall times that do not exist are avoided so
# that every generated DATE-TIME has exactly one meaning.


def _nth_sunday(year: int, month: int, n: int) -> dt.date:
    """n-th Sunday of the month; n = -1 means the last one."""
    if n > 0:
        first = dt.date(year, month, 1)
        offset = (6 - first.weekday()) % 7
        return first + dt.timedelta(days=offset + 7 * (n - 1))
    nxt = dt.date(year + (month == 12), month % 12 + 1, 1)
    last = nxt - dt.timedelta(days=1)
    return last - dt.timedelta(days=(last.weekday() - 6) % 7)


_GAP_CACHE: dict[tuple[str, int], dt.date | None] = {}


def _gap_day(tzid: str, year: int) -> dt.date | None:
    key = (tzid, year)
    if key not in _GAP_CACHE:
        if tzid == "Europe/Berlin":
            _GAP_CACHE[key] = _nth_sunday(year, 3, -1)
        elif tzid == "America/New_York":
            _GAP_CACHE[key] = _nth_sunday(year, 3, 2)
        else:
            _GAP_CACHE[key] = None
    return _GAP_CACHE[key]


def in_gap(tzid: str, t: dt.datetime) -> bool:
    """True when the local time t falls into the skipped hour 02:00-02:59."""
    if t.hour != 2:
        return False
    return _gap_day(tzid, t.year) == t.date()


# --------------------------------------------------------------------------
# Event generation.

RANGE_START = dt.date(2024, 1, 1)
RANGE_DAYS = (dt.date(2028, 12, 31) - RANGE_START).days + 1
DTSTAMP_BASE = dt.datetime(2023, 11, 1, 8, 0, 0)


class Generator:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.seed = seed

    # -- pieces ------------------------------------------------------------

    def summary(self) -> str:
        r = self.rng
        return r.choice(SUMMARY_HEADS) + r.choice(SUMMARY_TAILS)

    def description(self) -> str:
        r = self.rng
        target = r.randint(200, 600)
        pieces = []
        length = 0
        while length < target:
            piece = r.choice(DESCRIPTION_PIECES)
            sep = "\n" if r.random() < 0.25 else " "
            pieces.append(piece)
            pieces.append(sep)
            length += len(piece) + 1
        return "".join(pieces)[:target]

    def timed_span(self, tzid: str | None, weeks: int) -> tuple[dt.datetime, int]:
        """Local start and duration in minutes (15 min to 3 h).  About 8% of
        events start late in the evening and cross midnight.  For zoned
        events, start and end avoid the DST gap in every one of `weeks`
        weekly occurrences."""
        r = self.rng
        day = RANGE_START + dt.timedelta(days=r.randrange(RANGE_DAYS))
        x = r.random()
        if x < 0.08:
            start_min = r.randrange(21 * 60 + 15, 24 * 60, 15)
            lowest = 24 * 60 - start_min + 15
            duration = r.randrange(lowest, 181, 15)
        else:
            if x < 0.20:
                start_min = r.randrange(0, 24 * 60, 15)
            else:
                start_min = r.randrange(7 * 60, 21 * 60, 15)
            duration = r.randrange(15, 181, 15)
        start = dt.datetime.combine(day, dt.time()) + dt.timedelta(minutes=start_min)
        if tzid is not None:
            for _ in range(4):
                clash = False
                for w in range(weeks):
                    s = start + dt.timedelta(weeks=w)
                    if in_gap(tzid, s) or in_gap(tzid, s + dt.timedelta(minutes=duration)):
                        clash = True
                        break
                if not clash:
                    break
                start += dt.timedelta(hours=2)
        return start, duration

    # -- property rendering -----------------------------------------------

    @staticmethod
    def time_prop(name: str, kind: str, tzid: str | None, value) -> str:
        if kind == "date":
            return "%s;VALUE=DATE:%s" % (name, fmt_date(value))
        if kind == "tz":
            return "%s;TZID=%s:%s" % (name, tzid, fmt_local(value))
        if kind == "utc":
            return "%s:%sZ" % (name, fmt_local(value))
        return "%s:%s" % (name, fmt_local(value))

    def people_lines(self) -> list[str]:
        r = self.rng
        count = r.randint(1, 4)
        chosen = r.sample(PEOPLE, count + 1)
        lines = []
        if r.random() < 0.5:
            cn, mail = chosen[0]
            lines.append("ORGANIZER;CN=%s:mailto:%s" % (param_value(cn), mail))
        for cn, mail in chosen[1:]:
            params = "CN=%s" % param_value(cn)
            if r.random() < 0.3:
                params += ";ROLE=" + r.choice(ROLES)
            params += ";PARTSTAT=" + r.choice(PARTSTATS)
            if r.random() < 0.2:
                params += ";RSVP=TRUE"
            lines.append("ATTENDEE;%s:mailto:%s" % (params, mail))
        return lines

    def common_lines(self, uid: str) -> list[str]:
        stamp = DTSTAMP_BASE + dt.timedelta(seconds=self.rng.randrange(120 * 86400))
        return ["UID:" + uid, "DTSTAMP:" + fmt_local(stamp) + "Z"]

    def detail_lines(self, summary: str) -> list[str]:
        r = self.rng
        lines = ["SUMMARY:" + escape_text(summary)]
        if r.random() < 0.5:
            lines.append("LOCATION:" + escape_text(r.choice(LOCATIONS)))
        if r.random() < 1 / 3:
            cats = r.sample(CATEGORY_POOL, r.randint(1, 3))
            lines.append("CATEGORIES:" + ",".join(escape_text(c) for c in cats))
        lines.append("STATUS:" + r.choice(STATUSES))
        if r.random() < 0.05:
            lines.append("TRANSP:TRANSPARENT")
        lines.extend(self.people_lines())
        lines.append("DESCRIPTION:" + escape_text(self.description()))
        return lines

    # -- whole events -------------------------------------------------------

    def event(self, index: int, kind: str, tzid: str | None, series: bool) -> list[str]:
        """Return the content lines of one VEVENT, or of a series master
        followed by its override when `series` is true."""
        r = self.rng
        uid = "%08d-%04x-%06x@bench.ics.example" % (index, self.seed & 0xFFFF, r.getrandbits(24))
        summary = self.summary()
        weeks = 10 if series else 1
        zone = tzid if kind == "tz" else None

        if kind == "date":
            start = RANGE_START + dt.timedelta(days=r.randrange(RANGE_DAYS))
            days = r.randint(1, 3)
            timing = [
                self.time_prop("DTSTART", kind, tzid, start),
                self.time_prop("DTEND", kind, tzid, start + dt.timedelta(days=days)),
            ]
            step = dt.timedelta(weeks=1)
            shift = dt.timedelta(days=1)
            span = dt.timedelta(days=days)
        else:
            start, minutes = self.timed_span(zone, weeks)
            if r.random() < 0.10:
                if r.random() < 0.1:
                    minutes = 1440
                timing = [
                    self.time_prop("DTSTART", kind, tzid, start),
                    "DURATION:" + fmt_duration(minutes),
                ]
            else:
                end = start + dt.timedelta(minutes=minutes)
                timing = [
                    self.time_prop("DTSTART", kind, tzid, start),
                    self.time_prop("DTEND", kind, tzid, end),
                ]
            step = dt.timedelta(weeks=1)
            shift = dt.timedelta(hours=1)
            span = dt.timedelta(minutes=minutes)

        lines = ["BEGIN:VEVENT"]
        lines.extend(self.common_lines(uid))
        lines.extend(timing)
        if series:
            lines.append("RRULE:FREQ=WEEKLY;COUNT=10")
            excluded, moved = r.sample(range(1, 10), 2)
            lines.append(self.time_prop("EXDATE", kind, tzid, start + excluded * step))
        lines.extend(self.detail_lines(summary))
        lines.append("END:VEVENT")

        if series:
            original = start + moved * step
            new_start = original + shift
            if zone is not None and (in_gap(zone, new_start) or in_gap(zone, new_start + span)):
                new_start += dt.timedelta(hours=2)
            lines.append("BEGIN:VEVENT")
            lines.extend(self.common_lines(uid))
            lines.append(self.time_prop("RECURRENCE-ID", kind, tzid, original))
            lines.append(self.time_prop("DTSTART", kind, tzid, new_start))
            lines.append(self.time_prop("DTEND", kind, tzid, new_start + span))
            lines.append("SEQUENCE:1")
            lines.extend(self.detail_lines(summary + " (verschoben / moved)"))
            lines.append("END:VEVENT")
        return lines


def generate(path: str, events: int, seed: int, recurring_fraction: float) -> tuple[int, int]:
    """Write the calendar to `path` (via a temporary file that is renamed
    into place) and return (VEVENT count, byte count)."""
    gen = Generator(seed)
    # Decide every event's zone and shape up front (own stream), so that the
    # VTIMEZONE blocks can be written before the events.
    plan_rng = random.Random(seed ^ 0x5EED5EED)
    plan: list[tuple[str, str | None, bool]] = []
    remaining = events
    while remaining > 0:
        x = plan_rng.random()
        kind, tzid = ZONE_TABLE[-1][0], ZONE_TABLE[-1][1]
        for k, z, cum in ZONE_TABLE:
            if x < cum:
                kind, tzid = k, z
                break
        series = remaining >= 2 and plan_rng.random() < recurring_fraction
        plan.append((kind, tzid, series))
        remaining -= 2 if series else 1

    used = sorted({tzid for kind, tzid, _ in plan if kind == "tz"})

    tmp = path + ".tmp-%d" % os.getpid()
    written = 0
    vevents = 0
    try:
        with open(tmp, "wb") as out:
            head = [
                "BEGIN:VCALENDAR",
                "VERSION:2.0",
                "PRODID:-//ics benchmark//generate_calendar.py//EN",
                "CALSCALE:GREGORIAN",
                "X-WR-CALNAME:Benchmark (seed %d\\, %d events)" % (seed, events),
            ]
            for tzid in used:
                head.extend(VTIMEZONES[tzid])
            chunk = b"".join(fold(line) for line in head)
            out.write(chunk)
            written += len(chunk)

            batch: list[bytes] = []
            for index, (kind, tzid, series) in enumerate(plan):
                lines = gen.event(index, kind, tzid, series)
                vevents += 2 if series else 1
                batch.extend(fold(line) for line in lines)
                if len(batch) >= 4096:
                    chunk = b"".join(batch)
                    out.write(chunk)
                    written += len(chunk)
                    batch = []
            batch.append(fold("END:VCALENDAR"))
            chunk = b"".join(batch)
            out.write(chunk)
            written += len(chunk)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return vevents, written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write a deterministic RFC 5545 calendar for benchmarks."
    )
    parser.add_argument("--events", type=int, required=True, help="number of VEVENTs")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("-o", "--output", required=True, help="output .ics path")
    parser.add_argument(
        "--recurring-fraction",
        type=float,
        default=0.0,
        help="fraction of events that are weekly series with an EXDATE and "
        "one RECURRENCE-ID override (default 0)",
    )
    parser.add_argument("--stats", action="store_true", help='print "events=N bytes=B"')
    args = parser.parse_args(argv)

    if args.events < 0:
        parser.error("--events must be >= 0")
    if not 0.0 <= args.recurring_fraction <= 1.0:
        parser.error("--recurring-fraction must be between 0 and 1")

    vevents, size = generate(args.output, args.events, args.seed, args.recurring_fraction)
    if args.stats:
        print("events=%d bytes=%d" % (vevents, size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
