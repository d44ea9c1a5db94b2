// Row helpers of the generated expression kernels (ops/expressions/codegen.rs): the
// operators whose C++ form is undefined or differs between integer and float types,
// written out so that the host evaluation (ops/expressions/host.rs) can match them.
// Integer division and remainder by zero give 0 (the generated code makes the row null);
// MIN / -1 wraps and MIN % -1 is 0.

template <class T> __device__ __forceinline__ bool ex_divisor_ok(T b) {
  if constexpr (traits<T>::is_float) return true;
  else return b != (T)0;
}
template <class T> __device__ __forceinline__ T ex_div(T a, T b) {
  if constexpr (traits<T>::is_float) {
    return a / b;
  } else {
    if (b == (T)0) return (T)0;
    if constexpr (traits<T>::is_signed) {
      typedef typename traits<T>::unsigned_t U;
      if (b == (T)-1) return (T)((U)0 - (U)a);
    }
    return (T)(a / b);
  }
}
template <class T> __device__ __forceinline__ T ex_mod(T a, T b) {
  if constexpr (traits<T>::is_float) {
    return fmod(a, b);
  } else {
    if (b == (T)0) return (T)0;
    if constexpr (traits<T>::is_signed) {
      if (b == (T)-1) return (T)0;
    }
    return (T)(a % b);
  }
}
// Whether remainder m (non-zero) and divisor b have different signs.
template <class T> __device__ __forceinline__ bool ex_signs_differ(T m, T b) {
  if constexpr (traits<T>::is_signed) return (m < (T)0) != (b < (T)0);
  else return false;
}
template <class T> __device__ __forceinline__ T ex_floor_div(T a, T b) {
  if constexpr (traits<T>::is_float) {
    return floor(a / b);
  } else {
    T q = ex_div<T>(a, b);
    T m = ex_mod<T>(a, b);
    if (b != (T)0 && m != (T)0 && ex_signs_differ<T>(m, b)) q = wrapping_sub<T>(q, (T)1);
    return q;
  }
}
// libcudf's PYMOD: fmod(fmod(a, b) + b, b) for floats; the remainder with the divisor's
// sign for integers (without the formula's overflow).
template <class T> __device__ __forceinline__ T ex_pymod(T a, T b) {
  if constexpr (traits<T>::is_float) {
    return fmod(fmod(a, b) + b, b);
  } else {
    T m = ex_mod<T>(a, b);
    if (b != (T)0 && m != (T)0 && ex_signs_differ<T>(m, b)) m = wrapping_add<T>(m, b);
    return m;
  }
}
// |a|: wrapping for signed integers (|MIN| = MIN), the value for unsigned ones.
template <class T> __device__ __forceinline__ T ex_abs(T a) {
  if constexpr (traits<T>::is_signed) {
    typedef typename traits<T>::unsigned_t U;
    return a < (T)0 ? (T)((U)0 - (U)a) : a;
  } else {
    return a;
  }
}
// Validity of row i of a column whose mask is `m` at bit offset `o` (null: all valid).
__device__ __forceinline__ bool ex_valid(const uint8_t* m, int64_t o, int64_t i) {
  return m == nullptr || bit_is_set(m, o + i);
}
