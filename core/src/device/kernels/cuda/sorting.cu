// Stable LSD radix sort of (key, row) pairs, and the small kernels that sorting, rank and
// is_sorted are built from. Needs common.cuh, scan.cuh and search.cu (ColDesc, cmp_rows)
// in front, and KEY_T (uint32_t or uint64_t) defined by the launcher.
//
// A sort key is a list of "specs" applied least significant first. Each spec writes an
// order-preserving unsigned key per row (read through the current permutation), then
// sorts (key, row) pairs by 8-bit digits, one pass per digit, skipping digits that every
// key shares. The read that extracts the keys counts every digit position; each pass
// is then one kernel (onesweep_pass) that ranks a tile locally in shared memory, learns
// where its digit runs go by decoupled look-back, and writes every run contiguously.

#define SORT_THREADS 256
// Keys per thread of a onesweep tile; the launcher may define it (sorting.rs picks it).
#ifndef SORT_ITEMS
#define SORT_ITEMS 8
#endif
#ifndef SORT_MIN_BLOCKS
#define SORT_MIN_BLOCKS 5
#endif
#define SORT_TILE (SORT_THREADS * SORT_ITEMS)
// Keys a thread reads per round of extract_keys.
#define EXTRACT_ITEMS 4
#define WARP_TILE (32 * SORT_ITEMS)
#define RADIX 256
#define SORT_WARPS (SORT_THREADS / 32)

// Spec kinds (see sorting.rs): 0 i8, 1 i16, 2 i32, 3 i64, 4 u8, 5 u16, 6 u32, 7 u64, 8 f32,
// 9 f64, 10 bool, 11 decimal128 low word, 12 decimal128 high word, 13 string chunk,
// 14 string length, 15 null flag, 16 segment start.

// Order-preserving bits of a float: -0.0 -> +0.0, every NaN -> the canonical NaN (above
// +inf); negatives complemented, positives get the sign bit.
__device__ __forceinline__ uint64_t f64_sort_key(double x) {
  if (x != x) x = __longlong_as_double(0x7ff8000000000000LL);
  else if (x == 0.0) x = 0.0;
  uint64_t b = (uint64_t)__double_as_longlong(x);
  return (b >> 63) ? ~b : (b | 0x8000000000000000ULL);
}
__device__ __forceinline__ uint32_t f32_sort_key(float x) {
  if (x != x) x = __int_as_float(0x7fc00000);
  else if (x == 0.0f) x = 0.0f;
  uint32_t b = __float_as_uint(x);
  return (b >> 31) ? ~b : (b | 0x80000000u);
}

__device__ __forceinline__ void sort_string_at(uint64_t data, uint64_t offsets, int off64,
                                               int64_t r, const uint8_t*& p, int64_t& len) {
  int64_t s, e;
  if (off64) { const int64_t* o = (const int64_t*)offsets; s = o[r]; e = o[r + 1]; }
  else { const int32_t* o = (const int32_t*)offsets; s = o[r]; e = o[r + 1]; }
  p = (const uint8_t*)data + s;
  len = e - s;
}

// The key of row r for one spec, before Descending's complement.
__device__ __forceinline__ uint64_t spec_key(int kind, uint64_t data, uint64_t offsets,
                                             uint64_t mask, int64_t mask_off, int64_t row_off,
                                             int off64, int chunk, int nulls_first,
                                             int64_t nseg, int64_t r) {
  switch (kind) {
    case 0: return (uint8_t)(((const int8_t*)data)[r]) ^ 0x80u;
    case 1: return (uint16_t)(((const int16_t*)data)[r]) ^ 0x8000u;
    case 2: return (uint32_t)(((const int32_t*)data)[r]) ^ 0x80000000u;
    case 3: return (uint64_t)(((const int64_t*)data)[r]) ^ 0x8000000000000000ULL;
    case 4: return ((const uint8_t*)data)[r];
    case 5: return ((const uint16_t*)data)[r];
    case 6: return ((const uint32_t*)data)[r];
    case 7: return ((const uint64_t*)data)[r];
    case 8: return f32_sort_key(((const float*)data)[r]);
    case 9: return f64_sort_key(((const double*)data)[r]);
    case 10: return ((const uint8_t*)data)[r] != 0;
    case 11: return ((const uint64_t*)data)[2 * r];
    case 12: return ((const uint64_t*)data)[2 * r + 1] ^ 0x8000000000000000ULL;
    case 13: {
      const uint8_t* p;
      int64_t len;
      sort_string_at(data, offsets, off64, row_off + r, p, len);
      // Big-endian bytes [8 * chunk, 8 * chunk + 8), zero padded: shorter strings first.
      uint64_t k = 0;
      int64_t base = (int64_t)chunk * 8;
      for (int b = 0; b < 8; ++b) {
        int64_t j = base + b;
        k = (k << 8) | (uint64_t)(j < len ? p[j] : 0);
      }
      return k;
    }
    case 14: {
      const uint8_t* p;
      int64_t len;
      sort_string_at(data, offsets, off64, row_off + r, p, len);
      return (uint64_t)len;
    }
    case 15: {
      bool null = !bit_is_set((const uint8_t*)mask, mask_off + r);
      return null == (bool)nulls_first ? 0 : 1;
    }
    default: {
      // Segment start of row r (offsets: nseg + 1 INT32 values); rows outside every
      // segment keep their own position, so they do not move.
      const int32_t* o = (const int32_t*)data;
      if (r < o[0] || r >= o[nseg]) return (uint64_t)r;
      int64_t lo = 0, hi = nseg;  // largest s < nseg with o[s] <= r
      while (hi - lo > 1) {
        int64_t mid = (lo + hi) / 2;
        if (o[mid] <= r) lo = mid; else hi = mid;
      }
      return (uint64_t)o[lo];
    }
  }
}

