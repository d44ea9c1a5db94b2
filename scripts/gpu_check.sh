#!/usr/bin/env bash
# Runs on the GPU machine (the `device` tool), from the repository root, with the wheel
# built here by `make wheel` carried in .whl/:
#   installs the wheel, runs the whole test suite with FERRODF_DEVICE=gpu, runs the
#   benchmarks, and writes logs under $OUT (default ./gpu-out).
# Most of the GPU time is NVRTC compiling kernel modules on the CPU, so the tests are
# sharded over GPU_JOBS pytest processes (default 6, FERRODF_TEST_SHARD in
# tests/conftest.py) running side by side. GPU_TESTS restricts the run, e.g.
#   GPU_TESTS="tests/plc/test_copying.py tests/plc/test_scan.py" BENCH=0 bash scripts/gpu_check.sh
# GPU_TEST_TIMEOUT (seconds) stops each shard in time for its log to come back when the
# device call has a wall-clock limit. SOAK and FAULT add the reliability campaigns (below).
set -uo pipefail
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
# .dwhl/ (optional, git-ignored): wheels of dask, distributed and their pure-Python
# dependencies, so that tests/dask runs on the GPU too (the machine has no internet).
python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target /tmp/site .whl/*.whl \
  $(ls .dwhl/*.whl 2>/dev/null) || { echo "wheel install failed"; exit 1; }
export PYTHONPATH=/tmp/site
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv; python3 --version; } \
  | tee "$OUT/device.txt"
python3 -c "import ferrodf; print('gpu_info:', ferrodf.gpu_info())" | tee -a "$OUT/device.txt"

JOBS=${GPU_JOBS:-6}
# GPU_SHARD_RANGE="FIRST LAST" runs only those shards of JOBS (a suite too long for one
# device call is then split over several calls).
read -r FIRST LAST <<< "${GPU_SHARD_RANGE:-0 $((JOBS - 1))}"
# The device tool brings back at most 8 files: shard logs go to $LOGS and come back as one
# tarball; $OUT keeps the summary.
LOGS=$(mktemp -d)
# AUDIT=1: the transfer audit (tests/conftest.py, scripts/transfer_audit.py) records every
# host/device copy; its report lands in $OUT/transfer-audit.md.
if [ "${AUDIT:-0}" != 0 ]; then export FERRODF_TRANSFER_AUDIT="$LOGS/audit"; fi
# SOAK="CYCLES SECONDS": the GPU soak (scripts/gpu_soak.py, 16 threads) runs beside the
# shards, so the GPU is shared the way a busy notebook server shares it; its report lands
# in $OUT/soak.md. FAULT=1: the fault-injection campaign (scripts/fault_injection.py) runs
# after the shards; its report lands in $OUT/fault.md.
soak_pid=
if [ -n "${SOAK:-}" ]; then
  read -r SOAK_CYCLES SOAK_SECONDS <<< "$SOAK"
  FERRODF_DEVICE=gpu timeout $((SOAK_SECONDS + 900)) python3 scripts/gpu_soak.py \
    --cycles "$SOAK_CYCLES" --threads 16 --seconds "$SOAK_SECONDS" --markdown "$OUT/soak.md" \
    > "$OUT/soak.log" 2>&1 &
  soak_pid=$!
fi
pids=()
for k in $(seq "$FIRST" "$LAST"); do
  # shellcheck disable=SC2086
  FERRODF_DEVICE=gpu FERRODF_TEST_SHARD="$k/$JOBS" timeout "${GPU_TEST_TIMEOUT:-3000}" python3 -m pytest ${GPU_TESTS:-tests} -q \
    -p no:cacheprovider -rs --maxfail=100 --durations=15 > "$LOGS/pytest-gpu-$k.log" 2>&1 &
  pids+=($!)
done
test_rc=0
for p in "${pids[@]}"; do wait "$p" || test_rc=1; done
for k in $(seq "$FIRST" "$LAST"); do
  echo "== shard $k/$JOBS"
  grep -E "^(FAILED|ERROR)" "$LOGS/pytest-gpu-$k.log" | head -n 40
  tail -n 1 "$LOGS/pytest-gpu-$k.log"
done | tee "$OUT/pytest-gpu.log"
# Tests that fill the GPU run alone, after the shards (tests/memory/test_spill_gpu.py).
if [ "${EXCLUSIVE:-1}" != 0 ]; then
  FERRODF_DEVICE=gpu timeout "${GPU_TEST_TIMEOUT:-3000}" python3 -m pytest tests -q -m gpu_exclusive \
    -p no:cacheprovider > "$LOGS/pytest-gpu-exclusive.log" 2>&1 || test_rc=1
  { echo "== exclusive"; grep -E "^(FAILED|ERROR)" "$LOGS/pytest-gpu-exclusive.log" | head -n 20;
    tail -n 1 "$LOGS/pytest-gpu-exclusive.log"; } | tee -a "$OUT/pytest-gpu.log"
fi
if [ -n "$soak_pid" ]; then
  wait "$soak_pid"; soak_rc=$?
  echo "== soak: exit $soak_rc" | tee -a "$OUT/pytest-gpu.log"
  tail -n 8 "$OUT/soak.log" | tee -a "$OUT/pytest-gpu.log"
  [ "$soak_rc" = 0 ] || test_rc=1
fi
if [ "${FAULT:-0}" != 0 ]; then
  FERRODF_DEVICE=gpu timeout 600 python3 scripts/fault_injection.py --markdown "$OUT/fault.md" \
    > "$OUT/fault.log" 2>&1; fault_rc=$?
  echo "== fault injection: exit $fault_rc" | tee -a "$OUT/pytest-gpu.log"
  tail -n 16 "$OUT/fault.log" | tee -a "$OUT/pytest-gpu.log"
  [ "$fault_rc" = 0 ] || test_rc=1
fi
if [ "${AUDIT:-0}" != 0 ]; then
  python3 scripts/transfer_audit.py "$LOGS/audit" --markdown "$OUT/transfer-audit.md" > /dev/null
  echo "transfer audit: exit $? ($OUT/transfer-audit.md)" | tee -a "$OUT/pytest-gpu.log"
fi
tar -czf "$OUT/pytest-gpu-logs.tar.gz" -C "$LOGS" .

if [ "${BENCH:-1}" != 0 ]; then
  FERRODF_DEVICE=gpu python3 bench/bench_overhead.py 2>&1 | tee "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_foundation.py ${BENCH_ARGS:-} 2>&1 | tee -a "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_plc.py ${BENCH_ARGS:-} 2>&1 | tee -a "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_plc3.py ${BENCH_ARGS:-} 2>&1 | tee -a "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_groupby.py ${BENCH_ARGS:-} 2>&1 | tee -a "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_sorting.py ${BENCH_ARGS:-} 2>&1 | tee -a "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_join.py 2>&1 | tee -a "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_memory.py 2>&1 | tee -a "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_regex.py 2>&1 | tee -a "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_io_gpu.py 2>&1 | tee -a "$OUT/bench.md"
fi

echo "== summary =="
cat "$OUT/device.txt"
grep -E "passed|failed|error" "$OUT/pytest-gpu.log" | grep -v "^FAILED\|^ERROR"
exit $test_rc
