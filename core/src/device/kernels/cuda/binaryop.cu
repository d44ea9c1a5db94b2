// Element-wise binary operations, compiled per (L, R, OUT) type triple. The Rust side
// defines L_T, R_T, OUT_T, the *_IS_BOOL flags, CT_T (C++'s common type of L and R) and
// CMP_MIXED_SIGN (comparisons of a signed with an unsigned integer are done exactly).
//
// Operators are named by the BINOP_<NAME> constants the Rust side generates from its
// BinaryOperator enum (pylibcudf's values), and BINOP_KERNELS lists this module's kernels
// (family 0: the arithmetic operators and comparisons; family 1: the others).
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

// Multiplication wrapping in T, safe for every integer width (16-bit operands would be
// promoted to int, whose overflow is undefined).
template <class T> __device__ __forceinline__ T mul_wrap(T a, T b) {
  return (T)((uint64_t)a * (uint64_t)b);
}

// libcudf's INT_POW: repeated squaring in the lhs type, 0 for a negative exponent.
template <class A, class B> __device__ __forceinline__ A int_pow_wrapping(A x, B y) {
  if constexpr (traits<B>::is_signed) { if (y < (B)0) return (A)0; }
  uint64_t e = (uint64_t)y;
  if (e == 0) return (A)1;
  if (x == (A)0) return (A)0;
  A extra = (A)1;
  while (e > 1) {
    if (e & 1) { extra = mul_wrap(extra, x); e -= 1; }
    e /= 2;
    x = mul_wrap(x, x);
  }
  return mul_wrap(x, extra);
}

// Whether shift amount b lies in 0..W (PTX clamps larger amounts to W).
template <class B> __device__ __forceinline__ bool shift_in_range(B b, int W) {
  if constexpr (traits<B>::is_signed) { if (b < (B)0) return false; }
  return (uint64_t)b < (uint64_t)W;
}

// The templates below take the operand types as parameters so that their integer-only
// branches are discarded for float types (a plain `if constexpr` outside a template is not).
template <class A, class B> __device__ __forceinline__ OUT_T int_pow_apply(A a, B b) {
  if constexpr (traits<A>::is_float || traits<B>::is_float) return (OUT_T)0;
  else return convert<OUT_T, OUT_IS_BOOL>(int_pow_wrapping(a, b));
}

template <int OP, class A, class B> __device__ __forceinline__ OUT_T shift_apply(A a, B b) {
  if constexpr (traits<A>::is_float || traits<B>::is_float) {
    return (OUT_T)0;
  } else if constexpr (OP == BINOP_SHIFT_RIGHT_UNSIGNED) {  // the lhs as unsigned, promoted
    typedef typename traits<A>::unsigned_t UA;
    auto u = +(UA)a;
    typedef decltype(u) P;
    constexpr int W = sizeof(P) * 8;
    P r = shift_in_range(b, W) ? (P)(u >> b) : (P)0;
    return convert<OUT_T, OUT_IS_BOOL>(r);
  } else {
    auto p = +a;  // C++'s integer promotion
    typedef decltype(p) P;
    typedef typename traits<P>::unsigned_t UP;
    constexpr int W = sizeof(P) * 8;
    P r;
    if constexpr (OP == BINOP_SHIFT_LEFT) r = shift_in_range(b, W) ? (P)((UP)p << b) : (P)0;
    else r = shift_in_range(b, W) ? (P)(p >> b) : (p < (P)0 ? (P)-1 : (P)0);
    return convert<OUT_T, OUT_IS_BOOL>(r);
  }
}

template <int OP, class T> __device__ __forceinline__ T bitwise(T x, T y) {
  if constexpr (traits<T>::is_float) return (T)0;
  else if constexpr (OP == BINOP_BITWISE_AND) return x & y;
  else if constexpr (OP == BINOP_BITWISE_OR) return x | y;
  else return x ^ y;
}