// Adds key k's digits at every digit position to the block's histogram h (digit-major per
// position). Every lane of the warp must call it (`valid` false for lanes past the end).
__device__ __forceinline__ void count_digits(uint32_t* h, KEY_T k, bool valid, int lane) {
  for (int p = 0; p < (int)sizeof(KEY_T); ++p) {
    uint32_t d = valid ? (uint32_t)((k >> (8 * p)) & 0xff) : RADIX;
    uint32_t d0 = __shfl_sync(0xffffffffu, d, 0);
    // A digit shared by the whole warp (common: high bytes of small keys) is one add.
    if (__all_sync(0xffffffffu, d == d0)) {
      if (lane == 0 && d0 < RADIX) atomicAdd(&h[p * RADIX + d0], 32u);
    } else if (valid) {
      atomicAdd(&h[p * RADIX + d], 1u);
    }
  }
}

// keys[i] = key of row perm[i] (row i when perm is null); 0 for null rows of value specs.
// In the same read, totals[p * RADIX + d] counts the keys with digit d at digit position p
// (this decides which passes can be skipped and where each digit's run starts); `totals`
// must be zeroed.
extern "C" __global__ void extract_keys(int kind, uint64_t data, uint64_t offsets, uint64_t mask,
                                        int64_t mask_off, int64_t row_off, int off64, int chunk,
                                        int descending, int nulls_first, int64_t nseg,
                                        const int32_t* perm, int64_t n, KEY_T* keys,
                                        uint32_t* totals) {
  __shared__ uint32_t h[sizeof(KEY_T) * RADIX];
  for (int i = threadIdx.x; i < (int)(sizeof(KEY_T) * RADIX); i += blockDim.x) h[i] = 0;
  __syncthreads();
  int lane = threadIdx.x & 31;
  int64_t stride = (int64_t)gridDim.x * blockDim.x * EXTRACT_ITEMS;
  // EXTRACT_ITEMS keys a thread per round, all read before any is counted, so each warp
  // has several loads in flight. The loop bound is uniform across the block, so every
  // lane takes part in the votes.
  for (int64_t i0 = (int64_t)blockIdx.x * blockDim.x * EXTRACT_ITEMS; i0 < n; i0 += stride) {
    KEY_T key[EXTRACT_ITEMS];
#pragma unroll
    for (int q = 0; q < EXTRACT_ITEMS; ++q) {
      int64_t i = i0 + (int64_t)q * blockDim.x + threadIdx.x;
      key[q] = 0;
      if (i < n) {
        int64_t r = perm ? (int64_t)perm[i] : i;
        // Null rows get one constant value key, so this spec keeps their order from the
        // less significant specs; the column's null-flag spec then places them.
        if (kind == 15 || !mask || bit_is_set((const uint8_t*)mask, mask_off + r)) {
          KEY_T k = (KEY_T)spec_key(kind, data, offsets, mask, mask_off, row_off, off64,
                                    chunk, nulls_first, nseg, r);
          key[q] = descending ? (KEY_T)~k : k;
        }
      }
    }
#pragma unroll
    for (int q = 0; q < EXTRACT_ITEMS; ++q) {
      int64_t i = i0 + (int64_t)q * blockDim.x + threadIdx.x;
      if (i < n) keys[i] = key[q];
      count_digits(h, key[q], i < n, lane);
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < (int)(sizeof(KEY_T) * RADIX); i += blockDim.x)
    if (h[i]) atomicAdd(&totals[i], h[i]);
}

// Small inputs (n <= SMALL_SORT rows, one block): the stable order of the keys directly.
// Each row's rank is the number of smaller keys plus the equal keys before it, so the
// whole spec is one launch, without the digit histogram the onesweep passes need on the
// host (a device-to-host round trip per spec). vals_in == null means row numbers.
#define SMALL_SORT 1024
extern "C" __global__ void rank_small(const KEY_T* keys, const int32_t* vals_in,
                                      int32_t* vals_out, int64_t n) {
  __shared__ KEY_T k[SMALL_SORT];
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x) k[i] = keys[i];
  __syncthreads();
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
    KEY_T mine = k[i];
    int64_t rank = 0;
    for (int64_t j = 0; j < n; ++j) {
      KEY_T other = k[j];
      rank += (other < mine) || (other == mine && j < i);
    }
    vals_out[rank] = vals_in ? vals_in[i] : (int32_t)i;
  }
}

