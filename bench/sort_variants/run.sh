#!/usr/bin/env bash
# Runs on the GPU machine after scripts/gpu_check.sh has installed the wheel into
# /tmp/site: times the sort (bench/profile_sort_passes.py --quick) under each setting in
# SORT_SETTINGS, one process per setting, and appends the tables to $OUT/sort-tuning.md.
# A setting is "SOURCE ITEMS MIN_BLOCKS": SOURCE a file of bench/sort_variants/ (or
# "default" for the wheel's own sorting.cu, "tree" for the working tree's, "lookbackN" for
# the working tree's with LOOKBACK_MAX N), ITEMS and
# MIN_BLOCKS the FERRODF_SORT_* knobs ("-" for the default).
set -uo pipefail
OUT=${OUT:-$PWD/gpu-out}
export PYTHONPATH=/tmp/site:$PWD
SETTINGS=${SORT_SETTINGS:-"baseline - -;default - -"}
IFS=';' read -ra LIST <<< "$SETTINGS"
for s in "${LIST[@]}"; do
  read -r src items blocks <<< "$s"
  env_args=()
  case "$src" in
    default) ;;
    tree) env_args+=("FERRODF_SORT_SOURCE=$PWD/core/src/device/kernels/cuda/sorting.cu") ;;
    lookback*)
      f=$(mktemp --suffix=.cu)
      sed "s/^#define LOOKBACK_MAX 16$/#define LOOKBACK_MAX ${src#lookback}/" \
        core/src/device/kernels/cuda/sorting.cu > "$f"
      env_args+=("FERRODF_SORT_SOURCE=$f") ;;
    *) env_args+=("FERRODF_SORT_SOURCE=bench/sort_variants/$src.cu") ;;
  esac
  [ "$items" != "-" ] && env_args+=("FERRODF_SORT_ITEMS=$items")
  [ "$blocks" != "-" ] && env_args+=("FERRODF_SORT_MIN_BLOCKS=$blocks")
  echo "== $s" | tee -a "$OUT/sort-tuning.md"
  env "${env_args[@]}" FERRODF_DEVICE=gpu python3 bench/profile_sort_passes.py \
    ${SORT_ARGS:---quick} 2>&1 | tee -a "$OUT/sort-tuning.md"
done