template <int OP> struct null_aware {
  static constexpr bool value = OP == BINOP_NULL_EQUALS || OP == BINOP_NULL_NOT_EQUALS ||
                                OP == BINOP_NULL_MAX || OP == BINOP_NULL_MIN ||
                                OP == BINOP_NULL_LOGICAL_AND || OP == BINOP_NULL_LOGICAL_OR;
};

// The null-aware operators: `ok` receives the output validity.
template <int OP>
__device__ __forceinline__ OUT_T apply_null_aware(L_T a, R_T b, bool lv, bool rv, bool& ok) {
  if constexpr (OP == BINOP_NULL_EQUALS || OP == BINOP_NULL_NOT_EQUALS) {
    ok = true;
    bool eq = (lv && rv) ? cmp3(a, b) == 0 : (lv == rv);
    return convert<OUT_T, OUT_IS_BOOL>((uint8_t)(OP == BINOP_NULL_EQUALS ? eq : !eq));
  } else if constexpr (OP == BINOP_NULL_MAX || OP == BINOP_NULL_MIN) {
    ok = lv || rv;
    CT_T x = (CT_T)a, y = (CT_T)b, r;
    if (lv && rv) {
      if constexpr (OP == BINOP_NULL_MAX) r = x > y ? x : y;
      else r = x < y ? x : y;
    } else {
      r = lv ? x : y;
    }
    return convert<OUT_T, OUT_IS_BOOL>(r);
  } else {  // NULL_LOGICAL_AND, NULL_LOGICAL_OR
    bool x = lv && a != (L_T)0, y = rv && b != (R_T)0, both = lv && rv;
    bool r;
    if constexpr (OP == BINOP_NULL_LOGICAL_AND) {
      ok = (lv && !x) || (rv && !y) || both;
      r = both && x && y;
    } else {
      ok = x || y || both;
      r = x || y;
    }
    return convert<OUT_T, OUT_IS_BOOL>((uint8_t)r);
  }
}

