#!/usr/bin/env bash
# Runs fuzz targets one after another: `fuzz/run.sh SECONDS [TARGET...]` (every target when
# none is named). The toolchain is stable, so cargo-fuzz's nightly flags are unlocked with
# RUSTC_BOOTSTRAP=1. Every target is built once up front (so edits made while a long
# sequence runs do not rebuild it halfway); each run is niced, memory-capped and logged to
# fuzz/logs/<target>.log; a crash, hang or out-of-memory stops that target, leaves its
# input in fuzz/artifacts/<target>/, and the script goes on to the next one. Exit 1 if any
# target failed.
set -uo pipefail
cd "$(dirname "$0")"
seconds="${1:?usage: fuzz/run.sh SECONDS [TARGET...]}"
shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(RUSTC_BOOTSTRAP=1 cargo fuzz list)
fi
[ -d corpus ] || (cd .. && python3 fuzz/seed.py >/dev/null)
mkdir -p logs
RUSTC_BOOTSTRAP=1 nice -n 19 cargo fuzz build -O --debug-assertions >logs/build.log 2>&1 ||
  { echo "the fuzz targets do not build: see fuzz/logs/build.log"; exit 1; }
binaries="target/$(rustc -vV | sed -n 's/^host: //p')/release"
# AddressSanitizer holds 256 MB of freed memory in quarantine by default, which the RSS
# limit counts: replaying a large seed corpus then looks like an out-of-memory (seen on
# yaml_loader: 27 MB live, 240 MB quarantined). A small quarantine keeps the limit about
# our memory; safe Rust has no use-after-free for a long quarantine to catch.
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=16}"
# The targets write the inputs they read from a path into a scratch folder of their own
# (fuzz/src/lib.rs); libFuzzer ends its process without running Rust's destructors, so the
# folders live under a temporary directory of this run, removed when the script ends.
TMPDIR="$(mktemp -d)"
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
failed=0
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target" "artifacts/$target"
  if nice -n 19 "$binaries/$target" "corpus/$target" -artifact_prefix="artifacts/$target/" \
    -max_total_time="$seconds" -rss_limit_mb=512 -timeout=10 -print_final_stats=1 \
    >"logs/$target.log" 2>&1; then
    echo "$target: $(grep -E '^stat::number_of_executed_units' "logs/$target.log" | awk '{print $2}') executions in ${seconds}s, no finding"
  else
    failed=1
    echo "$target: FAILED, see fuzz/logs/$target.log and fuzz/artifacts/$target/"
  fi
done
exit "$failed"
