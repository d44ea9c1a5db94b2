// The stream_compaction family's duplicate removal on the row hash table (distinct:
// first/last/count per key slot, then keep flags) and on adjacent rows (unique flags,
// unique_count runs). Compiled into the shared hash-table module after search.cu and
// hash_table.cu, whose column descriptors and row comparisons it uses.
//
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
