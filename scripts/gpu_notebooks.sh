#!/usr/bin/env bash
# Runs on the GPU machine (the `device` tool), from the repository root, with the wheel in
# .whl/: executes the notebooks' code cells on the GPU without Jupyter
# (scripts/record_notebook.py) and writes their outputs under $OUT as JSON, which
#   python scripts/record_notebook.py merge notebooks/NAME.ipynb OUT/NAME.json --label ...
# puts into the notebooks as recorded outputs. explore.ipynb runs with
# FERRODF_EXPLORE_ROWS (default 10^8 here).
set -uo pipefail
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --upgrade --target /tmp/site .whl/*.whl \
  || { echo "wheel install failed"; exit 1; }
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1 FERRODF_DEVICE=${FERRODF_DEVICE:-gpu}
rc=0
for nb in ${NOTEBOOKS:-gpu_memory explore}; do
  ( cd notebooks && FERRODF_EXPLORE_ROWS=${FERRODF_EXPLORE_ROWS:-100000000} \
      python3 ../scripts/record_notebook.py run "$nb.ipynb" "$OUT/$nb.json" ) \
    | tee -a "$OUT/notebooks.txt" || rc=1
done
exit $rc
