#!/usr/bin/env python3
"""Generate Sources/ChronoSketchEvents/Zones/WindowsZones.swift from CLDR's windowsZones.xml.

Usage:
    Scripts/generate_windows_zones.py [WINDOWS_ZONES_XML] [--cldr-version N] [--output PATH]

WINDOWS_ZONES_XML defaults to the copy shipped by Debian's unicode-cldr-core package,
/usr/share/unicode/cldr/common/supplemental/windowsZones.xml.

The CLDR version is not in windowsZones.xml itself (its <version> is "$Revision$"). It is read,
in order, from --cldr-version, from the fixed `cldrVersion` attribute in the DTD that the file's
DOCTYPE names (common/dtd/ldmlSupplemental.dtd), or from `dpkg-query` for unicode-cldr-core when
the file is the packaged one. Without any of these the script stops.

Each <mapZone other="…" territory="001" type="…"/> gives the default IANA name of a Windows ID.
Each group of mapZone elements is preceded by a comment holding the Windows display name, such as
<!-- (UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna -->. The script checks that every
group has exactly one such comment, so a change of layout in a later CLDR makes it fail loudly.

Only the Python 3 standard library is used. The output is sorted, so it is deterministic.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

DEFAULT_XML = "/usr/share/unicode/cldr/common/supplemental/windowsZones.xml"
DEBIAN_PACKAGE = "unicode-cldr-core"
DEBIAN_PREFIX = "/usr/share/unicode/cldr/"
SCRIPT_NAME = "Scripts/generate_windows_zones.py"
OUTPUT_RELATIVE = os.path.join("Sources", "ChronoSketchEvents", "Zones", "WindowsZones.swift")
MAX_LINE = 100
INDENT = "    "

# The permission notice of the Unicode License Agreement - Data Files and Software
# (SPDX: Unicode-DFS-2016), under which CLDR 41 (and every CLDR before 44) is distributed.
# The licence asks for the copyright and permission notice to accompany copies of the data.
UNICODE_PERMISSION_NOTICE = """\
Permission is hereby granted, free of charge, to any person obtaining
a copy of the Unicode data files and any associated documentation
(the "Data Files") or Unicode software and any associated documentation
(the "Software") to deal in the Data Files or Software
without restriction, including without limitation the rights to use,
copy, modify, merge, publish, distribute, and/or sell copies of
the Data Files or Software, and to permit persons to whom the Data Files
or Software are furnished to do so, provided that either
(a) this copyright and permission notice appear with all copies
of the Data Files or Software, or
(b) this copyright and permission notice appear in associated
Documentation.

THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF
ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT OF THIRD PARTY RIGHTS.
IN NO EVENT SHALL THE COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS
NOTICE BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR CONSEQUENTIAL
DAMAGES, OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE,
DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER
TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR
PERFORMANCE OF THE DATA FILES OR SOFTWARE.

