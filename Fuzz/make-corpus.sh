#!/usr/bin/env bash
# Builds the fuzzing corpus in Fuzz/.build/corpus/: journal-line/ holds one file per line of
# the recorded journals (Journals/*.jsonl), of the seeds (Fuzz/Seeds/journal-line/) and of
# journals the property kit generates (`island fuzz --save-cases`); journal/ holds those
# journals whole (and the seeds of Fuzz/Seeds/journal/); repl-command/ holds one
# file per command of the Playground scripts (Playground/*.island), of the seeds
# (Fuzz/Seeds/repl-command/), and of the generated journals written as REPL commands by the
# REPL's own `log`. Files are named by the hash of their content, so duplicates collapse;
# what is there already (the inputs libFuzzer kept) stays.
set -euo pipefail
fuzz="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$fuzz")"
out="$fuzz/.build/corpus"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out/journal-line" "$out/journal" "$out/repl-command"

# One file per non-empty line of standard input, into directory $1.
add_lines() {
  while IFS= read -r line || [ -n "$line" ]; do
    [ -n "$line" ] || continue
    printf '%s' "$line" >"$work/line"
    mv "$work/line" "$1/$(sha1sum <"$work/line" | cut -c1-40)"
  done
}

(cd "$root" && swift build --product island >&2)
island="$(cd "$root" && swift build --show-bin-path)/island"
"$island" fuzz --seed 1 --runs 200 --length 40 --save-cases "$work/cases" >/dev/null

shopt -s nullglob
for file in "$root"/Journals/*.jsonl "$fuzz"/Seeds/journal-line/*.jsonl "$work"/cases/*.jsonl; do
  case "$file" in *.expected.jsonl) continue ;; esac
  add_lines "$out/journal-line" <"$file"
done
# Whole journals, one file each: the recorded ones, the seeds, the generated cases.
for file in "$root"/Journals/*.jsonl "$fuzz"/Seeds/journal/*.jsonl "$work"/cases/*.jsonl; do
  case "$file" in *.expected.jsonl) continue ;; esac
  cp "$file" "$out/journal/$(sha1sum <"$file" | cut -c1-40)"
done
for file in "$root"/Playground/*.island "$fuzz"/Seeds/repl-command/*.island; do
  grep -v '^[[:space:]]*#' "$file" | add_lines "$out/repl-command"
done
for file in "$work"/cases/*.jsonl; do
  printf 'load %s\nlog\n' "$file" | "$island" 2>/dev/null \
    | grep -E '^(start|update|end|tap|longpress|wait) ' | add_lines "$out/repl-command" || true
done
echo "corpus: $(ls "$out/journal-line" | wc -l) journal lines, $(ls "$out/journal" | wc -l)" \
  "journals, $(ls "$out/repl-command" | wc -l) REPL commands in $out"
