// The copying family's row maps and fixed-width select (scatter, copy_range,
// copy_if_else, boolean_mask_scatter). Row maps are INT32 (libcudf's size_type); they are
// gathered through by ops/gather.rs.

// out[map[i]] = base + step * i for the rows of a normalised map (in bounds).
extern "C" __global__ void scatter_positions(const int32_t* map, int64_t n, int64_t base,
                                             int64_t step, int32_t* out) {
  GRID_STRIDE(i, n) out[map[i]] = (int32_t)(base + step * i);
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

#define FERRO_SELECT(SUFFIX, W)                                                              \
  extern "C" __global__ void select_values_##SUFFIX(                                          \
      const uint8_t* cond, const uint8_t* cmask, int64_t coff, const W* l, int64_t ls,        \
      const uint8_t* lm, int64_t loff, const W* r, int64_t rs, const uint8_t* rm,             \
      int64_t roff, int64_t n, W* out, uint32_t* out_mask) {                                  \
    select_values<W>(cond, cmask, coff, l, ls, lm, loff, r, rs, rm, roff, n, out, out_mask);  \
  }
FERRO_SELECT(w1, uint8_t)
FERRO_SELECT(w2, uint16_t)
FERRO_SELECT(w4, uint32_t)
FERRO_SELECT(w8, uint64_t)
FERRO_SELECT(w16, Bytes16m)
