// Element-wise unary operations and rounding, compiled once per input storage type. The
// Rust side defines IN_T (the storage type) and IN_IS_BOOL. Operator numbers are
// pylibcudf's UnaryOperator values; the operator is a uniform kernel argument, so one
// module serves every operator of its input type. Output validity is handled by the caller
// (libcudf copies the input mask).

__device__ __forceinline__ IN_T load_in(const IN_T* p, int64_t i) {
  return load_value<IN_T, IN_IS_BOOL>(p, i);
}

// Math functions in double (integer inputs are computed in double, as C++'s integral
// overloads of <cmath> do) ...
__device__ __forceinline__ double math_double(int op, double x) {
  switch (op) {
    case 0: return sin(x);
    case 1: return cos(x);
    case 2: return tan(x);
    case 3: return asin(x);
    case 4: return acos(x);
    case 5: return atan(x);
    case 6: return sinh(x);
    case 7: return cosh(x);
    case 8: return tanh(x);
    case 9: return asinh(x);
    case 10: return acosh(x);
    case 11: return atanh(x);
    case 12: return exp(x);
    case 13: return log(x);
    case 14: return sqrt(x);
    case 15: return cbrt(x);
    case 16: return ceil(x);
    case 17: return floor(x);
    case 18: return fabs(x);
    case 19: return rint(x);
    default: return x;
  }
}
// ... and in float for FLOAT32 inputs.
__device__ __forceinline__ float math_float(int op, float x) {
  switch (op) {
    case 0: return sinf(x);
    case 1: return cosf(x);
    case 2: return tanf(x);
    case 3: return asinf(x);
    case 4: return acosf(x);
    case 5: return atanf(x);
    case 6: return sinhf(x);
    case 7: return coshf(x);
    case 8: return tanhf(x);
    case 9: return asinhf(x);
    case 10: return acoshf(x);
    case 11: return atanhf(x);
    case 12: return expf(x);
    case 13: return logf(x);
    case 14: return sqrtf(x);
    case 15: return cbrtf(x);
    case 16: return ceilf(x);
    case 17: return floorf(x);
    case 18: return fabsf(x);
    case 19: return rintf(x);
    default: return x;
  }
}

// Operators whose output type is the input type: the math functions, ABS, BIT_INVERT and
// NEGATE. Integer ABS and NEGATE wrap (|MIN| = MIN); BIT_INVERT of a BOOL8 is always true
// (C++'s ~ on a promoted bool is never 0).
template <class T>
__device__ __forceinline__ T unary_value(int op, T v) {
  if constexpr (traits<T>::is_float) {
    if (op == 23) return -v;
    if constexpr (sizeof(T) == 4) return math_float(op, v);
    else return math_double(op, v);
  } else {
    if (op == 18) {  // ABS
      if constexpr (traits<T>::is_signed) return v < (T)0 ? wrapping_sub((T)0, v) : v;
      else return v;
    }
    if (op == 21) {  // BIT_INVERT
      if constexpr (IN_IS_BOOL) return (T)1;
      else return (T)~v;
    }
    if (op == 23) return wrapping_sub((T)0, v);  // NEGATE
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
#define FERRO_UNARY_SAME(OP)                                                             \
  extern "C" __global__ void unary_same_##OP(const IN_T* in, IN_T* out, int64_t n) {    \
    unary_same<OP>(in, out, n);                                                          \
  }
FERRO_UNARY_SAME(0) FERRO_UNARY_SAME(1) FERRO_UNARY_SAME(2) FERRO_UNARY_SAME(3)
FERRO_UNARY_SAME(4) FERRO_UNARY_SAME(5) FERRO_UNARY_SAME(6) FERRO_UNARY_SAME(7)
FERRO_UNARY_SAME(8) FERRO_UNARY_SAME(9) FERRO_UNARY_SAME(10) FERRO_UNARY_SAME(11)
FERRO_UNARY_SAME(12) FERRO_UNARY_SAME(13) FERRO_UNARY_SAME(14) FERRO_UNARY_SAME(15)
FERRO_UNARY_SAME(16) FERRO_UNARY_SAME(17) FERRO_UNARY_SAME(18) FERRO_UNARY_SAME(19)
FERRO_UNARY_SAME(21) FERRO_UNARY_SAME(23)

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

// CEIL (16), FLOOR (17), ABS (18) and NEGATE (23) of decimal values: `p` is 10^-scale in
// the storage type (wrapping), as libcudf computes it.
extern "C" __global__ void unary_decimal(const IN_T* in, IN_T* out, int64_t n, int op,
                                         uint64_t p_lo, uint64_t p_hi) {
  const IN_T p = (IN_T)join128(p_lo, p_hi);
  FERRO_GRID_LOOP(i, n) {
    IN_T v = in[i];
    if constexpr (!traits<IN_T>::is_float) {
      if ((op == 16 || op == 17) && p == (IN_T)0) {
        // 10^-scale wrapped to 0 (scales beyond the storage width): unchanged, like the host.
      } else if (op == 16 || op == 17) {
        IN_T a = (IN_T)((v / p) * p);
        if (op == 16 && v > (IN_T)0 && a != v) a = wrapping_add(a, p);
        if (op == 17 && v < (IN_T)0 && a != v) a = wrapping_sub(a, p);
        v = a;
      } else if (op == 18) {
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
