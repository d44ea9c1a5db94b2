// DECIMAL128 binary operations on the unscaled 128-bit integers (one module variant; the
// operator is a uniform kernel argument). Each side is first multiplied by its rescaling
// factor (10^k, or 1), wrapping like libcudf's fixed_point<__int128_t>; then, for `op` one
// of the BINOP_<NAME> constants generated from the Rust BinaryOperator enum:
//   ADD, SUB, MUL (wrapping, a DECIMAL128 output),
//   EQUAL..GREATER_EQUAL, the comparisons (a BOOL8 output),
//   NULL_EQUALS / NULL_NOT_EQUALS (BOOL8, never null),
//   NULL_MAX / NULL_MIN (DECIMAL128, the valid side when one is null).
// *_kind: 0 a column, 1 a valid scalar (its value in *_lo/*_hi), 2 a null scalar.
// As in binaryop.cu, each thread of a warp handles one of 32 consecutive rows so that the
// output validity of those rows is one __ballot_sync word.

// Values are read and written as two 64-bit halves: only 8-byte alignment is assumed.
__device__ __forceinline__ __int128 load128(const uint64_t* p, int64_t i) {
  return join128(p[2 * i], p[2 * i + 1]);
}
__device__ __forceinline__ void store128(uint64_t* p, int64_t i, __int128 v) {
  p[2 * i] = (uint64_t)(unsigned __int128)v;
  p[2 * i + 1] = (uint64_t)((unsigned __int128)v >> 64);
}

extern "C" __global__ void dec128_binop(const uint64_t* lhs, uint64_t l_lo, uint64_t l_hi,
                                        int l_kind, const uint8_t* lmask, int64_t lmask_off,
                                        const uint64_t* rhs, uint64_t r_lo, uint64_t r_hi,
                                        int r_kind, const uint8_t* rmask, int64_t rmask_off,
                                        uint64_t fl_lo, uint64_t fl_hi, uint64_t fr_lo,
                                        uint64_t fr_hi, int op, void* out, uint32_t* out_mask,
                                        int64_t n) {
  const int lane = threadIdx.x & 31;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  const __int128 ls = join128(l_lo, l_hi), rs = join128(r_lo, r_hi);
  const __int128 fl = join128(fl_lo, fl_hi), fr = join128(fr_lo, fr_hi);
  uint64_t* out128 = (uint64_t*)out;
  uint8_t* out8 = (uint8_t*)out;
  for (int64_t base = (int64_t)blockIdx.x * blockDim.x + threadIdx.x - lane; base < n;
       base += stride) {
    int64_t i = base + lane;
    bool valid = false;
    if (i < n) {
      bool lv = l_kind ? l_kind == 1 : (lmask == nullptr || bit_is_set(lmask, lmask_off + i));
      bool rv = r_kind ? r_kind == 1 : (rmask == nullptr || bit_is_set(rmask, rmask_off + i));
      __int128 a = wmul128(l_kind ? ls : load128(lhs, i), fl);
      __int128 b = wmul128(r_kind ? rs : load128(rhs, i), fr);
      if (op <= BINOP_MUL) {
        store128(out128, i,
                 op == BINOP_ADD   ? wadd128(a, b)
                 : op == BINOP_SUB ? wsub128(a, b)
                                   : wmul128(a, b));
        valid = lv && rv;
      } else if (op >= BINOP_EQUAL && op <= BINOP_GREATER_EQUAL) {
        bool r = op == BINOP_EQUAL ? a == b
               : op == BINOP_NOT_EQUAL ? a != b
               : op == BINOP_LESS ? a < b
               : op == BINOP_GREATER ? a > b
               : op == BINOP_LESS_EQUAL ? a <= b
                          : a >= b;
        out8[i] = r ? 1 : 0;
        valid = lv && rv;
      } else if (op == BINOP_NULL_EQUALS || op == BINOP_NULL_NOT_EQUALS) {
        bool eq = (lv && rv) ? a == b : lv == rv;
        out8[i] = (op == BINOP_NULL_EQUALS ? eq : !eq) ? 1 : 0;
        valid = true;
      } else {
        __int128 r;
        if (lv && rv) r = op == BINOP_NULL_MAX ? (a > b ? a : b) : (a < b ? a : b);
        else r = lv ? a : b;
        store128(out128, i, r);
        valid = lv || rv;
      }
    }
    if (out_mask != nullptr) {
      unsigned word = __ballot_sync(0xffffffffu, valid);
      if (lane == 0) out_mask[base >> 5] = word;
    }
  }
}
