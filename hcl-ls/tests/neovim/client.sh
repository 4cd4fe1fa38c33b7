#!/usr/bin/env bash
# The end-to-end test with a real editor: Neovim (Debian's package, installed
# here when missing) drives the hcl-ls binary through its built-in LSP client
# (client.lua), and each step's answer is checked. Prints a closing line
# "N passed, M failed" and exits non-zero on any failure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"

if ! command -v nvim >/dev/null 2>&1; then
    echo "== installing neovim"
    SUDO=()
    [ "$(id -u)" -eq 0 ] || SUDO=(sudo)
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends neovim
fi
nvim --version | head -1

cargo build -q -p hcl-ls --manifest-path "$root/Cargo.toml"
target="$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/vars.hcl" <<'HCL'
variable "region" {
  type        = string
  description = "Where the service runs."
}
HCL
cat >"$work/main.hcl" <<'HCL'
# The service.
service "web" {
  name="web"
  port =
  label = upper("x")
  zone  = var.region
}
HCL

HCL_LS="$target/debug/hcl-ls" WORKDIR="$work" timeout 60 \
    nvim --headless --clean -u NONE -c "luafile $here/client.lua" >/dev/null 2>&1 || true

passed=0
failed=0
check() {
    local step="$1" expected="$2"
    local got
    got="$(python3 -c '
import json, sys
for line in open(sys.argv[1]):
    entry = json.loads(line)
    if entry["step"] == sys.argv[2]:
        print(json.dumps(entry["value"], ensure_ascii=False))
' "$work/result.jsonl" "$step" 2>/dev/null || true)"
    if [ "$got" = "$expected" ]; then
        passed=$((passed + 1))
        echo "ok   $step"
    else
        failed=$((failed + 1))
        echo "FAIL $step"
        echo "     expected: $expected"
        echo "     got:      $got"
    fi
}

check diagnostics-on-open '"Invalid expression\nExpected the start of an expression, but found an invalid expression token."'
check diagnostics-after-edit '0'
check hover '"```hcl\nupper(str string) string\n```\n\nReturns the given string with all Unicode letters translated to their uppercase equivalents."'
check completion-after-var '["region"]'
check definition '{"end": {"character": 17, "line": 0}, "start": {"character": 9, "line": 0}}'
check symbols '["service \"web\""]'
check formatted '["# The service.", "service \"web\" {", "  name  = \"web\"", "  port  = 8080", "  label = upper(\"x\")", "  zone  = var.region", "}"]'

echo "neovim: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
