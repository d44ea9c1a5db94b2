// Hash join kernels on top of hash_table.cu (duplicate removal is in
// stream_compaction_distinct.cu; hash partitioning, which needs no hash table, is in
// partitioning.cu).
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

// flags[rows[k]] = value for the n rows (the conditional and mixed joins mark the left or
// right rows that kept a pair).
extern "C" __global__ void join_mark_rows(const int32_t* rows, int64_t n, int value,
                                          uint8_t* flags) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < n; k += stride) {
    flags[rows[k]] = (uint8_t)value;
  }
}
