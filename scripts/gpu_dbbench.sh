#!/usr/bin/env bash
# Runs on the GPU machine (the `device` tool) from the repository root, with the ferrodf
# wheel (make wheel) and polars carried in .whl/: db-benchmark's groupby and join
# questions with ferrodf on the GPU next to polars and pandas on that machine's CPUs.
# polars travels as its installed files packed with xz (`make polars-pack`, 35 MB), small
# enough to go with ferrodf's wheel in one call; its wheels (52 MB) are not.
#   N=1e7: ferrodf, polars, pandas;  N=1e8: ferrodf, polars (pandas takes too long there).
# Tables go to $OUT/dbbench-*.md, charts to $OUT/dbbench-*.png.
set -uo pipefail
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target /tmp/site .whl/*.whl \
  || { echo "wheel install failed"; exit 1; }
for pack in .whl/*-site.tar.xz; do
  [ -e "$pack" ] && tar -xJf "$pack" -C /tmp/site
done
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 FERRODF_DBBENCH_DATA=/tmp/dbbench-data
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader | tee "$OUT/dbbench-device.txt"
nproc | sed 's/^/cpu cores: /' | tee -a "$OUT/dbbench-device.txt"
rc=0
for spec in ${DBBENCH_SPECS:-"1e7:ferrodf,polars,pandas" "1e8:ferrodf,polars"}; do
  n=${spec%%:*}; libs=${spec#*:}
  timeout "${DBBENCH_TIMEOUT:-400}" python3 -m bench.dbbench.run --n "$n" --libs ${libs//,/ } \
    --task ${DBBENCH_TASKS:-groupby join} --png "$OUT/dbbench.png" 2>"$OUT/dbbench-$n.log" \
    | tee "$OUT/dbbench-$n.md" || rc=1
done
exit $rc
