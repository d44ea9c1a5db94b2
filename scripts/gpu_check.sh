#!/usr/bin/env bash
# Runs on the GPU machine (the `device` tool), from the repository root, with the wheel
# built here by `make wheel` carried in .whl/:
#   installs the wheel, runs the whole test suite with FERRODF_DEVICE=gpu, runs the
#   benchmarks, and writes logs under $OUT (default ./gpu-out).
# Most of the GPU time is NVRTC compiling kernel modules on the CPU, so the test files are
# spread over GPU_JOBS pytest processes (default 4) running side by side. GPU_TESTS
# restricts the run to some files, e.g.
#   GPU_TESTS="tests/plc/test_copying.py tests/plc/test_scan.py" BENCH=0 bash scripts/gpu_check.sh
set -uo pipefail
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target /tmp/site .whl/*.whl \
  || { echo "wheel install failed"; exit 1; }
export PYTHONPATH=/tmp/site
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv; python3 --version; } \
  | tee "$OUT/device.txt"
python3 -c "import ferrodf; print('gpu_info:', ferrodf.gpu_info())" | tee -a "$OUT/device.txt"

JOBS=${GPU_JOBS:-4}
# shellcheck disable=SC2086
FILES=$(ls -S ${GPU_TESTS:-tests/test_*.py tests/*/test_*.py} 2>/dev/null)
declare -a GROUPS_
i=0
for f in $FILES; do
  GROUPS_[$((i % JOBS))]+=" $f"
  i=$((i + 1))
done
pids=()
for k in "${!GROUPS_[@]}"; do
  # shellcheck disable=SC2086
  FERRODF_DEVICE=gpu python3 -m pytest ${GROUPS_[$k]} -q -p no:cacheprovider --maxfail=100 \
    > "$OUT/pytest-gpu-$k.log" 2>&1 &
  pids+=($!)
done
test_rc=0
for p in "${pids[@]}"; do wait "$p" || test_rc=1; done
for k in "${!GROUPS_[@]}"; do
  echo "== group $k:${GROUPS_[$k]}"
  grep -E "^(FAILED|ERROR)" "$OUT/pytest-gpu-$k.log" | head -n 40
  tail -n 1 "$OUT/pytest-gpu-$k.log"
done | tee "$OUT/pytest-gpu.log"

if [ "${BENCH:-1}" != 0 ]; then
  FERRODF_DEVICE=gpu python3 bench/bench_foundation.py ${BENCH_ARGS:-} 2>&1 | tee "$OUT/bench.md"
  FERRODF_DEVICE=gpu python3 bench/bench_plc.py ${BENCH_ARGS:-} 2>&1 | tee -a "$OUT/bench.md"
fi

echo "== summary =="
cat "$OUT/device.txt"
grep -E "passed|failed|error" "$OUT/pytest-gpu.log" | grep -v "^FAILED\|^ERROR"
exit $test_rc
