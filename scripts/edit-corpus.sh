#!/usr/bin/env bash
# Lossless round trip of `hcl_core::edit::Document` over every
# .tf/.hcl/.nomad/.tfvars file of the repositories under /work/.mirror:
# each file that parses must print back byte for byte (and still parse
# after an edit). Runs the ignored test `edit::tests::fetched_corpus_round_trips`.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
mirror=${MIRROR:-/work/.mirror}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for git_dir in "$mirror"/*/repo; do
    name=$(basename "$(dirname "$git_dir")")
    git --git-dir="$git_dir" ls-tree -r --name-only HEAD 2>/dev/null |
        grep -E '\.(tf|hcl|nomad|tfvars)$' | while read -r path; do
        out=$work/$name/$path
        mkdir -p "$(dirname "$out")"
        git --git-dir="$git_dir" show "HEAD:$path" >"$out" 2>/dev/null || true
    done || true
done
EDIT_CORPUS_DIR=$work cargo test --manifest-path "$root/Cargo.toml" -p hcl-core --lib \
    edit::tests::fetched_corpus_round_trips -- --ignored --nocapture
