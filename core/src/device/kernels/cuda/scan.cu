// Single-pass device-wide scans of one value type SCAN_T (defined by the launcher), with
// decoupled look-back (Merrill & Garland, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back"): each block takes the next tile in launch order from a counter, publishes its
// tile total, then walks back over its predecessors' published totals until it meets an
// inclusive prefix. Every value is read once and written once, where a three-phase scan
// reads it twice. Nulls are handled by the caller (replaced by the identity beforehand).
//
// Tiles are loaded and stored with coalesced (striped) accesses through shared memory; each
// thread then scans OP_ITEMS consecutive values. OP_ITEMS is odd so that the transposes
// through shared memory are free of bank conflicts for 4- and 8-byte values; the launcher
// may define it (scan.rs reads FERRODF_SCAN_ITEMS, for tuning).
#define OP_THREADS 256
#ifndef OP_ITEMS
#define OP_ITEMS 19
#endif
#define OP_TILE (OP_THREADS * OP_ITEMS)

// Status of a tile: two 64-bit words, each holding 32 bits of the value (low half first)
// and, in its high 32 bits, a flag: 0 nothing published, 1 the tile's own total, 2 its
// inclusive prefix. A 64-bit access is indivisible but a 16-byte one is not (a reader could
// see a new flag beside an old value), so a reader takes a status only when both words carry
// the same flag; flags only grow, so a mismatch resolves on a re-read. No fence is needed.
struct __align__(16) ScanStatus {
  unsigned long long lo;
  unsigned long long hi;
};

__device__ __forceinline__ void publish_status(ScanStatus* s, SCAN_T v, unsigned long long flag) {
  unsigned long long bits = 0;
  memcpy(&bits, &v, sizeof(SCAN_T));
  volatile unsigned long long* w = &s->lo;
  w[0] = (flag << 32) | (bits & 0xffffffffULL);
  w[1] = (flag << 32) | (bits >> 32);
}

// The flag of a consistent status (0 while nothing is published) and its value in *v.
__device__ __forceinline__ unsigned long long read_status(const ScanStatus* s, SCAN_T* v) {
  const volatile unsigned long long* w = &s->lo;
  unsigned long long a, b;
  do {
    a = w[0];
    b = w[1];
  } while ((a >> 32) != (b >> 32));
  unsigned long long bits = (a & 0xffffffffULL) | (b << 32);
  memcpy(v, &bits, sizeof(SCAN_T));
  return a >> 32;
}

// The look-back is done by the 32 lanes of warp 0 over windows of 32 predecessors: a
// window costs one round trip to L2 where one thread walking back would pay one per tile
// (with ~900 tiles in flight that serial walk limited the scan to ~20% of bandwidth).
// Every lane returns the tile's exclusive prefix.
template <class Op>
__device__ SCAN_T scan_look_back(int64_t tile, SCAN_T total, ScanStatus* status) {
  const int lane = threadIdx.x & 31;
  const SCAN_T id = Op::template identity<SCAN_T>();
  if (tile == 0) {
    if (lane == 0) publish_status(&status[0], total, 2);
    return id;
  }
  if (lane == 0) publish_status(&status[tile], total, 1);
  SCAN_T prefix = id;
  for (int64_t end = tile;; end -= 32) {
    // Lane 31 reads the nearest predecessor; tiles before 0 act as an inclusive identity.
    const int64_t j = end - 32 + lane;
    unsigned long long f = 2;
    SCAN_T v = id;
    if (j >= 0) {
      do {
        f = read_status(&status[j], &v);
      } while (f == 0);
    }
    // The nearest inclusive prefix ends the walk; the lanes before it do not count.
    const unsigned inclusive = __ballot_sync(0xffffffffu, f == 2);
    const int stop = inclusive ? 31 - __clz((int)inclusive) : 0;
    SCAN_T w = lane >= stop ? v : id;
    for (int d = 16; d > 0; d >>= 1) w = Op::apply(w, (SCAN_T)__shfl_xor_sync(0xffffffffu, w, d));
    prefix = Op::apply(w, prefix);
    if (inclusive) break;
  }
  if (lane == 0) publish_status(&status[tile], Op::apply(prefix, total), 2);
  return prefix;
}

// Null rows (mask bit clear, `mask` non-null) are read as the identity, so a scan that
// skips nulls needs no separate pass to substitute them.
template <class Op>
__device__ void scan_one_pass(const SCAN_T* in, const uint8_t* mask, int64_t mask_off,
                              SCAN_T* out, int64_t n, int exclusive, unsigned int* counter,
                              ScanStatus* status) {
  __shared__ SCAN_T tile_vals[OP_TILE];
  __shared__ SCAN_T warp_totals[32];
  __shared__ int64_t tile_sh;
  __shared__ SCAN_T prefix_sh;
  // Tiles are numbered in the order blocks start, so every predecessor of a tile is
  // running or done: the look-back never waits on a block that has not been scheduled.
  if (threadIdx.x == 0) tile_sh = (int64_t)atomicAdd(counter, 1u);
  __syncthreads();
  const int64_t tile = tile_sh;
  const int64_t base = tile * OP_TILE;
  const SCAN_T id = Op::template identity<SCAN_T>();
  for (int k = 0; k < OP_ITEMS; ++k) {
    int64_t i = k * OP_THREADS + threadIdx.x;
    const int64_t r = base + i;
    // The value is loaded whatever its mask bit says, so the two loads are in flight
    // together (a value load that waited on its bit doubled the scan's time).
    SCAN_T v = r < n ? in[r] : id;
    if (mask && r < n && !bit_is_set(mask, mask_off + r)) v = id;
    tile_vals[i] = v;
  }
  __syncthreads();
  SCAN_T vals[OP_ITEMS];
  SCAN_T acc = id;
  for (int k = 0; k < OP_ITEMS; ++k) {
    vals[k] = tile_vals[threadIdx.x * OP_ITEMS + k];
    acc = Op::apply(acc, vals[k]);
  }
  SCAN_T total;
  SCAN_T excl = block_exclusive_scan<Op>(acc, warp_totals, &total);
  if (threadIdx.x < 32) {
    SCAN_T p = scan_look_back<Op>(tile, total, status);
    if (threadIdx.x == 0) prefix_sh = p;
  }
  __syncthreads();
  SCAN_T run = Op::apply(prefix_sh, excl);
  for (int k = 0; k < OP_ITEMS; ++k) {
    SCAN_T next = Op::apply(run, vals[k]);
    tile_vals[threadIdx.x * OP_ITEMS + k] = exclusive ? run : next;
    run = next;
  }
  __syncthreads();
  for (int k = 0; k < OP_ITEMS; ++k) {
    int64_t i = k * OP_THREADS + threadIdx.x;
    if (base + i < n) out[base + i] = tile_vals[i];
  }
}

