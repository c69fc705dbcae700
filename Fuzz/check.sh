#!/bin/sh
# Type-checks every fuzz target (Fuzz/*.swift) against the package's modules as the last debug
# build left them (`swift build` or `swift test` first), so that `make test` fails when the
# library's API moves under the targets. Builds nothing and needs no sanitizer runtime.
#
#     Fuzz/check.sh
set -eu
cd "$(dirname "$0")/.."
modules="$(${SWIFT:-swift} build --show-bin-path)/Modules"
if [ ! -d "$modules" ]; then
  echo "Fuzz/check.sh: no modules in $modules; run swift build or swift test first" >&2
  exit 1
fi
status=0
for source in Fuzz/*.swift; do
  if swiftc -typecheck -parse-as-library -I "$modules" -I Modules/CLibical "$source"; then
    echo "$source: type-checks against the library"
  else
    echo "$source: does not type-check against the library" >&2
    status=1
  fi
done
exit $status
