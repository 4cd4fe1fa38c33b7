#!/usr/bin/env bash
# Records what HashiCorp's Go implementation does for docs/deviations.md
# rows 59-63 into go-output.txt (needs Debian's Go packages, as
# tests/specsuite.sh). Not run by CI: the tests quote the recorded output.
set -euo pipefail
cd "$(dirname "$0")"
HERE="$PWD"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export GO111MODULE=off GOFLAGS= GOCACHE="${GOCACHE:-$WORK/gocache}"
mkdir -p "$WORK/src/probe"
cp main.go "$WORK/src/probe/"
(cd "$WORK/src/probe" && GOPATH="$WORK:/usr/share/gocode" go build -o "$WORK/probe" .)
GOPATH=/usr/share/gocode go build -o "$WORK/hcldec" github.com/hashicorp/hcl/v2/cmd/hcldec

cd "$WORK"
cat >req.hcldec <<'SPEC'
object {
  attr "name" {
    type     = string
    required = true
  }
  attr "any" {
    required = true
  }
}
SPEC
printf 'name = null\nany = null\n' >req.hcl
cat >tr.hcldec <<'SPEC'
transform {
  attr {
    name = "a"
    type = number
  }
}
SPEC
printf 'a = 1\n' >a.hcl
cat >len.hcldec <<'SPEC'
literal {
  value = length({a = 1, b = true})
}
SPEC
cat >hasindex.hcldec <<'SPEC'
literal {
  value = hasindex({a = 1}, "a")
}
SPEC
{
    ./probe
    for c in "req.hcldec req.hcl" "req.hcldec --keep-nulls req.hcl" "tr.hcldec a.hcl" \
        "len.hcldec a.hcl" "hasindex.hcldec a.hcl"; do
        set -- $c
        spec=$1
        shift
        echo "hcldec --spec=$spec $*:"
        ./hcldec --spec="$spec" "$@" 2>&1 | sed 's/^/  /' || true
    done
} >"$HERE/go-output.txt"
echo "wrote $HERE/go-output.txt"
