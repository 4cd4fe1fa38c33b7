#!/usr/bin/env bash
# Every test of the project: the README's test command runs this script.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace
