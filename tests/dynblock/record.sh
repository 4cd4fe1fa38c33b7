#!/usr/bin/env bash
# Records what HashiCorp's Go implementation gives for each case of
# cases/: Go's cmd/hcldec, built from Debian's golang-github-hashicorp-hcl-v2-dev
# with its input body wrapped in ext/dynblock's Expand (a two-line patch
# made here, in a temporary GOPATH; nothing of Go's is kept in the
# repository). For each case directory (spec.hcldec + input.hcl) it writes
# expected.txt: the exit status, then Go's output (the value as JSON, or
# the diagnostics as --diags=json). The Rust test,
# tests/tests/dynblock_differential.rs, needs no Go.
set -euo pipefail
cd "$(dirname "$0")"
G=$(mktemp -d)
trap 'rm -rf "$G"' EXIT
src=/usr/share/gocode/src/github.com/hashicorp/hcl/v2/cmd/hcldec
mkdir -p "$G/src/hcldecdyn"
cp "$src"/*.go "$G/src/hcldecdyn/"
main="$G/src/hcldecdyn/main.go"
sed -i 's|"github.com/hashicorp/hcl/v2/hcldec"|"github.com/hashicorp/hcl/v2/hcldec"\n\t"github.com/hashicorp/hcl/v2/ext/dynblock"|' "$main"
sed -i 's|^\tif \*showVarRefs {|\tbody = dynblock.Expand(body, ctx)\n\n\tif *showVarRefs {|' "$main"
(cd "$G/src/hcldecdyn" && GOPATH="$G:/usr/share/gocode" GO111MODULE=off go build -o "$G/hcldec" .)
for case in cases/*/; do
    case=${case%/}
    set +e
    out=$("$G/hcldec" --diags=json --spec "$case/spec.hcldec" "$case/input.hcl" 2>&1)
    status=$?
    set -e
    printf '%s\n%s\n' "$status" "$out" > "$case/expected.txt"
done
