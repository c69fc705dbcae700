# Sourced by the benchmark scripts: `ics` is the binary to measure (ICS, else a release build
# made here) and `work` a folder for inputs under Benchmarks/work, named by the first argument.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ics=${ICS:-}
if [ -z "$ics" ]; then
    swift build -c release --product ics >/dev/null
    ics=$(swift build -c release --show-bin-path)/ics
fi
work=Benchmarks/work/$1
mkdir -p "$work"
