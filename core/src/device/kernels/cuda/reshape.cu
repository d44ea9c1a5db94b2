// The reshaping family's kernels: the gather maps of tile and interleave_columns, the
// partition ids of round_robin_partition, and the bin search of label_bins.

// tile: output row i repeats source row i % rows.
extern "C" __global__ void tile_map(int64_t rows, int64_t total, int32_t* out) {
  GRID_STRIDE(i, total) { out[i] = (int32_t)(i % rows); }
}

// interleave_columns over the columns concatenated one after the other: output row i is
// row i / cols of column i % cols.
extern "C" __global__ void interleave_map(int64_t rows, int64_t cols, int64_t total,
                                          int32_t* out) {
  GRID_STRIDE(i, total) { out[i] = (int32_t)((i % cols) * rows + i / cols); }
}

// round_robin_partition: row i goes to partition (i + start) % parts.
extern "C" __global__ void round_robin_ids(int64_t n, int64_t parts, int64_t start,
                                           uint32_t* out) {
  GRID_STRIDE(i, n) { out[i] = (uint32_t)((i + start) % parts); }
}

// label_bins: the bin of row i is the last one whose left edge admits the value (edges
// sorted ascending, as libcudf requires), if its right edge admits it too. NaN compares
// false with everything, so it lands in no bin. `valid[i]` says whether row i has a bin.
template <class T>
__device__ __forceinline__ void label_bins_row(const T* in, const uint8_t* mask, int64_t moff,
                                               const T* left, const T* right, int64_t bins,
                                               int left_inc, int right_inc, int64_t i,
                                               int32_t* out, uint8_t* valid) {
  out[i] = 0;
  valid[i] = 0;
  if (mask && !bit_is_set(mask, moff + i)) return;
  T v = in[i];
  // Number of left edges that admit v: left <= v (inclusive) or left < v.
  int64_t lo = 0, hi = bins;
  while (lo < hi) {
    int64_t mid = (lo + hi) >> 1;
    bool admits = left_inc ? !(v < left[mid]) : (left[mid] < v);
    if (admits) lo = mid + 1; else hi = mid;
  }
  if (lo == 0) return;
  int64_t b = lo - 1;
  bool left_ok = left_inc ? (left[b] <= v) : (left[b] < v);  // false for NaN
  bool right_ok = right_inc ? (v <= right[b]) : (v < right[b]);
  if (left_ok && right_ok) {
    out[i] = (int32_t)b;
    valid[i] = 1;
  }
}

#define LABEL_BINS(NAME, T)                                                              \
  extern "C" __global__ void NAME(const T* in, const uint8_t* mask, int64_t moff,         \
                                  int64_t n, const T* left, const T* right, int64_t bins, \
                                  int left_inc, int right_inc, int32_t* out,              \
                                  uint8_t* valid) {                                       \
    GRID_STRIDE(i, n) {                                                                   \
      label_bins_row<T>(in, mask, moff, left, right, bins, left_inc, right_inc, i, out,   \
                        valid);                                                           \
    }                                                                                     \
  }

LABEL_BINS(label_bins_int8, int8_t)
LABEL_BINS(label_bins_int16, int16_t)
LABEL_BINS(label_bins_int32, int32_t)
LABEL_BINS(label_bins_int64, int64_t)
LABEL_BINS(label_bins_uint8, uint8_t)
LABEL_BINS(label_bins_uint16, uint16_t)
LABEL_BINS(label_bins_uint32, uint32_t)
LABEL_BINS(label_bins_uint64, uint64_t)
LABEL_BINS(label_bins_float32, float)
LABEL_BINS(label_bins_float64, double)

// sample: SplitMix64's finaliser, the same on the host (ops/copying/sample.rs).
__device__ __forceinline__ uint64_t mix64(uint64_t z) {
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Without replacement: a random key per row; the rows sorted by key are a permutation.
extern "C" __global__ void sample_keys(int64_t n, uint64_t base, uint64_t* out) {
  GRID_STRIDE(i, n) { out[i] = mix64(base + (uint64_t)i); }
}

// With replacement: output row i draws source row mix64(base + i) % rows.
extern "C" __global__ void sample_map(int64_t n, uint64_t base, int64_t rows, int32_t* out) {
  GRID_STRIDE(i, n) { out[i] = (int32_t)(mix64(base + (uint64_t)i) % (uint64_t)rows); }
}
