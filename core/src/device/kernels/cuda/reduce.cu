// Reductions of a column to one value, in two deterministic passes: every block reduces a
// fixed grid-stride share into partials[blockIdx.x], then one block reduces the partials in
// order. The module is compiled per (input type, accumulator type); the including Rust code
// defines IN_T, IN_IS_BOOL, ACC_T and OP_* selection per kernel via templates.
//
// AGG: 0 sum, 1 product, 2 min, 3 max, 4 sum of squares, 5/6/7 bitwise AND/OR/XOR.

template <int AGG> struct Agg;
template <> struct Agg<0> {
  static __device__ __forceinline__ ACC_T identity() { return (ACC_T)0; }
  static __device__ __forceinline__ ACC_T combine(ACC_T a, ACC_T b) { return wrapping_add(a, b); }
  static __device__ __forceinline__ ACC_T lift(ACC_T v) { return v; }
};
template <> struct Agg<1> {
  static __device__ __forceinline__ ACC_T identity() { return (ACC_T)1; }
  static __device__ __forceinline__ ACC_T combine(ACC_T a, ACC_T b) { return wrapping_mul(a, b); }
  static __device__ __forceinline__ ACC_T lift(ACC_T v) { return v; }
};
// min/max: floats use fmin/fmax with NaN as identity, so NaNs are skipped unless every
// valid value is NaN (the result is then NaN).
template <> struct Agg<2> {
  static __device__ __forceinline__ ACC_T identity() { return quiet_nan_or(traits<ACC_T>::highest()); }
  static __device__ __forceinline__ ACC_T combine(ACC_T a, ACC_T b) { return min_value(a, b); }
  static __device__ __forceinline__ ACC_T lift(ACC_T v) { return v; }
};
template <> struct Agg<3> {
  static __device__ __forceinline__ ACC_T identity() { return quiet_nan_or(traits<ACC_T>::lowest()); }
  static __device__ __forceinline__ ACC_T combine(ACC_T a, ACC_T b) { return max_value(a, b); }
  static __device__ __forceinline__ ACC_T lift(ACC_T v) { return v; }
};
template <> struct Agg<4> {
  static __device__ __forceinline__ ACC_T identity() { return (ACC_T)0; }
  static __device__ __forceinline__ ACC_T combine(ACC_T a, ACC_T b) { return Agg<0>::combine(a, b); }
  static __device__ __forceinline__ ACC_T lift(ACC_T v) { return wrapping_mul(v, v); }
};

// BITWISE_AGG folds: integer accumulators only (the launcher checks); float modules compile
// them as no-ops that are never launched.
template <int OP, typename T> struct Bits {
  static __device__ __forceinline__ T f(T a, T b) {
    return OP == 0 ? (T)(a & b) : OP == 1 ? (T)(a | b) : (T)(a ^ b);
  }
};
template <int OP> struct Bits<OP, float> {
  static __device__ __forceinline__ float f(float a, float) { return a; }
};
template <int OP> struct Bits<OP, double> {
  static __device__ __forceinline__ double f(double a, double) { return a; }
};
template <> struct Agg<5> {
  // All ones: the AND of no value.
  static __device__ __forceinline__ ACC_T identity() { return (ACC_T)(-1); }
  static __device__ __forceinline__ ACC_T combine(ACC_T a, ACC_T b) { return Bits<0, ACC_T>::f(a, b); }
  static __device__ __forceinline__ ACC_T lift(ACC_T v) { return v; }
};
template <> struct Agg<6> {
  static __device__ __forceinline__ ACC_T identity() { return (ACC_T)0; }
  static __device__ __forceinline__ ACC_T combine(ACC_T a, ACC_T b) { return Bits<1, ACC_T>::f(a, b); }
  static __device__ __forceinline__ ACC_T lift(ACC_T v) { return v; }
};
template <> struct Agg<7> {
  static __device__ __forceinline__ ACC_T identity() { return (ACC_T)0; }
  static __device__ __forceinline__ ACC_T combine(ACC_T a, ACC_T b) { return Bits<2, ACC_T>::f(a, b); }
  static __device__ __forceinline__ ACC_T lift(ACC_T v) { return v; }
};

#define BLOCK 256

template <int AGG>
__device__ void block_reduce_store(ACC_T acc, unsigned long long cnt, ACC_T* out, unsigned long long* out_count) {
  __shared__ ACC_T s_acc[BLOCK];
  __shared__ unsigned long long s_cnt[BLOCK];
  s_acc[threadIdx.x] = acc;
  s_cnt[threadIdx.x] = cnt;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      s_acc[threadIdx.x] = Agg<AGG>::combine(s_acc[threadIdx.x], s_acc[threadIdx.x + s]);
      s_cnt[threadIdx.x] += s_cnt[threadIdx.x + s];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    *out = s_acc[0];
    *out_count = s_cnt[0];
  }
}

