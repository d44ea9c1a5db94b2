// Element-wise binary operations, compiled per (L, R, OUT) type triple. The Rust side
// defines L_T, R_T, OUT_T, the *_IS_BOOL flags, CT_T (C++'s common type of L and R) and
// CMP_MIXED_SIGN (comparisons of a signed with an unsigned integer are done exactly).
//
// Each thread of a warp handles one of 32 consecutive rows, so the output validity of
// those rows is one __ballot_sync word. Integer division or modulo by zero yields null.

#define wadd wrapping_add
#define wsub wrapping_sub
#define wmul wrapping_mul

// Truncating division without the overflow trap of MIN / -1 (wraps to MIN).
template <class T> __device__ __forceinline__ T wdiv(T a, T b) {
  if constexpr (traits<T>::is_signed) { if (b == (T)-1) return wsub((T)0, a); }
  return a / b;
}
template <class T> __device__ __forceinline__ T wrem(T a, T b) {
  if constexpr (traits<T>::is_signed) { if (b == (T)-1) return (T)0; }
  return fmod_value(a, b);
}

// Exact comparison of a signed and an unsigned integer (C++ would convert to unsigned).
template <class A, class B> __device__ __forceinline__ int cmp3(A a, B b) {
  if constexpr (CMP_MIXED_SIGN) {
    if constexpr (traits<A>::is_signed) { if (a < 0) return -1; }
    if constexpr (traits<B>::is_signed) { if (b < 0) return 1; }
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    return ua < ub ? -1 : (ua > ub ? 1 : 0);
  } else {
    CT_T x = (CT_T)a, y = (CT_T)b;
    return x < y ? -1 : (x > y ? 1 : (x == y ? 0 : 2));  // 2: unordered (NaN)
  }
}

// base ** e for an integer exponent by repeated squaring in float64: exact while the
// result stays below 2^53, and the same sequence of IEEE multiplications as the host path
// (CUDA's pow() may be an ulp off, which truncation to an integer would turn into an error).
template <class B> __device__ __forceinline__ double int_pow(double base, B e) {
  bool negative = false;
  uint64_t m;
  if constexpr (traits<B>::is_signed) {
    negative = e < (B)0;
    m = negative ? (uint64_t)0 - (uint64_t)(int64_t)e : (uint64_t)e;
  } else {
    m = (uint64_t)e;
  }
  double r = 1.0, b = base;
  while (m) {
    if (m & 1) r *= b;
    m >>= 1;
    if (m) b *= b;
  }
  return negative ? 1.0 / r : r;
}

// OP values are pylibcudf's BinaryOperator numbers.
template <int OP>
__device__ __forceinline__ OUT_T apply(L_T a, R_T b, bool& ok) {
  if constexpr (OP >= 21 && OP <= 26) {
    int c = cmp3(a, b);
    bool r;
    if constexpr (OP == 21) r = c == 0;
    if constexpr (OP == 22) r = c != 0;
    if constexpr (OP == 23) r = c == -1;
    if constexpr (OP == 24) r = c == 1;
    if constexpr (OP == 25) r = c == -1 || c == 0;
    if constexpr (OP == 26) r = c == 1 || c == 0;
    return convert<OUT_T, OUT_IS_BOOL>((uint8_t)r);
  } else if constexpr (OP == 4) {  // TRUE_DIV
    return convert<OUT_T, OUT_IS_BOOL>((double)a / (double)b);
  } else if constexpr (OP == 9) {  // POW
    if constexpr (!traits<L_T>::is_float && !traits<R_T>::is_float) {
      return convert<OUT_T, OUT_IS_BOOL>(int_pow((double)a, b));
    } else {
      return convert<OUT_T, OUT_IS_BOOL>(pow((double)a, (double)b));
    }
  } else {
    CT_T x = (CT_T)a, y = (CT_T)b;
    CT_T r;
    if constexpr (OP == 0) r = wadd(x, y);
    if constexpr (OP == 1) r = wsub(x, y);
    if constexpr (OP == 2) r = wmul(x, y);
    if constexpr (traits<CT_T>::is_float) {
      if constexpr (OP == 3) r = x / y;
      if constexpr (OP == 5) r = floor_value(x / y);
      if constexpr (OP == 6) r = fmod_value(x, y);
      if constexpr (OP == 8) {
        r = fmod_value(x, y);
        if (r != (CT_T)0 && ((r < (CT_T)0) != (y < (CT_T)0))) r += y;
      }
    } else {
      if constexpr (OP == 3 || OP == 5 || OP == 6 || OP == 8) {
        if (y == (CT_T)0) { ok = false; return (OUT_T)0; }
      }
      if constexpr (OP == 3) r = wdiv(x, y);
      if constexpr (OP == 5) {
        r = wdiv(x, y);
        CT_T m = wrem(x, y);
        if (m != (CT_T)0 && ((m < (CT_T)0) != (y < (CT_T)0))) r = wsub(r, (CT_T)1);
      }
      if constexpr (OP == 6) r = wrem(x, y);
      if constexpr (OP == 8) {
        r = wrem(x, y);
        if (r != (CT_T)0 && ((r < (CT_T)0) != (y < (CT_T)0))) r = wadd(r, y);
      }
    }
    return convert<OUT_T, OUT_IS_BOOL>(r);
  }
}

