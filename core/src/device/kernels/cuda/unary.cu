// Element-wise unary operations and rounding, compiled once per input storage type. The
// Rust side defines IN_T (the storage type), IN_IS_BOOL and UNARY_<NAME>, the value of
// every UnaryOperator (pylibcudf's, from the Rust enum); the operator is a uniform kernel
// argument, so one module serves every operator of its input type. Output validity is
// handled by the caller (libcudf copies the input mask).

__device__ __forceinline__ IN_T load_in(const IN_T* p, int64_t i) {
  return load_value<IN_T, IN_IS_BOOL>(p, i);
}

// Math functions in double (integer inputs are computed in double, as C++'s integral
// overloads of <cmath> do) ...
__device__ __forceinline__ double math_double(int op, double x) {
  switch (op) {
    case UNARY_SIN: return sin(x);
    case UNARY_COS: return cos(x);
    case UNARY_TAN: return tan(x);
    case UNARY_ARCSIN: return asin(x);
    case UNARY_ARCCOS: return acos(x);
    case UNARY_ARCTAN: return atan(x);
    case UNARY_SINH: return sinh(x);
    case UNARY_COSH: return cosh(x);
    case UNARY_TANH: return tanh(x);
    case UNARY_ARCSINH: return asinh(x);
    case UNARY_ARCCOSH: return acosh(x);
    case UNARY_ARCTANH: return atanh(x);
    case UNARY_EXP: return exp(x);
    case UNARY_LOG: return log(x);
    case UNARY_SQRT: return sqrt(x);
    case UNARY_CBRT: return cbrt(x);
    case UNARY_CEIL: return ceil(x);
    case UNARY_FLOOR: return floor(x);
    case UNARY_ABS: return fabs(x);
    case UNARY_RINT: return rint(x);
    default: return x;
  }
}
// ... and in float for FLOAT32 inputs.
__device__ __forceinline__ float math_float(int op, float x) {
  switch (op) {
    case UNARY_SIN: return sinf(x);
    case UNARY_COS: return cosf(x);
    case UNARY_TAN: return tanf(x);
    case UNARY_ARCSIN: return asinf(x);
    case UNARY_ARCCOS: return acosf(x);
    case UNARY_ARCTAN: return atanf(x);
    case UNARY_SINH: return sinhf(x);
    case UNARY_COSH: return coshf(x);
    case UNARY_TANH: return tanhf(x);
    case UNARY_ARCSINH: return asinhf(x);
    case UNARY_ARCCOSH: return acoshf(x);
    case UNARY_ARCTANH: return atanhf(x);
    case UNARY_EXP: return expf(x);
    case UNARY_LOG: return logf(x);
    case UNARY_SQRT: return sqrtf(x);
    case UNARY_CBRT: return cbrtf(x);
    case UNARY_CEIL: return ceilf(x);
    case UNARY_FLOOR: return floorf(x);
    case UNARY_ABS: return fabsf(x);
    case UNARY_RINT: return rintf(x);
    default: return x;
  }
}

// Operators whose output type is the input type: the math functions, ABS, BIT_INVERT and
// NEGATE. Integer ABS and NEGATE wrap (|MIN| = MIN); BIT_INVERT of a BOOL8 is always true
// (C++'s ~ on a promoted bool is never 0).
template <class T>
__device__ __forceinline__ T unary_value(int op, T v) {
  if constexpr (traits<T>::is_float) {
    if (op == UNARY_NEGATE) return -v;
    if constexpr (sizeof(T) == 4) return math_float(op, v);
    else return math_double(op, v);
  } else {
    if (op == UNARY_ABS) {
      if constexpr (traits<T>::is_signed) return v < (T)0 ? wrapping_sub((T)0, v) : v;
      else return v;
    }
    if (op == UNARY_BIT_INVERT) {
      if constexpr (IN_IS_BOOL) return (T)1;
      else return (T)~v;
    }
    if (op == UNARY_NEGATE) return wrapping_sub((T)0, v);
    return convert<T, IN_IS_BOOL>(math_double(op, (double)v));
  }
}

