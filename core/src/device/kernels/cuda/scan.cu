// Three-phase device-wide scans of one value type SCAN_T (defined by the launcher):
// 1. scan_totals_*: each block reduces one tile into totals[tile];
// 2. scan_prefix_*: one block turns the totals into exclusive tile prefixes;
// 3. scan_apply_*: each block scans its tile, starting from its prefix.
// Nulls are handled by the caller (replaced by the identity beforehand).

template <class Op>
__device__ void scan_totals(const SCAN_T* in, int64_t n, SCAN_T* totals) {
  __shared__ SCAN_T shared[32];
  int64_t base = (int64_t)blockIdx.x * SCAN_TILE + (int64_t)threadIdx.x * SCAN_ITEMS;
  SCAN_T acc = Op::template identity<SCAN_T>();
  for (int k = 0; k < SCAN_ITEMS; ++k) {
    int64_t i = base + k;
    if (i < n) acc = Op::apply(acc, in[i]);
  }
  SCAN_T total;
  block_exclusive_scan<Op>(acc, shared, &total);
  if (threadIdx.x == 0) totals[blockIdx.x] = total;
}

template <class Op>
__device__ void scan_apply(const SCAN_T* in, SCAN_T* out, int64_t n, const SCAN_T* prefixes,
                           int exclusive) {
  __shared__ SCAN_T shared[32];
  int64_t base = (int64_t)blockIdx.x * SCAN_TILE + (int64_t)threadIdx.x * SCAN_ITEMS;
  SCAN_T vals[SCAN_ITEMS];
  SCAN_T acc = Op::template identity<SCAN_T>();
  for (int k = 0; k < SCAN_ITEMS; ++k) {
    int64_t i = base + k;
    vals[k] = i < n ? in[i] : Op::template identity<SCAN_T>();
    acc = Op::apply(acc, vals[k]);
  }
  SCAN_T total;
  SCAN_T run = Op::apply(prefixes[blockIdx.x], block_exclusive_scan<Op>(acc, shared, &total));
  for (int k = 0; k < SCAN_ITEMS; ++k) {
    int64_t i = base + k;
    SCAN_T next = Op::apply(run, vals[k]);
    if (i < n) out[i] = exclusive ? run : next;
    run = next;
  }
}

#define FERRO_SCAN_KERNELS(NAME, OP)                                                          \
  extern "C" __global__ void scan_totals_##NAME(const SCAN_T* in, int64_t n, SCAN_T* t) {    \
    scan_totals<OP>(in, n, t);                                                               \
  }                                                                                          \
  extern "C" __global__ void scan_prefix_##NAME(SCAN_T* t, int64_t ntiles) {                 \
    scan_tile_totals_impl<OP, SCAN_T>(t, ntiles);                                            \
  }                                                                                          \
  extern "C" __global__ void scan_apply_##NAME(const SCAN_T* in, SCAN_T* out, int64_t n,     \
                                               const SCAN_T* p, int exclusive) {             \
    scan_apply<OP>(in, out, n, p, exclusive);                                                \
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

// reduce.scan: valid values, or the operation's identity at null rows (which are skipped).
#define FERRO_SCAN_PREPARE(NAME, OP)                                                        \
  extern "C" __global__ void scan_prepare_##NAME(const SCAN_T* in, const uint8_t* mask,     \
                                                 int64_t off, int64_t n, SCAN_T* out) {     \
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;                 \
         i += (int64_t)gridDim.x * blockDim.x)                                              \
      out[i] = (!mask || bit_is_set(mask, off + i)) ? in[i] : OP::template identity<SCAN_T>(); \
  }
FERRO_SCAN_PREPARE(sum, OpSum)
FERRO_SCAN_PREPARE(prod, OpProd)
FERRO_SCAN_PREPARE(max, OpMax)
FERRO_SCAN_PREPARE(min, OpMin)