// OP is a BINOP_<NAME> value (pylibcudf's BinaryOperator numbers).
template <int OP>
__device__ __forceinline__ OUT_T apply(L_T a, R_T b, bool& ok) {
  constexpr bool ints = !traits<L_T>::is_float && !traits<R_T>::is_float;
  if constexpr (OP >= BINOP_EQUAL && OP <= BINOP_GREATER_EQUAL) {
    int c = cmp3(a, b);
    bool r;
    if constexpr (OP == BINOP_EQUAL) r = c == 0;
    if constexpr (OP == BINOP_NOT_EQUAL) r = c != 0;
    if constexpr (OP == BINOP_LESS) r = c == -1;
    if constexpr (OP == BINOP_GREATER) r = c == 1;
    if constexpr (OP == BINOP_LESS_EQUAL) r = c == -1 || c == 0;
    if constexpr (OP == BINOP_GREATER_EQUAL) r = c == 1 || c == 0;
    return convert<OUT_T, OUT_IS_BOOL>((uint8_t)r);
  } else if constexpr (OP == BINOP_TRUE_DIV) {
    return convert<OUT_T, OUT_IS_BOOL>((double)a / (double)b);
  } else if constexpr (OP == BINOP_POW) {
    if constexpr (ints) {
      return convert<OUT_T, OUT_IS_BOOL>(int_pow((double)a, b));
    } else {
      return convert<OUT_T, OUT_IS_BOOL>(pow((double)a, (double)b));
    }
  } else if constexpr (OP == BINOP_INT_POW) {  // integer operands only
    return int_pow_apply(a, b);
  } else if constexpr (OP == BINOP_LOG_BASE) {
    return convert<OUT_T, OUT_IS_BOOL>(log((double)a) / log((double)b));
  } else if constexpr (OP == BINOP_ATAN2) {
    return convert<OUT_T, OUT_IS_BOOL>(atan2((double)a, (double)b));
  } else if constexpr (OP >= BINOP_SHIFT_LEFT && OP <= BINOP_SHIFT_RIGHT_UNSIGNED) {
    // the shifts (integer operands only)
    return shift_apply<OP>(a, b);
  } else if constexpr (OP == BINOP_LOGICAL_AND) {
    return convert<OUT_T, OUT_IS_BOOL>((uint8_t)(a != (L_T)0 && b != (R_T)0));
  } else if constexpr (OP == BINOP_LOGICAL_OR) {
    return convert<OUT_T, OUT_IS_BOOL>((uint8_t)(a != (L_T)0 || b != (R_T)0));
  } else {
    CT_T x = (CT_T)a, y = (CT_T)b;
    CT_T r;
    if constexpr (OP == BINOP_ADD) r = wadd(x, y);
    if constexpr (OP == BINOP_SUB) r = wsub(x, y);
    if constexpr (OP == BINOP_MUL) r = wmul(x, y);
    if constexpr (traits<CT_T>::is_float) {
      if constexpr (OP == BINOP_DIV) r = x / y;
      if constexpr (OP == BINOP_FLOOR_DIV) r = floor_value(x / y);
      if constexpr (OP == BINOP_MOD) r = fmod_value(x, y);
      if constexpr (OP == BINOP_PMOD) {
        r = fmod_value(x, y);
        if (r < (CT_T)0) r = fmod_value(r + y, y);
      }
      if constexpr (OP == BINOP_PYMOD) {
        r = fmod_value(x, y);
        if (r != (CT_T)0 && ((r < (CT_T)0) != (y < (CT_T)0))) r += y;
      }
      if constexpr (OP >= BINOP_BITWISE_AND && OP <= BINOP_BITWISE_XOR) r = bitwise<OP>(x, y);
    } else {
      if constexpr (OP == BINOP_DIV || OP == BINOP_FLOOR_DIV || OP == BINOP_MOD ||
                    OP == BINOP_PMOD || OP == BINOP_PYMOD) {
        if (y == (CT_T)0) { ok = false; return (OUT_T)0; }
      }
      if constexpr (OP == BINOP_DIV) r = wdiv(x, y);
      if constexpr (OP == BINOP_FLOOR_DIV) {
        r = wdiv(x, y);
        CT_T m = wrem(x, y);
        if (m != (CT_T)0 && ((m < (CT_T)0) != (y < (CT_T)0))) r = wsub(r, (CT_T)1);
      }
      if constexpr (OP == BINOP_MOD) r = wrem(x, y);
      if constexpr (OP == BINOP_PMOD) {
        r = wrem(x, y);
        if (r < (CT_T)0) r = wrem(wadd(r, y), y);
      }
      if constexpr (OP == BINOP_PYMOD) {
        r = wrem(x, y);
        if (r != (CT_T)0 && ((r < (CT_T)0) != (y < (CT_T)0))) r = wadd(r, y);
      }
      if constexpr (OP >= BINOP_BITWISE_AND && OP <= BINOP_BITWISE_XOR) r = bitwise<OP>(x, y);
    }
    return convert<OUT_T, OUT_IS_BOOL>(r);
  }
}

// lhs_is_scalar / rhs_is_scalar: 0 for a column, 1 for a valid scalar, 2 for a null scalar.
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
      bool lv = lhs_is_scalar ? lhs_is_scalar == 1 : (lmask == nullptr || bit_is_set(lmask, lmask_offset + i));
      bool rv = rhs_is_scalar ? rhs_is_scalar == 1 : (rmask == nullptr || bit_is_set(rmask, rmask_offset + i));
      L_T a = lhs_is_scalar ? ls : load_value<L_T, L_IS_BOOL>(lhs, i);
      R_T b = rhs_is_scalar ? rs : load_value<R_T, R_IS_BOOL>(rhs, i);
      bool ok = true;
      if constexpr (null_aware<OP>::value) {
        out[i] = apply_null_aware<OP>(a, b, lv, rv, ok);
        valid = ok;
      } else {
        out[i] = apply<OP>(a, b, ok);
        valid = lv && rv && ok;
      }
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
// The kernels of this module's family: FERRO_BINOP(name, BINOP_<NAME>) for each of its
// operators, generated from the Rust enum (device/kernels/binaryop.rs, kernel_list).
BINOP_KERNELS
