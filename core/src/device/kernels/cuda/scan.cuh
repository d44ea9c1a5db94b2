// Block-wide scans used by the scan, compaction and offsets kernels. A tile is
// SCAN_THREADS threads x SCAN_ITEMS consecutive items per thread.
#define SCAN_THREADS 256
#define SCAN_ITEMS 16
#define SCAN_TILE (SCAN_THREADS * SCAN_ITEMS)

struct OpSum {
  template <class T> static __device__ __forceinline__ T apply(T a, T b) { return a + b; }
  template <class T> static __device__ __forceinline__ T identity() { return (T)0; }
};
struct OpProd {
  template <class T> static __device__ __forceinline__ T apply(T a, T b) { return a * b; }
  template <class T> static __device__ __forceinline__ T identity() { return (T)1; }
};
struct OpMax {
  template <class T> static __device__ __forceinline__ T apply(T a, T b) { return b > a ? b : a; }
  template <class T> static __device__ __forceinline__ T identity() { return traits<T>::lowest(); }
};
struct OpMin {
  template <class T> static __device__ __forceinline__ T apply(T a, T b) { return b < a ? b : a; }
  template <class T> static __device__ __forceinline__ T identity() { return traits<T>::highest(); }
};

// Exclusive scan of one value per thread across the block; returns this thread's exclusive
// prefix and writes the block total to *total. `shared` holds at least 32 values.
template <class Op, class T>
__device__ __forceinline__ T block_exclusive_scan(T v, T* shared, T* total) {
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  T inc = v;
  for (int d = 1; d < 32; d <<= 1) {
    T o = __shfl_up_sync(0xffffffffu, inc, d);
    if (lane >= d) inc = Op::apply(o, inc);
  }
  if (lane == 31) shared[warp] = inc;
  __syncthreads();
  int nwarps = blockDim.x >> 5;
  if (warp == 0) {
    T w = lane < nwarps ? shared[lane] : Op::template identity<T>();
    T winc = w;
    for (int d = 1; d < 32; d <<= 1) {
      T o = __shfl_up_sync(0xffffffffu, winc, d);
      if (lane >= d) winc = Op::apply(o, winc);
    }
    if (lane < nwarps) shared[lane] = winc;  // inclusive prefix over warps
  }
  __syncthreads();
  T warp_prefix = warp == 0 ? Op::template identity<T>() : shared[warp - 1];
  *total = shared[nwarps - 1];
  T excl = __shfl_up_sync(0xffffffffu, inc, 1);
  if (lane == 0) excl = Op::template identity<T>();
  T result = Op::apply(warp_prefix, excl);
  __syncthreads();
  return result;
}

// Phase 2 of a three-phase scan: turn per-tile totals into exclusive tile prefixes, in one
// block of SCAN_THREADS threads.
template <class Op, class T>
__device__ void scan_tile_totals_impl(T* totals, int64_t ntiles) {
  __shared__ T shared[32];
  T carry = Op::template identity<T>();
  for (int64_t base = 0; base < ntiles; base += blockDim.x) {
    int64_t i = base + threadIdx.x;
    T v = i < ntiles ? totals[i] : Op::template identity<T>();
    T total;
    T excl = block_exclusive_scan<Op>(v, shared, &total);
    if (i < ntiles) totals[i] = Op::apply(carry, excl);
    carry = Op::apply(carry, total);
  }
}
