#!/usr/bin/env bash
# Builds a libFuzzer target (release, -sanitize=fuzzer,address) and runs it for SECONDS.
#
#   Fuzz/run.sh journal-line SECONDS [LIBFUZZER FLAGS...]   the journal's line decoders
#   Fuzz/run.sh journal SECONDS [LIBFUZZER FLAGS...]        whole journals, read and folded
#   Fuzz/run.sh repl-command SECONDS [LIBFUZZER FLAGS...]   the REPL's command parser
#
# The corpus is built on first use (make-corpus.sh) and grows in Fuzz/.build/corpus/TARGET;
# a crashing input is saved in Fuzz/.build/artifacts/TARGET/ and the script exits non-zero.
# Run one input again: Fuzz/run.sh TARGET 0 Fuzz/.build/artifacts/TARGET/crash-...
set -euo pipefail
fuzz="$(cd "$(dirname "$0")" && pwd)"
usage="usage: Fuzz/run.sh journal-line|journal|repl-command SECONDS [LIBFUZZER FLAGS...]"
# Lines are short; whole journals go well beyond 8 KB, so that a fold that is not linear in
# its input (a start of thousands of state fields) reaches the timeout.
max_len=8192
case "${1:-}" in
  journal-line) product=FuzzJournalLine ;;
  journal) product=FuzzJournal dictionary=journal-line max_len=262144 ;;
  repl-command) product=FuzzREPLCommand ;;
  *) echo "$usage" >&2; exit 64 ;;
esac
target=$1
dictionary=${dictionary:-$target}
seconds=${2:?$usage}
shift 2
# Inputs named on the command line are read from where the script was run.
inputs=()
for argument in "$@"; do
  if [ -f "$argument" ]; then inputs+=("$(cd "$(dirname "$argument")" && pwd)/$(basename "$argument")"); fi
done
cd "$fuzz"
# SwiftPM's --sanitize fuzzer builds a libFuzzer executable (no main of its own), but the
# compiler keeps only the last of several -sanitize flags, so both sanitizers go in one.
flags=(-c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address)
swift build "${flags[@]}" --product "$product" >&2
[ -d ".build/corpus/$target" ] || ./make-corpus.sh >&2
mkdir -p ".build/artifacts/$target"
# Crashes go to libFuzzer's handler, which prints the input and saves it, not to Swift's
# backtracer. The Swift runtime's caches live until exit: no leak report at exit.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
binary="$(swift build "${flags[@]}" --show-bin-path)/$product"
if [ ${#inputs[@]} -gt 0 ]; then
  exec "$binary" "${inputs[@]}"
fi
exec "$binary" ".build/corpus/$target" -dict="Dictionaries/$dictionary.dict" \
  -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
  -artifact_prefix=".build/artifacts/$target/" -print_final_stats=1 "$@"