// One kernel per operator: with the operator a compile-time constant, the inlined switch
// folds to the one function, which keeps register use (and so occupancy) at that
// function's own (a runtime switch over every math function ran SQRT at 74% of copy
// bandwidth).
template <int OP>
__device__ __forceinline__ void unary_same(const IN_T* in, IN_T* out, int64_t n) {
  FERRO_GRID_LOOP(i, n) { out[i] = unary_value<IN_T>(OP, load_in(in, i)); }
}
// The kernel of operator OP is unary_same_<value of OP> (the extra level expands
// UNARY_<NAME> to its number before the name is pasted).
#define FERRO_UNARY_SAME(OP) FERRO_UNARY_SAME_(OP)
#define FERRO_UNARY_SAME_(OP)                                                            \
  extern "C" __global__ void unary_same_##OP(const IN_T* in, IN_T* out, int64_t n) {    \
    unary_same<OP>(in, out, n);                                                          \
  }
FERRO_UNARY_SAME(UNARY_SIN) FERRO_UNARY_SAME(UNARY_COS) FERRO_UNARY_SAME(UNARY_TAN)
FERRO_UNARY_SAME(UNARY_ARCSIN) FERRO_UNARY_SAME(UNARY_ARCCOS)
FERRO_UNARY_SAME(UNARY_ARCTAN) FERRO_UNARY_SAME(UNARY_SINH)
FERRO_UNARY_SAME(UNARY_COSH) FERRO_UNARY_SAME(UNARY_TANH)
FERRO_UNARY_SAME(UNARY_ARCSINH) FERRO_UNARY_SAME(UNARY_ARCCOSH)
FERRO_UNARY_SAME(UNARY_ARCTANH) FERRO_UNARY_SAME(UNARY_EXP) FERRO_UNARY_SAME(UNARY_LOG)
FERRO_UNARY_SAME(UNARY_SQRT) FERRO_UNARY_SAME(UNARY_CBRT) FERRO_UNARY_SAME(UNARY_CEIL)
FERRO_UNARY_SAME(UNARY_FLOOR) FERRO_UNARY_SAME(UNARY_ABS) FERRO_UNARY_SAME(UNARY_RINT)
FERRO_UNARY_SAME(UNARY_BIT_INVERT) FERRO_UNARY_SAME(UNARY_NEGATE)

extern "C" __global__ void unary_bit_count(const IN_T* in, int32_t* out, int64_t n) {
  FERRO_GRID_LOOP(i, n) {
    typedef typename traits<IN_T>::unsigned_t U;
    if constexpr (traits<IN_T>::is_float) {
      out[i] = 0;
    } else if constexpr (sizeof(IN_T) == 16) {
      unsigned __int128 u = (unsigned __int128)in[i];
      out[i] = __popcll((uint64_t)u) + __popcll((uint64_t)(u >> 64));
    } else if constexpr (sizeof(IN_T) == 8) {
      out[i] = __popcll((uint64_t)(U)load_in(in, i));
    } else {
      out[i] = __popc((uint32_t)(U)load_in(in, i));
    }
  }
}

extern "C" __global__ void unary_not(const IN_T* in, uint8_t* out, int64_t n) {
  FERRO_GRID_LOOP(i, n) { out[i] = load_in(in, i) == (IN_T)0 ? 1 : 0; }
}