// One stable scatter pass in one sweep (the "onesweep" scheme of Adinets & Merrill): every
// tile ranks its keys by digit locally, then finds where its run of each digit goes from
// the digit's global start (`digit_starts`, from extract_keys) plus the counts of that
// digit in the tiles before it, which it learns by decoupled look-back over `status`.
// Tiles are numbered in the order blocks start (`counter`), so every tile a block waits
// on is running or done.
//
// status[tile * RADIX + d] holds a count in the low 32 bits and a flag in the high ones:
// 2 * pass + 1 for the tile's own count of digit d, 2 * pass + 2 for the count of digit d
// over tiles 0..=tile. Smaller flags are left from earlier passes and read as "not yet", so
// the buffer is zeroed once per sort, not once per pass.
//
// The order of the work keeps the look-back short. The tile publishes its own counts as
// soon as it has ranked its keys, and stages its keys and rows in shared memory (sorted
// by digit, which needs only the tile's own counts) before it looks back; the walk then
// runs with every register free for a batch of reads that doubles while the walk goes on
// (LOOKBACK_MAX tiles at most). One tile's read at a time made walks long, and long walks
// kept the tiles' inclusive counts from being published, which made the next walks longer:
// Nsight Compute measured 2.7 bytes of L2 traffic per byte of DRAM traffic in the passes.
//
// vals_in == null means row numbers (the identity permutation). keys_out is not written
// when write_keys == 0 (the last pass of a spec only needs the rows).
#ifndef LOOKBACK_MAX
#define LOOKBACK_MAX 16
#endif
extern "C" __global__ void __launch_bounds__(SORT_THREADS, SORT_MIN_BLOCKS)
    onesweep_pass(const KEY_T* keys_in, const int32_t* vals_in, KEY_T* keys_out,
                  int32_t* vals_out, int64_t n, int shift, int pass,
                  const uint32_t* digit_starts, unsigned int* counter,
                  unsigned long long* status, int write_keys) {
  // The warps' digit counters are dead once the keys are ranked, and the staging arrays
  // live only after that: they share memory, which leaves room for bigger tiles.
  __shared__ union {
    uint16_t wc[SORT_WARPS][RADIX];  // per-warp digit counts, then prefixes over warps
    struct {
      KEY_T keys[SORT_TILE];
      int32_t vals[SORT_TILE];
    } stage;
  } sm;
  __shared__ uint32_t lstart[RADIX];  // local start of each digit's run
  __shared__ int64_t goff[RADIX];     // global position of local position 0 per digit
  __shared__ uint32_t scan_tmp[32];
  __shared__ int64_t tile_sh;
  int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  if (t == 0) tile_sh = (int64_t)atomicAdd(counter, 1u);
  for (int w = 0; w < SORT_WARPS; ++w) sm.wc[w][t] = 0;
  __syncthreads();
  const int64_t tile = tile_sh;
  const int64_t base = tile * SORT_TILE;
  KEY_T k[SORT_ITEMS];
  uint32_t rank[SORT_ITEMS];
  // Warp-blocked layout: warp w holds tile positions [w * WARP_TILE, (w + 1) * WARP_TILE),
  // item kk of a lane is position w * WARP_TILE + kk * 32 + lane (each load coalesced).
  // Every key is loaded before any is ranked (the ranking's warp barriers keep the
  // compiler from moving loads past them). The rows are read only when they are staged:
  // holding them here too made the kernel spill registers.
#pragma unroll
  for (int kk = 0; kk < SORT_ITEMS; ++kk) {
    int64_t i = base + (int64_t)warp * WARP_TILE + kk * 32 + lane;
    k[kk] = i < n ? keys_in[i] : (KEY_T)0;
  }
  // Each warp ranks its own items in order with private counters (no block barrier);
  // the warps' counts are combined afterwards, which keeps the ranks stable. A digit is
  // recomputed from its key where needed rather than kept (registers bound the tile).
#pragma unroll
  for (int kk = 0; kk < SORT_ITEMS; ++kk) {
    bool valid = base + (int64_t)warp * WARP_TILE + kk * 32 + lane < n;
    uint32_t d = valid ? (uint32_t)((k[kk] >> shift) & 0xff) : RADIX;
    unsigned peers = __match_any_sync(0xffffffffu, d);
    unsigned below = peers & ((1u << lane) - 1u);
    uint32_t before = d < RADIX ? sm.wc[warp][d] : 0;
    __syncwarp();
    if (below == 0 && d < RADIX) sm.wc[warp][d] = (uint16_t)(before + __popc(peers));
    __syncwarp();
    rank[kk] = valid ? before + (uint32_t)__popc(below) : 0xffffffffu;
  }
  __syncthreads();
  // Thread t: digit t's prefix over the warps, and the tile's count of digit t, which is
  // published at once for the tiles after this one.
  uint32_t cnt = 0;
  for (int w = 0; w < SORT_WARPS; ++w) {
    uint32_t c = sm.wc[w][t];
    sm.wc[w][t] = (uint16_t)cnt;
    cnt += c;
  }
  volatile unsigned long long* st = status;
  const unsigned long long own = (unsigned long long)(2 * pass + 1) << 32;
  const unsigned long long inclusive = (unsigned long long)(2 * pass + 2) << 32;
  st[tile * RADIX + t] = (tile == 0 ? inclusive : own) | cnt;
  uint32_t total;
  uint32_t ls = block_exclusive_scan<OpSum>(cnt, scan_tmp, &total);  // syncs the block
  lstart[t] = ls;
#pragma unroll
  for (int kk = 0; kk < SORT_ITEMS; ++kk)
    if (rank[kk] != 0xffffffffu) rank[kk] += sm.wc[warp][(uint32_t)((k[kk] >> shift) & 0xff)];
  __syncthreads();  // the counters' memory is reused as the staging arrays below
#pragma unroll
  for (int kk = 0; kk < SORT_ITEMS; ++kk) {
    if (rank[kk] != 0xffffffffu) {
      int64_t i = base + (int64_t)warp * WARP_TILE + kk * 32 + lane;
      uint32_t pos = lstart[(uint32_t)((k[kk] >> shift) & 0xff)] + rank[kk];
      sm.stage.keys[pos] = k[kk];
      sm.stage.vals[pos] = vals_in ? vals_in[i] : (int32_t)i;
    }
  }
  // Look back (thread t for digit t) for the count of digit t in the tiles before this
  // one: `batch` tiles' words read at once, from tile j down; a tile not yet published
  // ends the batch, and the next batch starts at it after a pause that doubles while it
  // waits (spinning threads take issue slots and L2 bandwidth from the tiles at work).
  uint32_t before = 0;
  if (tile > 0) {
    unsigned pause = 32;
    int batch = 2;
    for (int64_t j = tile - 1;;) {
      unsigned long long w[LOOKBACK_MAX];
      int m = j + 1 < batch ? (int)(j + 1) : batch;
#pragma unroll
      for (int q = 0; q < LOOKBACK_MAX; ++q)
        if (q < m) w[q] = st[(j - q) * RADIX + t];
      int used = 0;
      bool done = false;
#pragma unroll
      for (int q = 0; q < LOOKBACK_MAX; ++q) {
        if (done || q >= m || q > used || w[q] < own) continue;
        before += (uint32_t)w[q];
        used = q + 1;
        done = w[q] >= inclusive;
      }
      if (done) break;
      if (used == 0) {
        __nanosleep(pause);
        pause = pause < 1024 ? 2 * pause : pause;
      } else if (batch < LOOKBACK_MAX) {
        batch *= 2;
      }
      j -= used;
    }
    st[tile * RADIX + t] = inclusive | (before + cnt);
  }
  goff[t] = (int64_t)digit_starts[t] + (int64_t)before - (int64_t)ls;
  __syncthreads();
  // Locally sorted: consecutive threads write consecutive positions of each digit's run.
  int valid = n - base < SORT_TILE ? (int)(n - base) : SORT_TILE;
  for (int j = t; j < valid; j += SORT_THREADS) {
    KEY_T kj = sm.stage.keys[j];
    uint32_t d = (uint32_t)((kj >> shift) & 0xff);
    int64_t dst = goff[d] + j;
    if (write_keys) keys_out[dst] = kj;
    vals_out[dst] = sm.stage.vals[j];
  }
}

