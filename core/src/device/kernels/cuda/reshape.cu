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
