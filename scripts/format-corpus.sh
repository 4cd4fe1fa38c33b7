#!/usr/bin/env bash
# Differential test of the formatter and of `hclfmt` against HashiCorp's
# Go `cmd/hclfmt` (built from Debian's golang-github-hashicorp-hcl-v2-dev).
#
#   scripts/format-corpus.sh record   re-record the expected outputs, -check
#                                     diagnostics and exit codes of
#                                     hcl-core/tests/format/*/ with Go's hclfmt
#   scripts/format-corpus.sh compare  format every .tf/.hcl/.nomad/.tfvars
#                                     file of the repositories under
#                                     /work/.mirror (when present) and the
#                                     committed corpus with both tools and
#                                     report the files whose outputs or exit
#                                     codes differ (also with -check)
#   scripts/format-corpus.sh          both
#
# The committed corpus is run without Go by `cargo test -p hcl-core --test
# format_corpus` (formatting) and `cargo test -p hclfmt` (-check diagnostics
# and exit codes).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpus=$root/hcl-core/tests/format
go_bin=${HCLFMT_GO:-/tmp/hclfmt-go}
mirror=${MIRROR:-/work/.mirror}

build_go() {
    if [[ ! -x $go_bin ]]; then
        local gopath
        gopath=$(mktemp -d)
        GOPATH=$gopath:/usr/share/gocode GO111MODULE=off \
            go build -o "$go_bin" github.com/hashicorp/hcl/v2/cmd/hclfmt
    fi
}

build_rust() {
    cargo build --quiet --release -p hclfmt --manifest-path "$root/Cargo.toml"
    rust_bin=$root/target/release/hclfmt
}

# Records, for each input file `NAME.in` of the corpus (formatted from
# standard input): Go's output `NAME.out`; with `-check`, its standard error
# `NAME.check` and exit status `NAME.status`.
record() {
    build_go
    local n=0
    for input in "$corpus"/*/*.in; do
        local base=${input%.in}
        "$go_bin" <"$input" >"$base.out"
        local status=0
        "$go_bin" -check <"$input" >/dev/null 2>"$base.check" || status=$?
        echo "$status" >"$base.status"
        n=$((n + 1))
    done
    echo "recorded $n cases"
}

compare_one() {
    local file=$1 flags=$2
    local go_out rust_out go_status=0 rust_status=0
    go_out=$(mktemp) rust_out=$(mktemp)
    # shellcheck disable=SC2086
    (cd "$(dirname "$file")" && "$go_bin" $flags "$(basename "$file")") >"$go_out" 2>&1 || go_status=$?
    # shellcheck disable=SC2086
    (cd "$(dirname "$file")" && "$rust_bin" $flags "$(basename "$file")") >"$rust_out" 2>&1 || rust_status=$?
    local ok=1
    if ! cmp -s "$go_out" "$rust_out" || [[ $go_status != "$rust_status" ]]; then
        ok=0
        echo "DIFF ($flags) $file: go=$go_status rust=$rust_status"
        diff <(cat -A "$go_out") <(cat -A "$rust_out") | head -20 || true
    fi
    rm -f "$go_out" "$rust_out"
    return $((1 - ok))
}

compare() {
    build_go
    build_rust
    local work
    work=$(mktemp -d)
    local count=0 bytes=0 failed=0
    # The committed corpus.
    for input in "$corpus"/*/*.in; do
        local copy
        copy=$work/corpus/$(basename "$(dirname "$input")")/$(basename "$input" .in).hcl
        mkdir -p "$(dirname "$copy")"
        cp "$input" "$copy"
    done
    # Files of the fetched repositories.
    if [[ -d $mirror ]]; then
        for git_dir in "$mirror"/*/repo; do
            local name
            name=$(basename "$(dirname "$git_dir")")
            git --git-dir="$git_dir" ls-tree -r --name-only HEAD 2>/dev/null |
                grep -E '\.(tf|hcl|nomad|tfvars)$' | while read -r path; do
                local out=$work/mirror/$name/$path
                mkdir -p "$(dirname "$out")"
                git --git-dir="$git_dir" show "HEAD:$path" >"$out" 2>/dev/null || true
            done || true
        done
    fi
    while IFS= read -r -d '' file; do
        count=$((count + 1))
        bytes=$((bytes + $(stat -c %s "$file")))
        compare_one "$file" "" || failed=$((failed + 1))
        compare_one "$file" "-check -require-no-change" || failed=$((failed + 1))
    done < <(find "$work" -type f -print0 | sort -z)
    rm -rf "$work"
    echo "compared $count files ($bytes bytes), 2 runs each: $failed differences"
    [[ $failed == 0 ]]
}

case ${1:-all} in
record) record ;;
compare) compare ;;
all) record && compare ;;
*)
    echo "usage: $0 [record|compare|all]" >&2
    exit 2
    ;;
esac
