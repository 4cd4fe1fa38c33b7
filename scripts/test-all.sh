#!/usr/bin/env bash
# Every test of the project: the README's test command runs this script.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace
# The optional features' tests (colour, JSON, miette, url targets): only the
# two crates that have features.
cargo test -p hcl-core -p hcl-decode --all-features
# The language server driven by a real editor's LSP client (Neovim,
# installed from Debian's packages when missing).
bash hcl-ls/tests/neovim/client.sh
# HashiCorp's HCL language test suite, through our hcldec (installs the Go
# harness's Debian packages when missing).
bash tests/specsuite.sh