Except as contained in this notice, the name of a copyright holder
shall not be used in advertising or otherwise to promote the sale,
use or other dealings in these Data Files or Software without prior
written authorization of the copyright holder."""


class GenerationError(Exception):
    """The input is not shaped as expected."""


def parse_windows_zones(path: str) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Returns (IANA name by Windows ID, Windows ID by display name, mapTimezones attributes)."""
    parser = ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))
    root = ET.parse(path, parser=parser).getroot()
    map_timezones = root.findall("./windowsZones/mapTimezones")
    if len(map_timezones) != 1:
        raise GenerationError(f"expected one windowsZones/mapTimezones, found {len(map_timezones)}")
    container = map_timezones[0]

    iana_by_id: dict[str, str] = {}
    id_by_display: dict[str, str] = {}
    display_by_id: dict[str, str] = {}
    pending_display: str | None = None
    group_id: str | None = None

    for node in container:
        if node.tag is ET.Comment:
            if pending_display is not None:
                raise GenerationError(f"two comments in a row: {pending_display!r}, {node.text!r}")
            pending_display = " ".join((node.text or "").split())
            if not pending_display:
                raise GenerationError("empty display-name comment")
            group_id = None
            continue
        if node.tag != "mapZone":
            raise GenerationError(f"unexpected element <{node.tag}> in mapTimezones")
        windows_id = node.get("other")
        territory = node.get("territory")
        iana = node.get("type")
        if not windows_id or not territory or not iana:
            raise GenerationError(f"incomplete mapZone: {node.attrib}")
        if pending_display is not None:
            # First mapZone of a new group: the comment just before it names this Windows ID.
            if pending_display in id_by_display:
                raise GenerationError(f"display name used twice: {pending_display!r}")
            if windows_id in display_by_id:
                raise GenerationError(f"Windows ID {windows_id!r} has two display names")
            id_by_display[pending_display] = windows_id
            display_by_id[windows_id] = pending_display
            group_id = windows_id
            pending_display = None
        elif group_id != windows_id:
            raise GenerationError(f"mapZone for {windows_id!r} is not under its display comment")
        if territory == "001":
            if windows_id in iana_by_id:
                raise GenerationError(f"two territory-001 entries for {windows_id!r}")
            # The type may list several names separated by spaces; the first is the canonical one.
            iana_by_id[windows_id] = iana.split()[0]

    if pending_display is not None:
        raise GenerationError(f"display-name comment without zones: {pending_display!r}")
    missing_default = sorted(set(display_by_id) - set(iana_by_id))
    if missing_default:
        raise GenerationError(f"Windows IDs without a territory-001 entry: {missing_default}")
    missing_display = sorted(set(iana_by_id) - set(display_by_id))
    if missing_display:
        raise GenerationError(f"Windows IDs without a display name: {missing_display}")
    return iana_by_id, id_by_display, dict(container.attrib)


def copyright_line(path: str) -> str:
    """The copyright line from the XML file's own header comment."""
    with open(path, encoding="utf-8") as handle:
        head = handle.read(4096)
    match = re.search(r"Copyright\s+©\s+[0-9][0-9 ,\-–]*[0-9]\s+Unicode, Inc\.", head)
    if match is None:
        raise GenerationError("no 'Copyright © … Unicode, Inc.' line in the file header")
    return " ".join(match.group(0).split())


def cldr_version_from_dtd(path: str) -> str | None:
    """The fixed cldrVersion of the DTD that the file's DOCTYPE names, if it can be read."""
    with open(path, encoding="utf-8") as handle:
        head = handle.read(4096)
    doctype = re.search(r'<!DOCTYPE\s+\w+\s+SYSTEM\s+"([^"]+)"', head)
    if doctype is None:
        return None
    dtd_path = os.path.normpath(os.path.join(os.path.dirname(path), doctype.group(1)))
    try:
        with open(dtd_path, encoding="utf-8") as handle:
            dtd = handle.read()
    except OSError:
        return None
    fixed = re.search(r'<!ATTLIST\s+version\s+cldrVersion\s+CDATA\s+#FIXED\s+"([^"]+)"', dtd)
    return fixed.group(1) if fixed else None


def cldr_version_from_dpkg(path: str) -> str | None:
    """The upstream version of Debian's unicode-cldr-core, when the file is the packaged copy."""
    if not os.path.realpath(path).startswith(DEBIAN_PREFIX):
        return None
    try:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", DEBIAN_PACKAGE],
            capture_output=True, text=True, check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    # Debian version "41-0.1": the upstream part is before the last hyphen.
    version = result.stdout.strip()
    return version.rsplit("-", 1)[0] if version else None


