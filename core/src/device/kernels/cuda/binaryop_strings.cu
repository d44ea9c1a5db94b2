// Comparisons of STRING operands (EQUAL .. GREATER_EQUAL, NULL_EQUALS, NULL_NOT_EQUALS):
// byte-wise lexicographic order of the UTF-8 bytes, as libcudf's string_view. Each warp
// handles 32 consecutive rows so their output validity is one __ballot_sync word.

struct StrDesc {
  uint64_t chars;    // the chars (0 when there are none)
  uint64_t offsets;  // offsets at the child's offset
  uint64_t mask;     // 0: no nulls
  int64_t mask_off;  // bit of row 0
  int64_t row_off;   // index of row 0 in the offsets
  int64_t off64;     // 64-bit offsets
  int64_t scalar;    // 0 column, 1 valid scalar (row 0), 2 null scalar
};

__device__ __forceinline__ bool str_valid(const StrDesc& d, int64_t i) {
  if (d.scalar) return d.scalar == 1;
  return d.mask == 0 || bit_is_set((const uint8_t*)d.mask, d.mask_off + i);
}

__device__ __forceinline__ void str_get(const StrDesc& d, int64_t i, const uint8_t*& p, int64_t& len) {
  int64_t r = d.row_off + (d.scalar ? 0 : i);
  int64_t s, e;
  if (d.off64) { const int64_t* o = (const int64_t*)d.offsets; s = o[r]; e = o[r + 1]; }
  else { const int32_t* o = (const int32_t*)d.offsets; s = o[r]; e = o[r + 1]; }
  p = (const uint8_t*)d.chars + s;
  len = e - s;
}

__device__ int str_cmp(const StrDesc& a, const StrDesc& b, int64_t i) {
  const uint8_t *p, *q;
  int64_t lp, lq;
  str_get(a, i, p, lp);
  str_get(b, i, q, lq);
  return cmp_bytes(p, lp, q, lq);
}

extern "C" __global__ void str_compare(const StrDesc* d, int op, int64_t n, uint8_t* out,
                                       uint32_t* out_mask) {
  const int lane = threadIdx.x & 31;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t base = (int64_t)blockIdx.x * blockDim.x + threadIdx.x - lane; base < n; base += stride) {
    int64_t i = base + lane;
    bool valid = false;
    if (i < n) {
      bool lv = str_valid(d[0], i), rv = str_valid(d[1], i);
      bool r = false;
      if (op == BINOP_NULL_EQUALS || op == BINOP_NULL_NOT_EQUALS) {
        bool eq = (lv && rv) ? str_cmp(d[0], d[1], i) == 0 : lv == rv;
        r = op == BINOP_NULL_EQUALS ? eq : !eq;
        valid = true;
      } else {
        valid = lv && rv;
        if (valid) {
          int c = str_cmp(d[0], d[1], i);
          if (op == BINOP_EQUAL) r = c == 0;
          if (op == BINOP_NOT_EQUAL) r = c != 0;
          if (op == BINOP_LESS) r = c < 0;
          if (op == BINOP_GREATER) r = c > 0;
          if (op == BINOP_LESS_EQUAL) r = c <= 0;
          if (op == BINOP_GREATER_EQUAL) r = c >= 0;
        }
      }
      out[i] = r;
    }
    if (out_mask != nullptr) {
      unsigned word = __ballot_sync(0xffffffffu, valid);
      if (lane == 0) out_mask[base >> 5] = word;
    }
  }
}
