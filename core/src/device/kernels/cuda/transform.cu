// Bitmask <-> value kernels shared by unary (is_null, is_valid, is_nan, is_not_nan), cast
// and transform (nans_to_nulls, bools_to_mask, mask_to_bools), plus the copy of a column's
// validity bits to a mask that starts at bit 0. Masks are built one 32-bit word per thread
// iteration; `count` (when not null) accumulates the number of set bits.

#define FERRO_WORD_LOOP(w, words)                                              \
  for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < (words); \
       w += (int64_t)gridDim.x * blockDim.x)

__device__ __forceinline__ bool valid_at(const uint8_t* mask, int64_t off, int64_t i) {
  return mask == nullptr || bit_is_set(mask, off + i);
}

// Bits [0, n) of `out`: bit i is set when row i is valid in `mask` (at bit offset `off`;
// null: every row) and `bit(i)`, one 32-bit word per loop iteration; the set bits are
// added to `count` (when not null). The validity test belongs here, not in `bit`: with it
// in the lambda, bools_to_mask measured 14% slower on an H200.
template <class Bit>
__device__ __forceinline__ void build_words(uint32_t* out, int64_t n, unsigned long long* count,
                                            const uint8_t* mask, int64_t off, Bit bit) {
  int64_t words = (n + 31) / 32;
  unsigned long long local = 0;
  FERRO_WORD_LOOP(w, words) {
    uint32_t word = 0;
    for (int b = 0; b < 32; ++b) {
      int64_t i = w * 32 + b;
      if (i < n && valid_at(mask, off, i) && bit(i)) word |= 1u << b;
    }
    out[w] = word;
    local += __popc(word);
  }
  if (count != nullptr && local) atomicAdd(count, local);
}

// Bits [off, off + n) of `in` to bits [0, n) of `out`.
extern "C" __global__ void copy_bits(const uint8_t* in, int64_t off, uint32_t* out, int64_t n,
                                     unsigned long long* count) {
  build_words(out, n, count, nullptr, 0, [&](int64_t i) { return bit_is_set(in, off + i); });
}

// out[i] = bit (begin + i) of `mask` (all set when mask is null), inverted when `invert`.
extern "C" __global__ void mask_to_bools(const uint8_t* mask, int64_t begin, uint8_t* out,
                                         int64_t n, int invert) {
  FERRO_WORD_LOOP(i, n) { out[i] = (uint8_t)(valid_at(mask, begin, i) != (invert != 0)); }
}

// Bit i = row i is valid and true (nulls count as false).
extern "C" __global__ void bools_to_mask(const uint8_t* vals, const uint8_t* mask, int64_t off,
                                         uint32_t* out, int64_t n, unsigned long long* count) {
  build_words(out, n, count, mask, off, [&](int64_t i) { return vals[i] != 0; });
}

// Bit i = row i is valid and not NaN.
template <class T>
__device__ __forceinline__ void nan_mask(const T* vals, const uint8_t* mask, int64_t off,
                                         uint32_t* out, int64_t n, unsigned long long* count) {
  build_words(out, n, count, mask, off, [&](int64_t i) { return !isnan(vals[i]); });
}
extern "C" __global__ void nans_to_nulls_f32(const float* vals, const uint8_t* mask, int64_t off,
                                             uint32_t* out, int64_t n, unsigned long long* count) {
  nan_mask<float>(vals, mask, off, out, n, count);
}
extern "C" __global__ void nans_to_nulls_f64(const double* vals, const uint8_t* mask, int64_t off,
                                             uint32_t* out, int64_t n, unsigned long long* count) {
  nan_mask<double>(vals, mask, off, out, n, count);
}

// out[i] = row i is valid and NaN (is_nan), or its negation (is_not_nan).
template <class T>
__device__ __forceinline__ void is_nan_values(const T* vals, const uint8_t* mask, int64_t off,
                                              uint8_t* out, int64_t n, int negate) {
  FERRO_WORD_LOOP(i, n) {
    bool r = valid_at(mask, off, i) && isnan(vals[i]);
    out[i] = (uint8_t)(r != (negate != 0));
  }
}
extern "C" __global__ void is_nan_f32(const float* vals, const uint8_t* mask, int64_t off,
                                      uint8_t* out, int64_t n, int negate) {
  is_nan_values<float>(vals, mask, off, out, n, negate);
}
extern "C" __global__ void is_nan_f64(const double* vals, const uint8_t* mask, int64_t off,
                                      uint8_t* out, int64_t n, int negate) {
  is_nan_values<double>(vals, mask, off, out, n, negate);
}
