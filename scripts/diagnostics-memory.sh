#!/usr/bin/env bash
# The memory of many diagnostics, measured from outside: a file of N
# (default 640,000) arguments that the spec does not expect, decoded by the
# release `hcldec`, whose diagnostics go to a file. Prints the maximum
# resident set size, the user and system times, and the bytes of resident
# memory per diagnostic. Needs GNU time (/usr/bin/time).
#
#   bash scripts/diagnostics-memory.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-640000}"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

cargo build --release -q -p hcldec
TARGET_DIR="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
HCLDEC="$TARGET_DIR/release/hcldec"

awk -v n="$N" 'BEGIN { for (i = 0; i < n; i++) printf "unexpected_%d = %d\n", i, i }' >"$WORK/many.hcl"
printf 'object {\n  attr "name" {\n    type = string\n  }\n}\n' >"$WORK/spec.hcldec"

set +e
/usr/bin/time -v -o "$WORK/time.txt" "$HCLDEC" --spec="$WORK/spec.hcldec" "$WORK/many.hcl" \
    >/dev/null 2>"$WORK/diagnostics.txt"
status=$?
set -e
[ "$status" -eq 2 ] || { echo "hcldec exited with $status, expected 2 (diagnostics)"; exit 1; }

count="$(grep -c '^Error: Unsupported argument$' "$WORK/diagnostics.txt")"
rss_kb="$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$WORK/time.txt")"
user="$(sed -n 's/.*User time (seconds): //p' "$WORK/time.txt")"
system="$(sed -n 's/.*System time (seconds): //p' "$WORK/time.txt")"
echo "diagnostics: $count"
echo "maximum resident set size: $((rss_kb / 1024)) MB ($((rss_kb * 1024 / count)) bytes per diagnostic)"
echo "user time: ${user}s, system time: ${system}s"
