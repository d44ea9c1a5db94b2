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
# SOAK_DETACH=1 starts the soak in a session of its own (setsid) with its own copy of the
# wheel, so that it outlives this device call and runs on beside the next ones (the issue's
# soak, 10,000 cycles and 10 minutes of threads, is longer than one call may last); a later
# call on the same warm machine with SOAK_COLLECT=1 waits for it and brings its report back.
SOAK_DIR=/tmp/ferrodf-soak
soak_pid=
if [ -n "${SOAK:-}" ] && [ "${SOAK_DETACH:-0}" != 0 ]; then
  read -r SOAK_CYCLES SOAK_SECONDS <<< "$SOAK"
  rm -rf "$SOAK_DIR" && mkdir -p "$SOAK_DIR" && cp -r /tmp/site "$SOAK_DIR/site"
  setsid bash -c "FERRODF_DEVICE=gpu PYTHONPATH=$SOAK_DIR/site timeout $((SOAK_SECONDS + 1800)) \
    python3 $PWD/scripts/gpu_soak.py --cycles $SOAK_CYCLES --threads 16 --seconds $SOAK_SECONDS \
    --markdown $SOAK_DIR/soak.md > $SOAK_DIR/soak.log 2>&1; echo \$? > $SOAK_DIR/rc" < /dev/null > /dev/null 2>&1 &
  echo "soak started in its own session: $SOAK_DIR" | tee -a "$OUT/device.txt"
elif [ -n "${SOAK:-}" ]; then
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
# PROPERTY=1: every property test of the suite under hypothesis' 500-example profile
# (ferrodf-long) and the fuzz campaigns' long, random versions (FUZZ_EXAMPLES cases a
# test; the large-frame fuzzer at 10^5-10^6 rows), sharded like the suite.
if [ "${PROPERTY:-0}" != 0 ]; then
  ppids=()
  for k in $(seq 0 $((JOBS - 1))); do
    FERRODF_DEVICE=gpu FERRODF_TEST_SHARD="$k/$JOBS" FERRODF_HYPOTHESIS_PROFILE=ferrodf-long \
      FERRODF_FUZZ=long FERRODF_FUZZ_EXAMPLES="${FUZZ_EXAMPLES:-100}" \
      timeout "${GPU_TEST_TIMEOUT:-3000}" python3 -m pytest tests -m hypothesis -q \
      -p no:cacheprovider --ignore=tests/browser --ignore=tests/notebooks \
      > "$LOGS/property-$k.log" 2>&1 &
    ppids+=($!)
  done
  for p in "${ppids[@]}"; do wait "$p" || test_rc=1; done
  for k in $(seq 0 $((JOBS - 1))); do
    echo "== property shard $k/$JOBS"
    grep -E "^(FAILED|ERROR)" "$LOGS/property-$k.log" | head -n 20
    tail -n 1 "$LOGS/property-$k.log"
  done | tee -a "$OUT/pytest-gpu.log"
fi
if [ "${SOAK_COLLECT:-0}" != 0 ]; then
  for _ in $(seq 1 "${SOAK_WAIT:-540}"); do [ -f "$SOAK_DIR/rc" ] && break; sleep 1; done
  cp "$SOAK_DIR/soak.log" "$OUT/soak.log" 2>/dev/null; cp "$SOAK_DIR/soak.md" "$OUT/soak.md" 2>/dev/null
  soak_rc=$(cat "$SOAK_DIR/rc" 2>/dev/null || echo "still running")
  echo "== soak: exit $soak_rc" | tee -a "$OUT/pytest-gpu.log"
  tail -n 8 "$OUT/soak.log" | tee -a "$OUT/pytest-gpu.log"
  [ "$soak_rc" = 0 ] || test_rc=1
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
