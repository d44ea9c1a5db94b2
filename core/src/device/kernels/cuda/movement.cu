// Small data-movement kernels: offset rebasing, row-map builders and
// stream-compaction helpers. Row maps are INT32 (libcudf's size_type); NULL_ROW (out of
// bounds for every column) means "a null row" when the map is gathered with nullify.
#define NULL_ROW 0x7fffffff

#define GRID_STRIDE(i, n)                                                              \
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (n);          \
       i += (int64_t)gridDim.x * blockDim.x)

// out[i] = in[i] - base + add, converting between offset widths.
#define FERRO_REBASE(NAME, I, O)                                                            \
  extern "C" __global__ void NAME(const I* in, int64_t n, int64_t base, int64_t add, O* out) { \
    GRID_STRIDE(i, n) out[i] = (O)((int64_t)in[i] - base + add);                            \
  }
FERRO_REBASE(rebase_o32_o32, int32_t, int32_t)
FERRO_REBASE(rebase_o32_o64, int32_t, int64_t)
FERRO_REBASE(rebase_o64_o32, int64_t, int32_t)
FERRO_REBASE(rebase_o64_o64, int64_t, int64_t)

extern "C" __global__ void iota_i32(int32_t* out, int64_t n, int64_t start) {
  GRID_STRIDE(i, n) out[i] = (int32_t)(start + i);
}

// out[map[i]] = base + step * i for the rows of a normalised map (in bounds).
extern "C" __global__ void scatter_positions(const int32_t* map, int64_t n, int64_t base,
                                             int64_t step, int32_t* out) {
  GRID_STRIDE(i, n) out[map[i]] = (int32_t)(base + step * i);
}

// Condition row i is true: valid and non-zero.
__device__ __forceinline__ bool cond_true(const uint8_t* cond, const uint8_t* cmask,
                                          int64_t coff, int64_t i) {
  return (!cmask || bit_is_set(cmask, coff + i)) && cond[i] != 0;
}

// copy_if_else: row i comes from the left source (row i, or row 0 of a scalar) when the
// condition holds, else from the right source placed after the left one.
extern "C" __global__ void select_map(const uint8_t* cond, const uint8_t* cmask, int64_t coff,
                                      int64_t n, int l_scalar, int r_scalar, int64_t n_left,
                                      int32_t* out) {
  GRID_STRIDE(i, n) {
    out[i] = cond_true(cond, cmask, coff, i) ? (int32_t)(l_scalar ? 0 : i)
                                             : (int32_t)(n_left + (r_scalar ? 0 : i));
  }
}

// copy_range: rows [begin, end) take rows from `base + source_begin`, others stay.
extern "C" __global__ void range_map(int64_t n, int64_t begin, int64_t end, int64_t source,
                                     int32_t* out) {
  GRID_STRIDE(i, n) out[i] = (int32_t)((i >= begin && i < end) ? source + (i - begin) : i);
}

// boolean_mask_scatter: the k-th true row takes source row base + k (prefix = exclusive
// scan of the true flags), other rows stay.
extern "C" __global__ void mask_scatter_map(const uint8_t* flags, const int64_t* prefix,
                                            int64_t n, int64_t base, int64_t step,
                                            int32_t* out) {
  GRID_STRIDE(i, n) out[i] = (int32_t)(flags[i] ? base + step * prefix[i] : i);
}

// Condition flags (valid and true) as bytes, and as int64 for scans.
extern "C" __global__ void cond_flags(const uint8_t* cond, const uint8_t* cmask, int64_t coff,
                                      int64_t n, uint8_t* flags, int64_t* counts) {
  GRID_STRIDE(i, n) {
    bool t = cond_true(cond, cmask, coff, i);
    if (flags) flags[i] = t;
    if (counts) counts[i] = t;
  }
}

// repeat: output row p comes from the source row whose [offsets[k], offsets[k+1]) holds p.
extern "C" __global__ void repeat_map(const int64_t* offsets, int64_t n, int64_t total,
                                      int32_t* out) {
  GRID_STRIDE(p, total) {
    int64_t lo = 0, hi = n;  // last k with offsets[k] <= p
    while (hi - lo > 1) {
      int64_t mid = (lo + hi) >> 1;
      if (offsets[mid] <= p) lo = mid; else hi = mid;
    }
    out[p] = (int32_t)lo;
  }
}

// replace_nulls with a policy: last (or next) valid row, as scan inputs.
extern "C" __global__ void valid_positions(const uint8_t* mask, int64_t off, int64_t n,
                                           int following, int64_t* out) {
  GRID_STRIDE(i, n) {
    bool v = bit_is_set(mask, off + i);
    if (following) {
      int64_t r = n - 1 - i;  // reversed order, so a max-scan finds the next valid row
      out[i] = bit_is_set(mask, off + r) ? -r : -(int64_t)0x7fffffffffffffffLL;
    } else {
      out[i] = v ? i : -1;
    }
  }
}