def swift_string(text: str) -> str:
    """A Swift string literal for text."""
    out = ['"']
    for char in text:
        if char == "\\":
            out.append("\\\\")
        elif char == '"':
            out.append('\\"')
        elif char == "\n":
            out.append("\\n")
        elif char == "\r":
            out.append("\\r")
        elif char == "\t":
            out.append("\\t")
        elif ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 or char in "\u2028\u2029":
            out.append(f"\\u{{{ord(char):X}}}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def dictionary_lines(mapping: dict[str, str]) -> list[str]:
    """One `key: value,` entry per line (split after the colon when too long), sorted by key."""
    lines = []
    entry_indent = INDENT * 2
    for key in sorted(mapping):
        key_literal, value_literal = swift_string(key), swift_string(mapping[key])
        line = f"{entry_indent}{key_literal}: {value_literal},"
        if len(line) <= MAX_LINE:
            lines.append(line)
        else:
            lines.append(f"{entry_indent}{key_literal}:")
            lines.append(f"{entry_indent}{INDENT}{value_literal},")
    return lines


def render(
    iana_by_id: dict[str, str],
    id_by_display: dict[str, str],
    attributes: dict[str, str],
    cldr_version: str,
    source_name: str,
    copyright_text: str,
    source_note: str,
) -> str:
    header = [
        f"// Generated by {SCRIPT_NAME}; do not edit. Re-run the script to update.",
        "//",
        f"// Source: Unicode CLDR {cldr_version}, {source_name}",
        f"// (mapTimezones otherVersion={attributes.get('otherVersion', '?')}, "
        f"typeVersion={attributes.get('typeVersion', '?')}){source_note}.",
        f"// {len(iana_by_id)} Windows IDs (territory 001), {len(id_by_display)} display names "
        "(from the comment before each group).",
        "//",
        "// The CLDR data is distributed under the Unicode License Agreement - Data Files and",
        "// Software (SPDX: Unicode-DFS-2016), https://www.unicode.org/copyright.html.",
        "// Its notice follows.",
        "//",
        f"// {os.path.basename(source_name)}: {copyright_text} All rights reserved.",
        "//",
    ]
    header += [f"// {line}".rstrip() for line in UNICODE_PERMISSION_NOTICE.splitlines()]
    body = [
        "",
        "/// Windows time-zone IDs and Outlook display names, mapped to IANA zone names",
        f"/// (CLDR windowsZones, version {cldr_version}).",
        "enum WindowsZones {",
        f"{INDENT}/// Windows ID → IANA name (territory 001).",
        f"{INDENT}static let ianaByWindowsID: [String: String] = [",
        *dictionary_lines(iana_by_id),
        f"{INDENT}]",
        "",
        f"{INDENT}/// Display name, as Windows shows it (`(UTC+01:00) Amsterdam, Berlin, …`)"
        " → Windows ID.",
        f"{INDENT}static let windowsIDByDisplayName: [String: String] = [",
        *dictionary_lines(id_by_display),
        f"{INDENT}]",
        "}",
        "",
    ]
    return "\n".join(header + body)


def main(argv: list[str]) -> int:
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("xml", nargs="?", default=DEFAULT_XML, help=f"default: {DEFAULT_XML}")
    parser.add_argument("--cldr-version", help="CLDR version, when it cannot be found otherwise")
    parser.add_argument(
        "--output", default=os.path.join(package_root, OUTPUT_RELATIVE),
        help=f"default: <package>/{OUTPUT_RELATIVE}",
    )
    args = parser.parse_args(argv)

    try:
        version = (
            args.cldr_version or cldr_version_from_dtd(args.xml) or cldr_version_from_dpkg(args.xml)
        )
        if not version:
            raise GenerationError("cannot tell the CLDR version; pass --cldr-version")
        iana_by_id, id_by_display, attributes = parse_windows_zones(args.xml)
        packaged = os.path.realpath(args.xml).startswith(DEBIAN_PREFIX)
        text = render(
            iana_by_id, id_by_display, attributes, version,
            # The packaged path is fixed; any other path is reduced to its file name so that the
            # output does not depend on where a copy happened to be.
            args.xml if packaged else os.path.basename(args.xml),
            copyright_line(args.xml),
            f",\n// as installed by Debian's {DEBIAN_PACKAGE} package" if packaged else "",
        )
    except (OSError, ET.ParseError, GenerationError) as error:
        print(f"{SCRIPT_NAME}: {args.xml}: {error}", file=sys.stderr)
        return 1

    with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    print(
        f"wrote {args.output}: {len(iana_by_id)} Windows IDs, {len(id_by_display)} display names, "
        f"CLDR {version}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
