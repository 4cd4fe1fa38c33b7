#!/usr/bin/env bash
# HashiCorp's public HCL language test suite ("specsuite"), run by its own
# harness (cmd/hclspecsuite, built from Debian's Go packages) against our
# release `hcldec`. Prints every test's name and problems, then a closing
# line "N passed, M failed"; exits non-zero when any test fails.
#
# The Go packages are installed with apt-get when missing (as root, or
# through sudo). Nothing of the project depends on Go but this script and
# scripts/compare-hcldec.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

GO_SRC=/usr/share/gocode/src/github.com/hashicorp/hcl/v2
PACKAGES=(
    golang-go
    golang-github-hashicorp-hcl-v2-dev
    golang-github-zclconf-go-cty-dev
    golang-github-zclconf-go-cty-debug-dev
    golang-github-spf13-pflag-dev
    golang-golang-x-term-dev
    golang-golang-x-crypto-dev
)

missing=()
for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    echo "== installing ${missing[*]}"
    SUDO=()
    [ "$(id -u)" -eq 0 ] || SUDO=(sudo)
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

echo "== building the harness (cmd/hclspecsuite)"
export GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS=
export GOCACHE="${GOCACHE:-$WORK/gocache}"
go build -o "$WORK/hclspecsuite" github.com/hashicorp/hcl/v2/cmd/hclspecsuite

echo "== building hcldec (release)"
cargo build --release -q -p hcldec
TARGET_DIR="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
HCLDEC="$TARGET_DIR/release/hcldec"

# The suite runs once, against `hcldec` with its default rule set
# (`--semantics=spec`): every test must pass.
EXPECTED=15
echo "== running $GO_SRC/specsuite/tests (hcldec, default rule set)"
set +e
"$WORK/hclspecsuite" "$GO_SRC/specsuite/tests" "$HCLDEC" >"$WORK/out.txt" 2>&1
status=$?
set -e
cat "$WORK/out.txt"

# The harness prints "- NAME" when a test begins and again when it ends,
# with the test's problems (on standard error) in between.
summary="$(awk '
    /^- / {
        name = substr($0, 3)
        if (current == "") { current = name; bad = 0; next }
        if (name == current) {
            if (bad) { failed++; list = list "  " current "\n" } else { passed++ }
            current = ""; next
        }
    }
    /^== Test harness problems/ { harness = 1 }
    current != "" && $0 != "" { bad = 1 }
    END {
        if (list != "") printf "failed tests:\n%s", list
        if (harness) print "harness problems reported"
        printf "%d passed, %d failed\n", passed, failed + harness
    }
' "$WORK/out.txt")"
echo
echo "specsuite: $summary"
# The harness's exit status and the summary must agree that all passed.
[ "$status" -eq 0 ] || exit 1
grep -q "^$EXPECTED passed, 0 failed$" <<<"$summary" || {
    echo "expected $EXPECTED passed, 0 failed"
    exit 1
}