template <int AGG>
__device__ void reduce_pass1(const IN_T* in, const uint8_t* mask, int64_t mask_offset, int64_t n,
                             ACC_T* partials, unsigned long long* counts) {
  ACC_T acc = Agg<AGG>::identity();
  unsigned long long cnt = 0;
  int64_t stride = (int64_t)gridDim.x * BLOCK;
  int64_t i = (int64_t)blockIdx.x * BLOCK + threadIdx.x;
  if (mask == nullptr) {
    // Four independent loads in flight per thread keep the memory system busy.
    for (; i + 3 * stride < n; i += 4 * stride) {
      IN_T a0 = load_value<IN_T, IN_IS_BOOL>(in, i);
      IN_T a1 = load_value<IN_T, IN_IS_BOOL>(in, i + stride);
      IN_T a2 = load_value<IN_T, IN_IS_BOOL>(in, i + 2 * stride);
      IN_T a3 = load_value<IN_T, IN_IS_BOOL>(in, i + 3 * stride);
      acc = Agg<AGG>::combine(acc, Agg<AGG>::lift(convert<ACC_T, false>(a0)));
      acc = Agg<AGG>::combine(acc, Agg<AGG>::lift(convert<ACC_T, false>(a1)));
      acc = Agg<AGG>::combine(acc, Agg<AGG>::lift(convert<ACC_T, false>(a2)));
      acc = Agg<AGG>::combine(acc, Agg<AGG>::lift(convert<ACC_T, false>(a3)));
      cnt += 4;
    }
    for (; i < n; i += stride) {
      acc = Agg<AGG>::combine(acc, Agg<AGG>::lift(convert<ACC_T, false>(load_value<IN_T, IN_IS_BOOL>(in, i))));
      cnt += 1;
    }
  } else {
    for (; i < n; i += stride) {
      if (bit_is_set(mask, mask_offset + i)) {
        acc = Agg<AGG>::combine(acc, Agg<AGG>::lift(convert<ACC_T, false>(load_value<IN_T, IN_IS_BOOL>(in, i))));
        cnt += 1;
      }
    }
  }
  block_reduce_store<AGG>(acc, cnt, partials + blockIdx.x, counts + blockIdx.x);
}

template <int AGG>
__device__ void reduce_pass2(const ACC_T* partials, const unsigned long long* counts, int64_t n,
                             ACC_T* out, unsigned long long* out_count) {
  ACC_T acc = Agg<AGG>::identity();
  unsigned long long cnt = 0;
  for (int64_t i = threadIdx.x; i < n; i += BLOCK) {
    acc = Agg<AGG>::combine(acc, partials[i]);
    cnt += counts[i];
  }
  block_reduce_store<AGG>(acc, cnt, out, out_count);
}

#define FERRO_REDUCE(NAME, AGG)                                                             \
  extern "C" __global__ void __launch_bounds__(BLOCK) NAME##_pass1(                         \
      const IN_T* in, const uint8_t* mask, int64_t mask_offset, int64_t n, ACC_T* partials,  \
      unsigned long long* counts) {                                                          \
    reduce_pass1<AGG>(in, mask, mask_offset, n, partials, counts);                           \
  }                                                                                          \
  extern "C" __global__ void __launch_bounds__(BLOCK) NAME##_pass2(                         \
      const ACC_T* partials, const unsigned long long* counts, int64_t n, ACC_T* out,        \
      unsigned long long* out_count) {                                                       \
    reduce_pass2<AGG>(partials, counts, n, out, out_count);                                  \
  }
FERRO_REDUCE(sum, 0)
FERRO_REDUCE(product, 1)
FERRO_REDUCE(min, 2)
FERRO_REDUCE(max, 3)
FERRO_REDUCE(sum_of_squares, 4)
FERRO_REDUCE(bit_and, 5)
FERRO_REDUCE(bit_or, 6)
FERRO_REDUCE(bit_xor, 7)

// minmax: both extremes in one read of the column. Pass 1 writes the block minima to
// partials[0, grid) and the maxima to partials[grid, 2 grid) (counts likewise); pass 2
// reduces each half into out[0] and out[1].
extern "C" __global__ void __launch_bounds__(BLOCK) minmax_pass1(
    const IN_T* in, const uint8_t* mask, int64_t mask_offset, int64_t n, ACC_T* partials,
    unsigned long long* counts) {
  ACC_T lo = Agg<2>::identity(), hi = Agg<3>::identity();
  unsigned long long cnt = 0;
  int64_t stride = (int64_t)gridDim.x * BLOCK;
  int64_t i = (int64_t)blockIdx.x * BLOCK + threadIdx.x;
  if (mask == nullptr) {
    for (; i + 3 * stride < n; i += 4 * stride) {
      ACC_T a[4];
      for (int k = 0; k < 4; ++k)
        a[k] = convert<ACC_T, false>(load_value<IN_T, IN_IS_BOOL>(in, i + k * stride));
      for (int k = 0; k < 4; ++k) {
        lo = Agg<2>::combine(lo, a[k]);
        hi = Agg<3>::combine(hi, a[k]);
      }
      cnt += 4;
    }
    for (; i < n; i += stride) {
      ACC_T v = convert<ACC_T, false>(load_value<IN_T, IN_IS_BOOL>(in, i));
      lo = Agg<2>::combine(lo, v);
      hi = Agg<3>::combine(hi, v);
      cnt += 1;
    }
  } else {
    for (; i < n; i += stride) {
      if (bit_is_set(mask, mask_offset + i)) {
        ACC_T v = convert<ACC_T, false>(load_value<IN_T, IN_IS_BOOL>(in, i));
        lo = Agg<2>::combine(lo, v);
        hi = Agg<3>::combine(hi, v);
        cnt += 1;
      }
    }
  }
  block_reduce_store<2>(lo, cnt, partials + blockIdx.x, counts + blockIdx.x);
  block_reduce_store<3>(hi, cnt, partials + gridDim.x + blockIdx.x, counts + gridDim.x + blockIdx.x);
}

extern "C" __global__ void __launch_bounds__(BLOCK) minmax_pass2(
    const ACC_T* partials, const unsigned long long* counts, int64_t n, ACC_T* out,
    unsigned long long* out_count) {
  reduce_pass2<2>(partials, counts, n, out, out_count);
  reduce_pass2<3>(partials + n, counts + n, n, out + 1, out_count + 1);
}
