// Hash join and duplicate removal kernels on top of hash_table.cu (hash partitioning, which
// needs no hash table, is in partitioning.cu).
//
// Join: the build rows are inserted (slot per row), then linked per slot: heads[s] is one
// build row of the key, next[r] the following one (-1 ends), counts[s] the chain length.
// A probe finds each probe row's slot; a count pass, an exclusive scan and a fill pass
// write the pairs. JOIN_NONE marks a missing partner (libcudf's JoinNoneValue).

#define JOIN_NONE (-2147483647 - 1)

extern "C" __global__ void join_link(const int32_t* slot_of_row, int64_t n, int32_t* heads,
                                     int32_t* counts, int32_t* next) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int32_t s = slot_of_row[i];
    if (s < 0) continue;
    next[i] = atomicExch(&heads[s], (int32_t)i);
    atomicAdd(&counts[s], 1);
  }
}

// out[j] = the number of pairs probe row j yields (at least 1 when `outer`); out[n] = 0.
extern "C" __global__ void join_count(const int32_t* probe_slot, int64_t n, const int32_t* counts,
                                      int outer, int64_t* out) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j <= n; j += stride) {
    if (j == n) { out[n] = 0; continue; }
    int32_t s = probe_slot[j];
    int64_t c = s < 0 ? 0 : counts[s];
    if (outer && c == 0) c = 1;
    out[j] = c;
  }
}

// Write the pairs of every probe row at its offset. `unmatched` (optional, one byte per
// build row, initially 1) is cleared for every build row that got a partner.
extern "C" __global__ void join_fill(const int32_t* probe_slot, int64_t n, const int32_t* heads,
                                     const int32_t* next, const int64_t* offsets, int outer,
                                     int32_t* out_probe, int32_t* out_build, uint8_t* unmatched) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) {
    int64_t pos = offsets[j];
    int32_t s = probe_slot[j];
    if (s < 0) {
      if (outer) {
        out_probe[pos] = (int32_t)j;
        out_build[pos] = JOIN_NONE;
      }
      continue;
    }
    for (int32_t r = heads[s]; r >= 0; r = next[r]) {
      out_probe[pos] = (int32_t)j;
      out_build[pos] = r;
      if (unmatched) unmatched[r] = 0;
      ++pos;
    }
  }
}

// Outer joins with distinct build keys: pair j is (j, rows[j]), JOIN_NONE where probe row j
// found nothing; `unmatched` (optional) is cleared for every build row found.
extern "C" __global__ void join_unique_outer(const int32_t* rows, int64_t n, int32_t* out_probe,
                                             int32_t* out_build, uint8_t* unmatched) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) {
    int32_t r = rows[j];
    out_probe[j] = (int32_t)j;
    out_build[j] = r < 0 ? JOIN_NONE : r;
    if (unmatched && r >= 0) unmatched[r] = 0;
  }
}

// dst[i] = src[i] for n int32 values.
extern "C" __global__ void copy_i32(const int32_t* src, int64_t n, int32_t* dst) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) dst[i] = src[i];
}

// The full join's tail: rows (JOIN_NONE, rows[i]) for the n unmatched build rows.
extern "C" __global__ void join_append(const int32_t* rows, int64_t n, int32_t* out_probe,
                                       int32_t* out_build) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    out_probe[i] = JOIN_NONE;
    out_build[i] = rows[i];
  }
}

// flags[j] = whether probe row j found a key (semi join) or did not (anti join); `probe_slot`
// may also hold found build rows (-1: none).
extern "C" __global__ void join_filter_flags(const int32_t* probe_slot, int64_t n, int want_found,
                                             uint8_t* flags) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) {
    flags[j] = (uint8_t)((probe_slot[j] >= 0) == (want_found != 0));
  }
}

// The cross join's maps: entry k pairs left row k / nr with right row k % nr.
extern "C" __global__ void cross_maps(int64_t n, int64_t nr, int32_t* left, int32_t* right) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += stride) {
    left[k] = (int32_t)(k / nr);
    right[k] = (int32_t)(k % nr);
  }
}

// ---- duplicate removal ----
// keep: 0 any, 1 first, 2 last, 3 none (stream_compaction's DuplicateKeepOption).

// Per slot: the smallest (first) and largest (last) row and the number of rows.
// `first` starts at INT32_MAX, `last` at -1, `count` at 0.
extern "C" __global__ void distinct_reduce(const int32_t* slot_of_row, int64_t n, int keep,
                                           int32_t* first, int32_t* last, int32_t* count) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int32_t s = slot_of_row[i];
    if (s < 0) continue;
    if (keep == 2) {
      atomicMax(&last[s], (int32_t)i);
    } else {
      atomicMin(&first[s], (int32_t)i);
      if (keep == 3) atomicAdd(&count[s], 1);
    }
  }
}

// flags[i] = whether row i is kept. Alone rows (slot -1) equal no other row: always kept.
extern "C" __global__ void distinct_flags(const int32_t* slot_of_row, int64_t n, int keep,
                                          const int32_t* first, const int32_t* last,
                                          const int32_t* count, uint8_t* flags) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int32_t s = slot_of_row[i];
    bool k;
    if (s < 0) k = true;
    else if (keep == 2) k = last[s] == (int32_t)i;
    else if (keep == 3) k = count[s] == 1;
    else k = first[s] == (int32_t)i;
    flags[i] = (uint8_t)k;
  }
}

// Consecutive-duplicate flags (unique): row i equals row i - 1 when neither is alone and
// their keys are equal (NaN equals NaN).
__device__ __forceinline__ bool same_rows(const ColDesc* c, int ncols, int64_t i, int64_t j,
                                          int nulls_equal) {
  if (row_alone(c, ncols, i, nulls_equal, 1) || row_alone(c, ncols, j, nulls_equal, 1)) return false;
  return rows_equal(c, i, c, j, ncols);
}

extern "C" __global__ void unique_flags(const ColDesc* keys, int ncols, int64_t n, int nulls_equal,
                                        int keep, uint8_t* flags) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    bool prev = i > 0 && same_rows(keys, ncols, i, i - 1, nulls_equal);
    bool k;
    if (keep == 2) {
      k = !(i + 1 < n && same_rows(keys, ncols, i + 1, i, nulls_equal));
    } else if (keep == 3) {
      k = !prev && !(i + 1 < n && same_rows(keys, ncols, i + 1, i, nulls_equal));
    } else {
      k = !prev;
    }
    flags[i] = (uint8_t)k;
  }
}

// unique_count of one column: runs of equal values; a "nullish" row (null, or NaN when
// nan_is_null) equals every other nullish row; nullish runs count only with include_nulls.
__device__ __forceinline__ bool nullish(const ColDesc& c, int64_t i, int nan_is_null) {
  return is_null(c, i) || (nan_is_null && value_is_nan(c, i));
}

extern "C" __global__ void unique_count_runs(const ColDesc* col, int64_t n, int include_nulls,
                                             int nan_is_null, unsigned long long* out) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  unsigned long long local = 0;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    bool ni = nullish(col[0], i, nan_is_null);
    bool same = false;
    if (i > 0) {
      bool np = nullish(col[0], i - 1, nan_is_null);
      same = (ni || np) ? (ni && np) : cmp_values(col[0], i, col[0], i - 1) == 0;
    }
    if (!same && (include_nulls || !ni)) ++local;
  }
  for (int d = 16; d > 0; d >>= 1) local += __shfl_down_sync(0xffffffffu, local, d);
  if ((threadIdx.x & 31) == 0 && local) atomicAdd(out, local);
}
