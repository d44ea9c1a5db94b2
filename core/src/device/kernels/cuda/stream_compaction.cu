// The stream_compaction family's kernels: per-row counts of valid / non-NaN keys for
// drop_nulls and drop_nans, and the three-phase compaction (per-tile counts, their scan,
// the kept row numbers or values in order) behind apply_boolean_mask.

// Stream compaction: count valid rows per row across key columns (counts += valid).
extern "C" __global__ void count_valid(const uint8_t* mask, int64_t off, int64_t n,
                                       int32_t* counts) {
  GRID_STRIDE(i, n) counts[i] += (!mask || bit_is_set(mask, off + i)) ? 1 : 0;
}

// counts += row is not NaN (null rows count as not NaN, as in libcudf).
#define FERRO_NOT_NAN(NAME, T)                                                              \
  extern "C" __global__ void NAME(const T* data, const uint8_t* mask, int64_t off, int64_t n,  \
                                  int32_t* counts) {                                           \
    GRID_STRIDE(i, n) {                                                                        \
      bool null = mask && !bit_is_set(mask, off + i);                                          \
      T v = data[i];                                                                           \
      counts[i] += (null || v == v) ? 1 : 0;                                                   \
    }                                                                                          \
  }
FERRO_NOT_NAN(count_not_nan_f32, float)
FERRO_NOT_NAN(count_not_nan_f64, double)

extern "C" __global__ void threshold_flags(const int32_t* counts, int64_t n, int64_t threshold,
                                           uint8_t* flags) {
  GRID_STRIDE(i, n) flags[i] = counts[i] >= threshold;
}

// Compaction phase 1: kept rows per tile. Tiles are read striped (row base + c * blockDim
// + thread for chunk c), so loads coalesce.
extern "C" __global__ void compact_totals(const uint8_t* flags, const uint8_t* fmask,
                                          int64_t foff, int64_t n, int64_t* totals) {
  __shared__ int64_t shared[32];
  int64_t base = (int64_t)blockIdx.x * SCAN_TILE + threadIdx.x;
  int64_t c = 0;
  for (int k = 0; k < SCAN_ITEMS; ++k) {
    int64_t i = base + (int64_t)k * blockDim.x;
    if (i < n && cond_true(flags, fmask, foff, i)) ++c;
  }
  int64_t total;
  block_exclusive_scan<OpSum>(c, shared, &total);
  if (threadIdx.x == 0) totals[blockIdx.x] = total;
}

extern "C" __global__ void compact_prefix(int64_t* totals, int64_t ntiles) {
  scan_tile_totals_impl<OpSum, int64_t>(totals, ntiles);
}

// Compaction phase 3: `value(i)` of the kept rows to `out`, in order, chunk by chunk (one
// block scan per chunk of blockDim rows keeps both the reads and the writes coalesced).
// The value is read before the scan, so its load overlaps the scan.
template <class W, class Value>
__device__ __forceinline__ void compact_chunks(const uint8_t* flags, const uint8_t* fmask,
                                               int64_t foff, int64_t n, const int64_t* prefixes,
                                               W* out, Value value) {
  __shared__ int64_t shared[32];
  int64_t base = (int64_t)blockIdx.x * SCAN_TILE + threadIdx.x;
  int64_t run = prefixes[blockIdx.x];
  for (int k = 0; k < SCAN_ITEMS; ++k) {
    int64_t i = base + (int64_t)k * blockDim.x;
    bool keep = i < n && cond_true(flags, fmask, foff, i);
    W v;
    if (keep) v = value(i);
    int64_t total;
    int64_t pos = run + block_exclusive_scan<OpSum>((int64_t)keep, shared, &total);
    if (keep) out[pos] = v;
    run += total;
  }
}

// The kept row numbers.
extern "C" __global__ void compact_write(const uint8_t* flags, const uint8_t* fmask,
                                         int64_t foff, int64_t n, const int64_t* prefixes,
                                         int32_t* out) {
  compact_chunks(flags, fmask, foff, n, prefixes, out, [](int64_t i) { return (int32_t)i; });
}

// For fixed-width values without nulls: the kept values themselves (saves writing and
// reading back a row map).
template <class W>
__device__ void compact_values(const uint8_t* flags, const uint8_t* fmask, int64_t foff,
                               int64_t n, const int64_t* prefixes, const W* src, W* out) {
  compact_chunks(flags, fmask, foff, n, prefixes, out, [&](int64_t i) { return src[i]; });
}

#define FERRO_COMPACT(SUFFIX, W)                                                             \
  extern "C" __global__ void compact_values_##SUFFIX(const uint8_t* flags, const uint8_t* fm, \
                                                     int64_t foff, int64_t n,                 \
                                                     const int64_t* prefixes, const W* src,   \
                                                     W* out) {                                \
    compact_values<W>(flags, fm, foff, n, prefixes, src, out);                                \
  }
FERRO_COMPACT(w1, uint8_t)
FERRO_COMPACT(w2, uint16_t)
FERRO_COMPACT(w4, uint32_t)
FERRO_COMPACT(w8, uint64_t)
FERRO_COMPACT(w16, Bytes16m)
