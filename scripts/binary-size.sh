#!/usr/bin/env bash
# The stripped size of a one-struct `from_str` application, release build:
# hcl-decode with its default features, hcl-decode with none (the pure core
# function families only), and hcl-rs 0.20 with serde's derive, the same
# struct and input. Builds in a temporary directory outside the repository
# (crates.io is needed for hcl-rs); takes several minutes.
#
#   scripts/binary-size.sh [WORKDIR]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
cd "$work"
# One target directory: the three applications share what they can.
export CARGO_TARGET_DIR="$work/target"

app() { # name, dependency lines, main.rs
    mkdir -p "$1/src"
    printf '[package]\nname = "%s"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n%s\n\n[profile.release]\nstrip = true\n\n[workspace]\n' \
        "$1" "$2" > "$1/Cargo.toml"
    printf '%s\n' "$3" > "$1/src/main.rs"
}

input='name = \"api\"\nport = 8080\ndebug = true\n'
ours_main="use hcl_decode::HclBody;

#[derive(HclBody, Debug)]
#[allow(dead_code)]
struct Config {
    name: String,
    port: u16,
    debug: bool,
}

fn main() {
    let src = std::env::args().nth(1).unwrap_or_else(|| \"$input\".to_owned());
    let config: Config = hcl_decode::from_str(&src, \"app.hcl\").expect(\"valid\");
    println!(\"{config:?}\");
}"
hclrs_main="use serde::Deserialize;

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Config {
    name: String,
    port: u16,
    debug: bool,
}

fn main() {
    let src = std::env::args().nth(1).unwrap_or_else(|| \"$input\".to_owned());
    let config: Config = hcl::from_str(&src).expect(\"valid\");
    println!(\"{config:?}\");
}"

app ours_default "hcl-decode = { path = \"$repo/hcl-decode\" }" "$ours_main"
app ours_none "hcl-decode = { path = \"$repo/hcl-decode\", default-features = false }" "$ours_main"
app hcl_rs 'hcl-rs = "0.20"
serde = { version = "1", features = ["derive"] }' "$hclrs_main"

for a in hcl_rs ours_none ours_default; do
    (cd "$a" && cargo build --release --quiet)
    bytes=$(stat -c %s "$CARGO_TARGET_DIR/release/$a")
    echo "$a: $bytes bytes ($(awk "BEGIN { printf \"%.2f\", $bytes / 1000000 }") MB)"
done