#define FERRO_SCAN_KERNELS(NAME, OP)                                                          \
  extern "C" __global__ void __launch_bounds__(OP_THREADS)                                    \
      scan_one_pass_##NAME(const SCAN_T* in, const uint8_t* mask, int64_t mask_off,           \
                           SCAN_T* out, int64_t n, int exclusive, unsigned int* counter,      \
                           ScanStatus* status) {                                              \
    scan_one_pass<OP>(in, mask, mask_off, out, n, exclusive, counter, status);                \
  }
FERRO_SCAN_KERNELS(sum, OpSum)
FERRO_SCAN_KERNELS(prod, OpProd)
FERRO_SCAN_KERNELS(max, OpMax)
FERRO_SCAN_KERNELS(min, OpMin)

// filling.sequence: out[i] = init + i * step in SCAN_T (integers wrap: computed unsigned).
extern "C" __global__ void sequence(SCAN_T* out, int64_t n, uint64_t init_bits,
                                    uint64_t step_bits) {
  // The value sits in the low bytes (little-endian) of its 64-bit argument.
  SCAN_T init = *reinterpret_cast<const SCAN_T*>(&init_bits);
  SCAN_T step = *reinterpret_cast<const SCAN_T*>(&step_bits);
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (int64_t)gridDim.x * blockDim.x) {
    if constexpr (traits<SCAN_T>::is_float) {
      out[i] = init + (SCAN_T)i * step;
    } else {
      typedef typename traits<SCAN_T>::unsigned_t U;
      out[i] = (SCAN_T)((U)init + (U)((U)i * (U)step));
    }
  }
}

// replace.normalize_nans_and_zeros: -0.0 -> +0.0 and every NaN -> the canonical NaN.
extern "C" __global__ void normalize_nans_and_zeros(const SCAN_T* in, SCAN_T* out, int64_t n) {
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (int64_t)gridDim.x * blockDim.x) {
    SCAN_T v = in[i];
    if constexpr (traits<SCAN_T>::is_float) {
      // The canonical NaN is the positive quiet NaN.
      if (v != v) v = sizeof(SCAN_T) == 4 ? (SCAN_T)__int_as_float(0x7fc00000)
                                          : (SCAN_T)__longlong_as_double(0x7ff8000000000000LL);
      else if (v == (SCAN_T)0) v = (SCAN_T)0;
    }
    out[i] = v;
  }
}

// replace.clamp: values above `hi` become `hi_r`, below `lo` become `lo_r` (the upper
// test first, as the host does); a bound whose flag is 0 is absent. NaN compares false
// and stays. Null rows keep whatever value they hold (their mask is copied).
extern "C" __global__ void clamp_values(const SCAN_T* in, SCAN_T* out, int64_t n,
                                        uint64_t lo_bits, uint64_t hi_bits, uint64_t lo_r_bits,
                                        uint64_t hi_r_bits, int has_lo, int has_hi) {
  SCAN_T lo = *reinterpret_cast<const SCAN_T*>(&lo_bits);
  SCAN_T hi = *reinterpret_cast<const SCAN_T*>(&hi_bits);
  SCAN_T lo_r = *reinterpret_cast<const SCAN_T*>(&lo_r_bits);
  SCAN_T hi_r = *reinterpret_cast<const SCAN_T*>(&hi_r_bits);
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (int64_t)gridDim.x * blockDim.x) {
    SCAN_T v = in[i];
    out[i] = (has_hi && v > hi) ? hi_r : ((has_lo && v < lo) ? lo_r : v);
  }
}

// replace.find_and_replace_all: row i equal to keys[k] maps to base + k, else to i.
// Null rows keep their row. Floats compare with ==, so NaN matches nothing.
extern "C" __global__ void find_replace_map(const SCAN_T* in, const uint8_t* mask, int64_t off,
                                            int64_t n, const SCAN_T* keys, int64_t nkeys,
                                            int64_t base, int32_t* out) {
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (int64_t)gridDim.x * blockDim.x) {
    int32_t r = (int32_t)i;
    if (!mask || bit_is_set(mask, off + i)) {
      SCAN_T v = in[i];
      for (int64_t k = 0; k < nkeys; ++k)
        if (keys[k] == v) { r = (int32_t)(base + k); break; }
    }
    out[i] = r;
  }
}
