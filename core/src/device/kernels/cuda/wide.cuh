// 128-bit integers (DECIMAL128 storage) and helpers shared by the unary, round and cast
// modules: traits for __int128, a grid-stride loop, and wrapping to a narrower width.
typedef __int128 int128_t;
typedef unsigned __int128 uint128_t;
template <> struct traits<__int128> {
  typedef unsigned __int128 unsigned_t;
  static constexpr bool is_float = false;
  static constexpr bool is_signed = true;
  static __device__ __forceinline__ __int128 lowest() {
    return (__int128)((unsigned __int128)1 << 127);
  }
  static __device__ __forceinline__ __int128 highest() {
    return (__int128)(((unsigned __int128)1 << 127) - 1);
  }
};

#define FERRO_GRID_LOOP(i, n)                                                  \
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (n);    \
       i += (int64_t)gridDim.x * blockDim.x)

// A 128-bit value passed to a kernel as two 64-bit halves.
__device__ __forceinline__ __int128 join128(uint64_t lo, uint64_t hi) {
  return (__int128)(((unsigned __int128)hi << 64) | (unsigned __int128)lo);
}

// Wrap a 128-bit value to `bits` (32, 64 or 128) as two's complement, sign-extended back.
__device__ __forceinline__ __int128 wrap_to_bits(__int128 v, int bits) {
  if (bits == 32) return (__int128)(int32_t)(uint32_t)(unsigned __int128)v;
  if (bits == 64) return (__int128)(int64_t)(uint64_t)(unsigned __int128)v;
  return v;
}
__device__ __forceinline__ __int128 wmul128(__int128 a, __int128 b) {
  return (__int128)((unsigned __int128)a * (unsigned __int128)b);
}
__device__ __forceinline__ __int128 wadd128(__int128 a, __int128 b) {
  return (__int128)((unsigned __int128)a + (unsigned __int128)b);
}
__device__ __forceinline__ __int128 wsub128(__int128 a, __int128 b) {
  return (__int128)((unsigned __int128)a - (unsigned __int128)b);
}