// out[0] = the longest string among rows 0..n (atomicMax; out zeroed).
extern "C" __global__ void max_string_length(uint64_t offsets, int off64, int64_t row_off,
                                             int64_t n, unsigned long long* out) {
  unsigned long long m = 0;
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int64_t r = row_off + i, s, e;
    if (off64) { const int64_t* o = (const int64_t*)offsets; s = o[r]; e = o[r + 1]; }
    else { const int32_t* o = (const int32_t*)offsets; s = o[r]; e = o[r + 1]; }
    unsigned long long len = (unsigned long long)(e - s);
    m = len > m ? len : m;
  }
  for (int d = 16; d > 0; d >>= 1) {
    unsigned long long o = __shfl_down_sync(0xffffffffu, m, d);
    m = o > m ? o : m;
  }
  if ((threadIdx.x & 31) == 0 && m > 0) atomicMax(out, m);
}

// flag = 1 when some row compares above the next one (is_sorted).
extern "C" __global__ void unsorted_flag(const ColDesc* cols, int ncols, int64_t n, int32_t* flag) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i + 1 < n; i += stride) {
    if (cmp_rows(cols, cols, ncols, i, i + 1) > 0) {
      *flag = 1;
      return;
    }
  }
}

// flags[p] = 1 where sorted position p starts a group of equal rows.
extern "C" __global__ void group_starts(const ColDesc* cols, int ncols, const int32_t* perm,
                                        int64_t n, int32_t* flags) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += stride)
    flags[p] = (p == 0 || cmp_rows(cols, cols, ncols, perm[p - 1], perm[p]) != 0) ? 1 : 0;
}

