#!/usr/bin/env bash
# Speed comparison of HashiCorp's Go `hcldec` and ours on a generated input
# of about 2 MB (about 2,700 blocks): prints each tool's time and the ratio.
# The goal is for ours to take at most 1/20 of Go's time.
#
# The Go tool is built from Debian's packages (installed with apt-get when
# missing, as root or through sudo); it is used for this comparison only.
# Uses `hyperfine` when it is installed, else a timing loop.
#
# Usage: scripts/compare-hcldec.sh [RUNS]   (default 10 runs each)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-10}"

PACKAGES=(
    golang-go
    golang-github-hashicorp-hcl-v2-dev
    golang-github-zclconf-go-cty-dev
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

echo "== building the Go hcldec"
GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS= GOCACHE="${GOCACHE:-$WORK/gocache}" \
    go build -o "$WORK/hcldec-go" github.com/hashicorp/hcl/v2/cmd/hcldec
echo "== building our hcldec (release)"
cargo build --release -q -p hcldec
TARGET_DIR="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
OURS="$TARGET_DIR/release/hcldec"
GO="$WORK/hcldec-go"

echo "== generating the input"
cat >"$WORK/spec.hcldec" <<'SPEC'
object {
  attr "region" {
    type     = string
    required = true
  }
  attr "version" { type = number }
  block_map "service" {
    labels = ["name"]
    object {
      attr "image" {
        type     = string
        required = true
      }
      attr "port" { type = number }
      attr "replicas" { type = number }
      attr "enabled" { type = bool }
      attr "weight" { type = number }
      attr "tags" { type = list(string) }
      attr "env" { type = map(string) }
      attr "description" { type = string }
      attr "limits" { type = object({ cpu = number, memory = string }) }
      block_list "endpoint" {
        object {
          attr "path" { type = string }
          attr "timeout" { type = number }
          attr "methods" { type = set(string) }
        }
      }
      block "health" {
        object {
          attr "interval" { type = number }
          attr "command" { type = list(string) }
        }
      }
    }
  }
}
SPEC
awk -v n=2700 'BEGIN {
    print "region  = \"eu-west-1\""
    print "version = 3\n"
    for (i = 0; i < n; i++) {
        printf "service \"svc-%05d\" {\n", i
        printf "  image       = \"registry.example.com/team-%d/app-%d:1.%d.%d\"\n", i % 40, i, i % 17, i % 7
        printf "  port        = %d\n", 8000 + i
        printf "  replicas    = %d\n", 1 + i % 5
        printf "  enabled     = %s\n", (i % 3 ? "true" : "false")
        printf "  weight      = %d.%02d\n", i % 10, i % 100
        printf "  tags        = [\"tier-%d\", \"zone-%c\", \"svc\", \"generated\"]\n", i % 4, 97 + i % 3
        printf "  description = \"Service number %d: a generated service used to compare the speed of two hcldec implementations on a large input.\"\n", i
        printf "  env = {\n    LOG_LEVEL = \"info\"\n    SERVICE_ID = \"%d\"\n    REGION = \"eu-west-1\"\n  }\n", i
        printf "  limits = {\n    cpu    = %d.5\n    memory = \"%dMi\"\n  }\n", i % 4, 128 * (1 + i % 8)
        printf "  endpoint {\n    path    = \"/api/v1/svc/%d\"\n    timeout = %d\n    methods = [\"GET\", \"POST\"]\n  }\n", i, 10 + i % 20
        printf "  endpoint {\n    path    = \"/health\"\n    timeout = 2\n    methods = [\"GET\"]\n  }\n"
        printf "  health {\n    interval = 15\n    command  = [\"/bin/check\", \"--port\", \"%d\"]\n  }\n", 8000 + i
        print "}\n"
    }
}' >"$WORK/input.hcl"
size=$(wc -c <"$WORK/input.hcl")
blocks=$(grep -c '^service ' "$WORK/input.hcl")
echo "input: $size bytes, $blocks service blocks (plus their nested blocks)"

# Both must agree before their speeds are compared.
"$GO" --spec="$WORK/spec.hcldec" "$WORK/input.hcl" >"$WORK/go.json"
"$OURS" --spec="$WORK/spec.hcldec" "$WORK/input.hcl" >"$WORK/ours.json"
if cmp -s "$WORK/go.json" "$WORK/ours.json"; then
    echo "outputs are identical ($(wc -c <"$WORK/ours.json") bytes)"
else
    echo "outputs differ!" >&2
    exit 1
fi

# Mean wall-clock and CPU (user + system) seconds of RUNS runs of a command,
# as "WALL CPU".
time_loop() {
    local TIMEFORMAT="%R %U %S"
    local t
    "$@" >/dev/null # warm-up
    t=$( { time (for _ in $(seq "$RUNS"); do "$@" >/dev/null; done) ; } 2>&1 )
    awk -v t="$t" -v n="$RUNS" 'BEGIN { split(t, a, " "); printf "%.6f %.6f", a[1] / n, (a[2] + a[3]) / n }'
}

read -r go_t go_cpu <<<"$(time_loop "$GO" --spec="$WORK/spec.hcldec" "$WORK/input.hcl")"
read -r ours_t ours_cpu <<<"$(time_loop "$OURS" --spec="$WORK/spec.hcldec" "$WORK/input.hcl")"
if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N --warmup 2 --runs "$RUNS" --export-json "$WORK/hf.json" \
        -n go "$GO --spec=$WORK/spec.hcldec $WORK/input.hcl" \
        -n ours "$OURS --spec=$WORK/spec.hcldec $WORK/input.hcl"
    go_t=$(grep -o '"mean": *[0-9.e+-]*' "$WORK/hf.json" | sed -n 1p | sed 's/.*: *//')
    ours_t=$(grep -o '"mean": *[0-9.e+-]*' "$WORK/hf.json" | sed -n 2p | sed 's/.*: *//')
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown) on $(nproc 2>/dev/null || echo '?') CPUs"
awk -v g="$go_t" -v o="$ours_t" -v gc="$go_cpu" -v oc="$ours_cpu" 'BEGIN {
    printf "go:   %8.2f ms wall, %8.2f ms CPU\n", g * 1000, gc * 1000
    printf "ours: %8.2f ms wall, %8.2f ms CPU\n", o * 1000, oc * 1000
    printf "ratio: ours takes 1/%.1f of Go'"'"'s time (wall; CPU: 1/%.1f); goal: 1/20 or better\n", g / o, gc / oc
}'
