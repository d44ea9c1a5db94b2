// Shared definitions for ferrodf's NVRTC kernels. NVRTC has no standard headers, so the
// fixed-width integer names and the type traits ferrodf needs are defined here.
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;

template <class T> struct traits;
#define FERRO_INT_TRAITS(T, UT, SIGNED, LO, HI)                                   \
  template <> struct traits<T> {                                                  \
    typedef UT unsigned_t;                                                        \
    static constexpr bool is_float = false;                                       \
    static constexpr bool is_signed = SIGNED;                                     \
    static __device__ __forceinline__ T lowest() { return (T)(LO); }             \
    static __device__ __forceinline__ T highest() { return (T)(HI); }            \
  };
FERRO_INT_TRAITS(int8_t, uint8_t, true, -128, 127)
FERRO_INT_TRAITS(int16_t, uint16_t, true, -32768, 32767)
FERRO_INT_TRAITS(int32_t, uint32_t, true, -2147483647 - 1, 2147483647)
FERRO_INT_TRAITS(int64_t, uint64_t, true, -9223372036854775807LL - 1, 9223372036854775807LL)
FERRO_INT_TRAITS(uint8_t, uint8_t, false, 0, 255)
FERRO_INT_TRAITS(uint16_t, uint16_t, false, 0, 65535)
FERRO_INT_TRAITS(uint32_t, uint32_t, false, 0, 4294967295U)
FERRO_INT_TRAITS(uint64_t, uint64_t, false, 0, 18446744073709551615ULL)
template <> struct traits<float> {
  typedef float unsigned_t;
  static constexpr bool is_float = true;
  static constexpr bool is_signed = true;
  static __device__ __forceinline__ float lowest() { return -__int_as_float(0x7f800000); }
  static __device__ __forceinline__ float highest() { return __int_as_float(0x7f800000); }
};
template <> struct traits<double> {
  typedef double unsigned_t;
  static constexpr bool is_float = true;
  static constexpr bool is_signed = true;
  static __device__ __forceinline__ double lowest() { return -__longlong_as_double(0x7ff0000000000000LL); }
  static __device__ __forceinline__ double highest() { return __longlong_as_double(0x7ff0000000000000LL); }
};

// Validity bit i of an Arrow/libcudf mask (LSB first). Byte loads: masks of sliced
// columns need not be word aligned.
__device__ __forceinline__ bool bit_is_set(const uint8_t* mask, int64_t i) {
  return (mask[i >> 3] >> (i & 7)) & 1;
}

// Lexicographic comparison of two byte strings: -1, 0 or 1 (Rust's slice ordering).
__device__ __forceinline__ int cmp_bytes(const uint8_t* p, int64_t lp, const uint8_t* q,
                                         int64_t lq) {
  int64_t m = lp < lq ? lp : lq;
  for (int64_t k = 0; k < m; ++k) {
    if (p[k] != q[k]) return p[k] < q[k] ? -1 : 1;
  }
  return lp < lq ? -1 : (lp > lq ? 1 : 0);
}

// Load a value stored as S; BOOL8 values (stored as bytes) are normalised to 0/1.
template <class S, bool IS_BOOL>
__device__ __forceinline__ S load_value(const S* p, int64_t i) {
  if constexpr (IS_BOOL) {
    return (S)(p[i] != 0);
  } else {
    return p[i];
  }
}

// C++ conversion with two definitions made explicit so the host path can match it:
// float -> integer saturates (NaN -> 0), anything -> BOOL8 is "!= 0".
template <class O, bool O_IS_BOOL, class S>
__device__ __forceinline__ O convert(S v) {
  if constexpr (O_IS_BOOL) {
    return (O)(v != (S)0);
  } else if constexpr (traits<S>::is_float && !traits<O>::is_float) {
    if (v != v) return (O)0;
    if (v <= (S)traits<O>::lowest()) return traits<O>::lowest();
    if (v >= (S)traits<O>::highest()) return traits<O>::highest();
    return (O)v;
  } else {
    return (O)v;
  }
}

// Reinterpret the low bytes of a 64-bit kernel parameter as a T (scalar operands).
template <class T>
__device__ __forceinline__ T from_bits(uint64_t bits) {
  union { uint64_t u; T t; } x;
  x.u = bits;
  return x.t;
}

// Math that only exists for floating types, callable with any type: the float branch of a
// template is discarded for integers (a plain `if constexpr` outside a template is not).
template <class T> __device__ __forceinline__ T min_value(T a, T b) {
  if constexpr (traits<T>::is_float) return fmin(a, b);  // NaN-skipping
  else return b < a ? b : a;
}
template <class T> __device__ __forceinline__ T max_value(T a, T b) {
  if constexpr (traits<T>::is_float) return fmax(a, b);
  else return b > a ? b : a;
}
template <class T> __device__ __forceinline__ T floor_value(T v) {
  if constexpr (traits<T>::is_float) return floor(v);
  else return v;
}
template <class T> __device__ __forceinline__ T fmod_value(T a, T b) {
  if constexpr (traits<T>::is_float) return fmod(a, b);
  else return a % b;
}
template <class T> __device__ __forceinline__ T quiet_nan_or(T fallback) {
  if constexpr (traits<T>::is_float) return (T)__longlong_as_double(0x7ff8000000000000LL);
  else return fallback;
}
// Integer arithmetic wraps (done in the unsigned type: signed overflow is undefined in C++).
template <class T> __device__ __forceinline__ T wrapping_add(T a, T b) {
  if constexpr (traits<T>::is_float) return a + b;
  else { typedef typename traits<T>::unsigned_t U; return (T)((U)a + (U)b); }
}
template <class T> __device__ __forceinline__ T wrapping_sub(T a, T b) {
  if constexpr (traits<T>::is_float) return a - b;
  else { typedef typename traits<T>::unsigned_t U; return (T)((U)a - (U)b); }
}
template <class T> __device__ __forceinline__ T wrapping_mul(T a, T b) {
  if constexpr (traits<T>::is_float) return a * b;
  else { typedef typename traits<T>::unsigned_t U; return (T)((U)a * (U)b); }
}

// Store v at out[j] in the column type of code `kind` (0-3 int8-int64, 4-7 uint8-uint64,
// 8 float, 9 double, any other BOOL8 as v != 0), converted as C++ converts.
template <class V>
__device__ __forceinline__ void store_kind(int64_t kind, void* out, int64_t j, V v) {
  switch (kind) {
    case 0: ((int8_t*)out)[j] = (int8_t)v; break;
    case 1: ((int16_t*)out)[j] = (int16_t)v; break;
    case 2: ((int32_t*)out)[j] = (int32_t)v; break;
    case 3: ((int64_t*)out)[j] = (int64_t)v; break;
    case 4: ((uint8_t*)out)[j] = (uint8_t)v; break;
    case 5: ((uint16_t*)out)[j] = (uint16_t)v; break;
    case 6: ((uint32_t*)out)[j] = (uint32_t)v; break;
    case 7: ((uint64_t*)out)[j] = (uint64_t)v; break;
    case 8: ((float*)out)[j] = (float)v; break;
    case 9: ((double*)out)[j] = (double)v; break;
    default: ((uint8_t*)out)[j] = v != 0 ? 1 : 0;
  }
}
