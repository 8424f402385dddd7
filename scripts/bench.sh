#!/usr/bin/env bash
# Times the release binary as a user runs it, each command interleaved with its yardstick,
# and prints the medians and ratios of issue 27's goals (benches/process.rs documents the
# groups and variables): start-up against a bare `fn main`, `validate` of a vFW-like set
# (and against VVP when VNFWIZ_BENCH_VVP names VVP's source tree), the generated 5 000- and
# 10 000-resource VNFs of both shapes, and folder/OVA hashing against `openssl dgst -sha256`.
#
#   VNFWIZ_BENCH_VFW=path/to/onap/demo/heat/vFW \
#   VNFWIZ_BENCH_VVP=path/to/vvp-validation-scripts VNFWIZ_BENCH_VVP_PYTHON=venv/bin/python \
#   scripts/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo bench --bench process "$@"