template <int OP>
__device__ void binop(const L_T* lhs, uint64_t lhs_scalar_bits, int lhs_is_scalar,
                      const uint8_t* lmask, int64_t lmask_offset,
                      const R_T* rhs, uint64_t rhs_scalar_bits, int rhs_is_scalar,
                      const uint8_t* rmask, int64_t rmask_offset,
                      OUT_T* out, uint32_t* out_mask, int64_t n, unsigned long long* null_count) {
  const int lane = threadIdx.x & 31;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  const L_T lraw = from_bits<L_T>(lhs_scalar_bits);
  const R_T rraw = from_bits<R_T>(rhs_scalar_bits);
  const L_T ls = load_value<L_T, L_IS_BOOL>(&lraw, 0);
  const R_T rs = load_value<R_T, R_IS_BOOL>(&rraw, 0);
  unsigned long long nulls = 0;
  for (int64_t base = (int64_t)blockIdx.x * blockDim.x + threadIdx.x - lane; base < n; base += stride) {
    int64_t i = base + lane;
    bool valid = false;
    if (i < n) {
      valid = (lmask == nullptr || bit_is_set(lmask, lmask_offset + i)) &&
              (rmask == nullptr || bit_is_set(rmask, rmask_offset + i));
      L_T a = lhs_is_scalar ? ls : load_value<L_T, L_IS_BOOL>(lhs, i);
      R_T b = rhs_is_scalar ? rs : load_value<R_T, R_IS_BOOL>(rhs, i);
      bool ok = true;
      out[i] = apply<OP>(a, b, ok);
      valid = valid && ok;
    }
    if (out_mask != nullptr) {
      unsigned word = __ballot_sync(0xffffffffu, valid);
      unsigned in_range = __ballot_sync(0xffffffffu, i < n);
      if (lane == 0) {
        out_mask[base >> 5] = word;
        nulls += __popc(in_range & ~word);
      }
    }
  }
  if (null_count != nullptr && out_mask != nullptr && lane == 0 && nulls) atomicAdd(null_count, nulls);
}

#define FERRO_BINOP(NAME, OP)                                                                   \
  extern "C" __global__ void NAME(const L_T* lhs, uint64_t lbits, int lsc, const uint8_t* lmask, \
                                  int64_t loff, const R_T* rhs, uint64_t rbits, int rsc,         \
                                  const uint8_t* rmask, int64_t roff, OUT_T* out,                \
                                  uint32_t* out_mask, int64_t n, unsigned long long* nc) {       \
    binop<OP>(lhs, lbits, lsc, lmask, loff, rhs, rbits, rsc, rmask, roff, out, out_mask, n, nc); \
  }
FERRO_BINOP(binop_add, 0)
FERRO_BINOP(binop_sub, 1)
FERRO_BINOP(binop_mul, 2)
FERRO_BINOP(binop_div, 3)
FERRO_BINOP(binop_true_div, 4)
FERRO_BINOP(binop_floor_div, 5)
FERRO_BINOP(binop_mod, 6)
FERRO_BINOP(binop_pymod, 8)
FERRO_BINOP(binop_pow, 9)
FERRO_BINOP(binop_equal, 21)
FERRO_BINOP(binop_not_equal, 22)
FERRO_BINOP(binop_less, 23)
FERRO_BINOP(binop_greater, 24)
FERRO_BINOP(binop_less_equal, 25)
FERRO_BINOP(binop_greater_equal, 26)
