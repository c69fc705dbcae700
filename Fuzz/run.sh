#!/bin/sh
# Builds the libFuzzer targets (the read path and the round trip) with AddressSanitizer and runs
# each for a set time on a seed corpus made from Fixtures/ and, when it sits beside this
# checkout, the real calendars of ../shared/corpus/ (every file under 64 KB).
#
#     Fuzz/run.sh [SECONDS-PER-TARGET] [TARGET...]     (default: 300 seconds; read roundtrip)
#
# The run goes on after a crash (fork mode); crashes, leaks (LeakSanitizer), timeouts and
# out-of-memory inputs are written to Fuzz/work/artifacts/<target>/ and counted apart at the
# end. Copy each into Fixtures/invalid/fuzz/ with a regression test once it is fixed.
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-300}
[ $# -gt 0 ] && shift
targets=${*:-read roundtrip}
work=Fuzz/work
# Swift's own backtracer would read freed memory after a fatalError, which AddressSanitizer
# reports as a use-after-free on top of the real finding.
export SWIFT_BACKTRACE=enable=no
build=.build/fuzz
mkdir -p "$work"

# The package's modules, instrumented for coverage and AddressSanitizer.
swift build --build-path "$build" -c release --target ChronoSketchFormats \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >/dev/null
objects=$(for module in Core Syntax Events Formats; do
  find "$build/release/ChronoSketch$module.build" -name "*.o"
done)

for target in $targets; do
  case $target in
    read) source=Fuzz/ReadFuzzer.swift ;;
    roundtrip) source=Fuzz/RoundTripFuzzer.swift ;;
    *) echo "unknown target $target" >&2; exit 64 ;;
  esac
  binary="$work/$target-fuzzer"
  swiftc -sanitize=fuzzer,address -parse-as-library -g -O \
    -I "$build/release/Modules" -I Modules/CLibical \
    "$source" $objects $(pkg-config --libs libical) -o "$binary" 2>/dev/null
  corpus="$work/corpus/$target"
  artifacts="$work/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  # Seeds: every calendar small enough to mutate quickly, named by its content so that files
  # of one name in different folders are all kept.
  seeds="Fixtures"
  [ -d ../shared/corpus ] && seeds="$seeds ../shared/corpus"
  find $seeds -name '*.ics' -size -64k | while read -r file; do
    cp "$file" "$corpus/$(sha1sum < "$file" | cut -c1-16).ics"
  done
  echo "fuzzing $target for $seconds s"
  "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_len=65536 -artifact_prefix="$artifacts/" -print_final_stats=1 \
    2>&1 | tail -n 25 > "$work/$target.log" || true
  tail -n 12 "$work/$target.log"
  for kind in crash leak timeout oom; do
    count=$(find "$artifacts" -name "$kind-*" | wc -l)
    echo "$target: $count $kind artifact(s)"
  done
done
ls "$work"/artifacts/* 2>/dev/null || true
