# What Benchmarks/recurrence-bombs.sh and Benchmarks/far-rules.sh share, sourced by both: the
# binary, and one rule expanded by `ics events` over a window, printed as a row.

ics=.build/release/ics
[ -x "$ics" ] || ics=.build/debug/ics
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# time_rule RULE DTSTART FROM TO: one row of the rule's wall time, peak memory, instances
# listed and first diagnostic.
time_rule() {
  local rule=$1 dtstart=$2 from=$3 to=$4
  printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:rule\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:%s\r\nRRULE:%s\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' "$dtstart" "$rule" > "$work/rule.ics"
  local start end seconds megabytes instances reported
  start=$(date +%s%N)
  /usr/bin/time -f '%M' -o "$work/time" "$ics" events "$work/rule.ics" --from "$from" --to "$to" \
    -f ndjson > "$work/out" 2> "$work/err" || true
  end=$(date +%s%N)
  seconds=$(awk -v n=$((end - start)) 'BEGIN { printf "%.3f", n / 1e9 }')
  megabytes=$(awk '{ printf "%.1f", $1 / 1024 }' "$work/time")
  instances=$(wc -l < "$work/out")
  reported=$(sed -E 's/^[^:]*:[0-9]+: //' "$work/err" | head -1 | cut -c1-60)
  printf '%-66s %8s %9s %10s  %s\n' "$rule" "$seconds" "$megabytes" "$instances" "${reported:-nothing}"
}

# Prints the header of the rows.
rule_header() {
  printf '%-66s %8s %9s %10s  %s\n' "rule" "seconds" "peak MB" "instances" "reported"
}
