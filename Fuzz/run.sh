#!/bin/sh
# Builds the libFuzzer targets (the read path and the round trip) with AddressSanitizer and runs
# each for a set time on a seed corpus made from Fixtures/ and, when it sits beside this
# checkout, the real calendars of ../shared/corpus/ (every file under 64 KB).
#
#     Fuzz/run.sh [SECONDS-PER-TARGET] [TARGET...]     (default: 300 seconds; read roundtrip)
#
# The run goes on after a crash (fork mode); crashes, leaks (LeakSanitizer), timeouts and
# out-of-memory inputs are written to Fuzz/work/artifacts/<target>/ and counted apart at the
# end, after the run's figures from libFuzzer's last status line (executions, executions per
# second, coverage as `cov:` and `ft:`, the corpus); the whole log is Fuzz/work/<target>.log.
# Copy each finding into Fixtures/invalid/fuzz/ with a regression test once it is fixed.
# `make test` type-checks the targets against the library (Fuzz/check.sh); this builds them.
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
  # The linker warns of every sanitizer symbol it cannot export: the log is shown on failure.
  if ! swiftc -sanitize=fuzzer,address -parse-as-library -g -O \
    -I "$build/release/Modules" -I Modules/CLibical \
    "$source" $objects $(pkg-config --libs libical) -o "$binary" > "$work/$target-build.log" 2>&1
  then
    grep -v 'Cannot export local symbol' "$work/$target-build.log" >&2
    exit 1
  fi
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
    > "$work/$target.log" 2>&1 || true
  # Fork mode's status line: "#RUNS: cov: N ft: N corp: N exec/s: N oom/timeout/crash: ...".
  # Its exec/s is the last job's; the average is over the whole run.
  grep '^#[0-9]*: cov:' "$work/$target.log" | tail -n 1 | awk -v target="$target" '{
    sub(/^#/, "", $1); sub(/:$/, "", $1); sub(/s$/, "", $13)
    printf "%s: %d executions in %d s, %.1f exec/s on average (%d in the last job), cov %d, ft %d, corpus %d inputs (oom/timeout/crash %s)\n", \
      target, $1, $13, ($13 > 0 ? $1 / $13 : 0), $9, $3, $5, $7, $11
  }'
  echo "$target: corpus folder holds $(find "$corpus" -type f | wc -l) files"
  for kind in crash leak timeout oom; do
    count=$(find "$artifacts" -name "$kind-*" | wc -l)
    echo "$target: $count $kind artifact(s)"
  done
done
ls "$work"/artifacts/* 2>/dev/null || true