// CEIL, FLOOR, ABS and NEGATE of decimal values: `p` is 10^-scale in
// the storage type (wrapping), as libcudf computes it.
extern "C" __global__ void unary_decimal(const IN_T* in, IN_T* out, int64_t n, int op,
                                         uint64_t p_lo, uint64_t p_hi) {
  const IN_T p = (IN_T)join128(p_lo, p_hi);
  FERRO_GRID_LOOP(i, n) {
    IN_T v = in[i];
    if constexpr (!traits<IN_T>::is_float) {
      if ((op == UNARY_CEIL || op == UNARY_FLOOR) && p == (IN_T)0) {
        // 10^-scale wrapped to 0 (scales beyond the storage width): unchanged, like the host.
      } else if (op == UNARY_CEIL || op == UNARY_FLOOR) {
        IN_T a = (IN_T)((v / p) * p);
        if (op == UNARY_CEIL && v > (IN_T)0 && a != v) a = wrapping_add(a, p);
        if (op == UNARY_FLOOR && v < (IN_T)0 && a != v) a = wrapping_sub(a, p);
        v = a;
      } else if (op == UNARY_ABS) {
        if (v < (IN_T)0) v = wrapping_sub((IN_T)0, v);
      } else {
        v = wrapping_sub((IN_T)0, v);
      }
    }
    out[i] = v;
  }
}

// libcudf's rounding of an integer to a multiple of p = 10^k, done in 128 bits.
__device__ __forceinline__ __int128 abs128(__int128 v) { return v < 0 ? -v : v; }
__device__ __forceinline__ __int128 round_to_multiple(__int128 e, __int128 p, int half_even) {
  __int128 q = e / p;
  __int128 down = q * p;
  __int128 diff = abs128(e - down);
  bool up = half_even ? (diff > p / 2 || (diff == p / 2 && abs128(q) % 2 == 1)) : diff >= p / 2;
  __int128 adj = up ? p : 0;
  return e < 0 ? down - adj : down + adj;
}

// Integers rounded to a multiple of p (negative decimal places), or decimals rounded to
// fewer digits (divide = 1: the result counts multiples of p). p = 0 means 10^k does not
// fit 128 bits: every result is 0.
extern "C" __global__ void round_integer(const IN_T* in, IN_T* out, int64_t n, int half_even,
                                         uint64_t p_lo, uint64_t p_hi, int divide) {
  const __int128 p = join128(p_lo, p_hi);
  FERRO_GRID_LOOP(i, n) {
    if constexpr (traits<IN_T>::is_float) {
      out[i] = in[i];
    } else {
      if (p == 0) {
        out[i] = (IN_T)0;
      } else {
        __int128 r = round_to_multiple((__int128)load_in(in, i), p, half_even);
        if (divide) r /= p;
        out[i] = (IN_T)r;
      }
    }
  }
}

// Floats rounded to `dp` decimal places with libcudf's formulas; `scale` is 10^|dp| in IN_T.
__device__ __forceinline__ double round_half(double x, int half_even) {
  return half_even ? rint(x) : round(x);
}
__device__ __forceinline__ float round_half(float x, int half_even) {
  return half_even ? rintf(x) : roundf(x);
}
__device__ __forceinline__ double modf_value(double x, double* ip) { return modf(x, ip); }
__device__ __forceinline__ float modf_value(float x, float* ip) { return modff(x, ip); }

// A template, so that the float-only branch is discarded for integer inputs.
template <class T>
__device__ __forceinline__ T round_float_value(T e, int half_even, int dp, T scale) {
  if constexpr (traits<T>::is_float) {
    if (dp == 0) return round_half(e, half_even);
    if (dp > 0) {
      T ip;
      T frac = modf_value(e, &ip);
      return ip + round_half(frac * scale, half_even) / scale;
    }
    return round_half(e / scale, half_even) * scale;
  } else {
    return e;
  }
}

extern "C" __global__ void round_float(const IN_T* in, IN_T* out, int64_t n, int half_even,
                                       int dp, double scale_d) {
  const IN_T scale = (IN_T)scale_d;
  FERRO_GRID_LOOP(i, n) { out[i] = round_float_value<IN_T>(in[i], half_even, dp, scale); }
}
