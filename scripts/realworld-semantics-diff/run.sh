#!/bin/sh
# Evaluates every attribute expression of the real-world native-syntax files
# (*.tf, *.hcl, *.nomad, *.pkr.hcl) in the bare repositories under a mirror
# directory (default /work/.mirror, each `OWNER+NAME/repo`), with every
# variable unknown and every function a stub returning an unknown value,
# through HashiCorp's hcl (Debian's golang-github-hashicorp-hcl-v2-dev) and
# through ours, and reports:
#
# - how many of the expressions evaluate alike in Go and with our
#   `Semantics::Go` (value and type; or both an error);
# - in `Semantics::Spec`, how many of those that differ from Go carry a
#   "Result differs from HashiCorp's HCL" warning, and how many of those
#   that agree wrongly carry one.
#
#     scripts/realworld-semantics-diff/run.sh [MIRROR_DIR]
#
# Not run by CI (it needs Go and the mirrors). KEEP=1 keeps the work
# directory (cases.txt, go.txt, go-mode.txt, spec-mode.txt) for a look.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mirror=${1:-/work/.mirror}
work=$(mktemp -d)
if [ "${KEEP:-}" = 1 ]; then echo "work directory: $work"; else trap 'rm -rf "$work"' EXIT; fi

mkdir -p "$work/gopath/src/rwdiff" "$work/files"
cp "$here/main.go" "$work/gopath/src/rwdiff/"
(cd "$work/gopath/src/rwdiff" && GOPATH="$work/gopath:/usr/share/gocode" GO111MODULE=off go build -o "$work/rwdiff" .)

# The files, from each repository's HEAD.
n=0
for repo in "$mirror"/*/repo; do
    [ -d "$repo" ] || continue
    name=$(basename "$(dirname "$repo")")
    git --git-dir="$repo" ls-tree -r --name-only HEAD | grep -E '\.(tf|hcl|nomad)$' |
        while IFS= read -r path; do
            out="$work/files/$name/$path"
            mkdir -p "$(dirname "$out")"
            git --git-dir="$repo" show "HEAD:$path" >"$out" 2>/dev/null || rm -f "$out"
        done
done
find "$work/files" -type f | sort >"$work/list.txt"
xargs "$work/rwdiff" extract <"$work/list.txt" >"$work/cases.txt"
"$work/rwdiff" eval <"$work/cases.txt" >"$work/go.txt"
REALWORLD_DIFF_DIR="$work" cargo test --manifest-path "$root/Cargo.toml" -p hcl-core \
    --test realworld_semantics_diff -- --ignored >/dev/null

python3 "$here/compare.py" "$work"