// From dense[p] (1-based group number of sorted position p): the first position and one
// past the last position of every group.
extern "C" __global__ void group_bounds(const int32_t* dense, int64_t n, int32_t* starts,
                                        int32_t* ends) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += stride) {
    int32_t g = dense[p] - 1;
    if (p == 0 || dense[p - 1] != dense[p]) starts[g] = (int32_t)p;
    if (p == n - 1 || dense[p + 1] != dense[p]) ends[g] = (int32_t)(p + 1);
  }
}

// rank[perm[p]] for method 0 FIRST, 1 AVERAGE, 2 MIN, 3 MAX, 4 DENSE; divided by `count`
// (DENSE: by dense[count - 1]) when percentage; FLOAT64 output when float_out else INT32.
extern "C" __global__ void rank_values(const int32_t* perm, const int32_t* dense,
                                       const int32_t* starts, const int32_t* ends, int64_t n,
                                       int method, int percentage, int64_t count, int float_out,
                                       void* out) {
  double denom = 1.0;
  if (percentage && count > 0) denom = method == 4 ? (double)dense[count - 1] : (double)count;
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += stride) {
    int32_t g = dense[p] - 1;
    double r;
    switch (method) {
      case 0: r = (double)(p + 1); break;
      case 1: r = (double)(starts[g] + 1) + (double)(ends[g] - starts[g] - 1) / 2.0; break;
      case 2: r = (double)(starts[g] + 1); break;
      case 3: r = (double)ends[g]; break;
      default: r = (double)(g + 1);
    }
    if (percentage) r = r / denom;
    int32_t row = perm[p];
    if (float_out) ((double*)out)[row] = r;
    else ((int32_t*)out)[row] = (int32_t)r;
  }
}

// flag = 1 when the m segment offsets are not non-decreasing values in [0, n].
extern "C" __global__ void check_offsets(const int32_t* o, int64_t m, int64_t n, int32_t* flag) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += stride) {
    int32_t v = o[i];
    if (v < 0 || (int64_t)v > n || (i > 0 && o[i - 1] > v)) *flag = 1;
  }
}
