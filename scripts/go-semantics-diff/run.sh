#!/bin/sh
# Compares `Semantics::Go` with go-cty on every case that
# hcl-core/tests/go_semantics_diff.rs generates (unification, conversion
# safety, value conversion), using Debian's go-cty and hcl packages
# (golang-github-zclconf-go-cty-dev, golang-github-hashicorp-hcl-v2-dev):
#
#     scripts/go-semantics-diff/run.sh
#
# Prints the cases where the two differ (case | Go | ours) and exits 1 if
# there is any.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/main.go" "$work/"
(cd "$work" && GO111MODULE=off GOPATH=/usr/share/gocode go build -o godiff .)
GO_SEMANTICS_DIFF_DIR="$work" cargo test --manifest-path "$root/Cargo.toml" -p hcl-core \
    --test go_semantics_diff -- --ignored >/dev/null
"$work/godiff" <"$work/cases.txt" >"$work/go.txt"
paste -d'|' "$work/cases.txt" "$work/go.txt" "$work/rust.txt" | awk -F'|' '$2 != $3' >"$work/diff.txt"
# Go's GetConversion has no conversion between identical map or primitive
# types (its callers test for equality first); ours is the identity.
grep -v -e '|none|safe$' "$work/diff.txt" >"$work/real.txt" || true
echo "$(wc -l <"$work/cases.txt") cases, $(wc -l <"$work/real.txt") differ"
cat "$work/real.txt"
test ! -s "$work/real.txt"