extern "C" __global__ void positions_to_map(const int64_t* pos, int64_t n, int following,
                                            int32_t* out) {
  GRID_STRIDE(i, n) {
    if (following) {
      int64_t v = pos[n - 1 - i];
      out[i] = v == -(int64_t)0x7fffffffffffffffLL ? NULL_ROW : (int32_t)(-v);
    } else {
      out[i] = pos[i] < 0 ? NULL_ROW : (int32_t)pos[i];
    }
  }
}

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

// Compaction phase 3: write the kept row numbers in order, chunk by chunk (one block scan
// per chunk of blockDim rows keeps both the reads and the writes coalesced).
extern "C" __global__ void compact_write(const uint8_t* flags, const uint8_t* fmask,
                                         int64_t foff, int64_t n, const int64_t* prefixes,
                                         int32_t* out) {
  __shared__ int64_t shared[32];
  int64_t base = (int64_t)blockIdx.x * SCAN_TILE + threadIdx.x;
  int64_t run = prefixes[blockIdx.x];
  for (int k = 0; k < SCAN_ITEMS; ++k) {
    int64_t i = base + (int64_t)k * blockDim.x;
    bool keep = i < n && cond_true(flags, fmask, foff, i);
    int64_t total;
    int64_t pos = run + block_exclusive_scan<OpSum>((int64_t)keep, shared, &total);
    if (keep) out[pos] = (int32_t)i;
    run += total;
  }
}

struct alignas(16) Bytes16m { uint64_t lo, hi; };

// Compaction phase 3 for fixed-width values without nulls: the kept values themselves,
// in order (saves writing and reading back a row map).
template <class W>
__device__ void compact_values(const uint8_t* flags, const uint8_t* fmask, int64_t foff,
                               int64_t n, const int64_t* prefixes, const W* src, W* out) {
  __shared__ int64_t shared[32];
  int64_t base = (int64_t)blockIdx.x * SCAN_TILE + threadIdx.x;
  int64_t run = prefixes[blockIdx.x];
  for (int k = 0; k < SCAN_ITEMS; ++k) {
    int64_t i = base + (int64_t)k * blockDim.x;
    bool keep = i < n && cond_true(flags, fmask, foff, i);
    W v;
    if (keep) v = src[i];
    int64_t total;
    int64_t pos = run + block_exclusive_scan<OpSum>((int64_t)keep, shared, &total);
    if (keep) out[pos] = v;
    run += total;
  }
}

// copy_if_else for fixed-width values: row i from lhs where the condition holds, else from
// rhs; a side with stride 0 is a scalar. The output validity (when out_mask is not null)
// is one __ballot_sync word per warp step.
template <class W>
__device__ void select_values(const uint8_t* cond, const uint8_t* cmask, int64_t coff,
                              const W* l, int64_t ls, const uint8_t* lm, int64_t loff,
                              const W* r, int64_t rs, const uint8_t* rm, int64_t roff,
                              int64_t n, W* out, uint32_t* out_mask) {
  int lane = threadIdx.x & 31;
  int64_t warp = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  int64_t nwarps = ((int64_t)gridDim.x * blockDim.x) >> 5;
  for (int64_t b = warp * 32; b < n; b += nwarps * 32) {
    int64_t i = b + lane;
    bool valid = false;
    if (i < n) {
      bool t = cond_true(cond, cmask, coff, i);
      if (t) {
        out[i] = l[i * ls];
        valid = !lm || bit_is_set(lm, loff + i * ls);
      } else {
        out[i] = r[i * rs];
        valid = !rm || bit_is_set(rm, roff + i * rs);
      }
    }
    unsigned word = __ballot_sync(0xffffffffu, valid);
    if (out_mask && lane == 0) out_mask[b >> 5] = word;
  }
}

#define FERRO_FIXED_MOVES(SUFFIX, W)                                                          \
  extern "C" __global__ void compact_values_##SUFFIX(const uint8_t* flags, const uint8_t* fm, \
                                                     int64_t foff, int64_t n,                 \
                                                     const int64_t* prefixes, const W* src,   \
                                                     W* out) {                                \
    compact_values<W>(flags, fm, foff, n, prefixes, src, out);                                \
  }                                                                                           \
  extern "C" __global__ void select_values_##SUFFIX(                                          \
      const uint8_t* cond, const uint8_t* cmask, int64_t coff, const W* l, int64_t ls,        \
      const uint8_t* lm, int64_t loff, const W* r, int64_t rs, const uint8_t* rm,             \
      int64_t roff, int64_t n, W* out, uint32_t* out_mask) {                                  \
    select_values<W>(cond, cmask, coff, l, ls, lm, loff, r, rs, rm, roff, n, out, out_mask);  \
  }
FERRO_FIXED_MOVES(w1, uint8_t)
FERRO_FIXED_MOVES(w2, uint16_t)
FERRO_FIXED_MOVES(w4, uint32_t)
FERRO_FIXED_MOVES(w8, uint64_t)
FERRO_FIXED_MOVES(w16, Bytes16m)
