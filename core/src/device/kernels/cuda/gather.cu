// Gathers through a row map of integer type IDX_T (defined by the launcher).
// Map entry semantics (libcudf's): a negative entry i means i + rows; entries outside
// [-rows, rows) are out of bounds: they give a null row and set *flag when `flag` is not
// null (the caller raises IndexError, or makes the null mask it skipped), never reading
// out of bounds.
// A null map entry gives a null row.

__device__ __forceinline__ int64_t resolve_row(const IDX_T* map, const uint8_t* map_mask,
                                               int64_t moff, int64_t i, int64_t rows,
                                               int nullify, int* flag) {
  if (map_mask && !bit_is_set(map_mask, moff + i)) return -1;
#if GATHER_STREAM
  IDX_T raw = __ldcs(map + i);
#else
  IDX_T raw = map[i];
#endif
  int64_t j;
  if constexpr (traits<IDX_T>::is_signed) {
    j = (int64_t)raw;
    if (j < 0) j += rows;
  } else {
    j = (uint64_t)raw > (uint64_t)rows ? rows : (int64_t)raw;
  }
  if (j < 0 || j >= rows) {
    // One store is enough. Reading first keeps many out-of-bounds entries (a left join's
    // unmatched rows under NULLIFY) from all storing to one word, which serializes them.
    // A null flag: the caller does not ask (explicit NULLIFY).
    if (flag && *(volatile int*)flag == 0) *flag = 1;
    return -1;
  }
  return j;
}

struct alignas(16) Bytes16 { uint64_t lo, hi; };

// GATHER_UNROLL rows per thread and step (the launcher defines it and sizes the grid to
// match; 1 measured best, with a grid covering the map), loads issued before stores:
// random reads are latency bound, so many of them in flight is what makes a gather fast. GATHER_STREAM (0 or 1) marks the map reads and output writes as
// streaming (read or written once: evict first), leaving L2 to the random source reads.
#ifndef GATHER_UNROLL
#define GATHER_UNROLL 1
#endif
#ifndef GATHER_STREAM
#define GATHER_STREAM 0
#endif

template <class W>
__device__ __forceinline__ void store_out(W* p, W v) {
  if constexpr (GATHER_STREAM && sizeof(W) == 8) {
    __stcs((unsigned long long*)p, *(unsigned long long*)&v);
  } else if constexpr (GATHER_STREAM && sizeof(W) == 4) {
    __stcs((unsigned int*)p, *(unsigned int*)&v);
  } else {
    *p = v;
  }
}
template <class W>
__device__ void gather_fixed(const W* __restrict__ src, const IDX_T* __restrict__ map,
                             const uint8_t* map_mask, int64_t moff, int64_t n, int64_t rows,
                             int nullify, W* __restrict__ out, int* flag) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i0 = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i0 < n;
       i0 += GATHER_UNROLL * stride) {
    int64_t j[GATHER_UNROLL];
    W v[GATHER_UNROLL];
#pragma unroll
    for (int u = 0; u < GATHER_UNROLL; ++u) {
      int64_t i = i0 + u * stride;
      j[u] = i < n ? resolve_row(map, map_mask, moff, i, rows, nullify, flag) : -1;
    }
#pragma unroll
    for (int u = 0; u < GATHER_UNROLL; ++u) v[u] = j[u] >= 0 ? src[j[u]] : W();
#pragma unroll
    for (int u = 0; u < GATHER_UNROLL; ++u) {
      int64_t i = i0 + u * stride;
      if (i < n) store_out(out + i, v[u]);
    }
  }
}

#define FERRO_GATHER_FIXED(NAME, W)                                                         \
  extern "C" __global__ void NAME(const W* src, const IDX_T* map, const uint8_t* map_mask,  \
                                  int64_t moff, int64_t n, int64_t rows, int nullify, W* out, \
                                  int* flag) {                                              \
    gather_fixed<W>(src, map, map_mask, moff, n, rows, nullify, out, flag);                 \
  }
FERRO_GATHER_FIXED(gather_w1, uint8_t)
FERRO_GATHER_FIXED(gather_w2, uint16_t)
FERRO_GATHER_FIXED(gather_w4, uint32_t)
FERRO_GATHER_FIXED(gather_w8, uint64_t)
FERRO_GATHER_FIXED(gather_w16, Bytes16)

// Validity of the gathered rows, one 32-bit word per warp step; counts the valid rows.
// `src_mask` may be null (every source row valid); `src_off` is the source's bit offset.
extern "C" __global__ void gather_mask(const uint8_t* src_mask, int64_t src_off,
                                       const IDX_T* map, const uint8_t* map_mask, int64_t moff,
                                       int64_t n, int64_t rows, int nullify, uint32_t* out,
                                       int* flag, unsigned long long* valid_count) {
  int lane = threadIdx.x & 31;
  int64_t warp = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  int64_t nwarps = ((int64_t)gridDim.x * blockDim.x) >> 5;
  unsigned long long count = 0;
  for (int64_t base = warp * 32; base < n; base += nwarps * 32) {
    int64_t i = base + lane;
    bool valid = false;
    if (i < n) {
      int64_t j = resolve_row(map, map_mask, moff, i, rows, nullify, flag);
      valid = j >= 0 && (!src_mask || bit_is_set(src_mask, src_off + j));
    }
    unsigned word = __ballot_sync(0xffffffffu, valid);
    if (lane == 0) {
      out[base >> 5] = word;
      count += __popc(word);
    }
  }
  if (lane == 0 && count && valid_count) atomicAdd(valid_count, count);
}

// The map with negatives wrapped, as INT32 row numbers (0x7fffffff, out of bounds of every
// column, for null or out-of-bounds entries).
extern "C" __global__ void normalize_map(const IDX_T* map, const uint8_t* map_mask, int64_t moff,
                                         int64_t n, int64_t rows, int nullify, int32_t* out,
                                         int* flag) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    int64_t j = resolve_row(map, map_mask, moff, i, rows, nullify, flag);
    out[i] = j < 0 ? 0x7fffffff : (int32_t)j;
  }
}

// Strings and lists: the byte (or child row) count of each gathered row, into `sizes`
// (int64, n + 1 entries; the last one is zeroed for the exclusive scan that follows).
template <class O>
__device__ void gather_sizes(const O* offsets, const IDX_T* map, const uint8_t* map_mask,
                             int64_t moff, const uint8_t* src_mask, int64_t src_off, int64_t n,
                             int64_t rows, int nullify, int64_t* sizes, int* flag) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i <= n; i += stride) {
    int64_t len = 0;
    if (i < n) {
      int64_t j = resolve_row(map, map_mask, moff, i, rows, nullify, flag);
      if (j >= 0 && (!src_mask || bit_is_set(src_mask, src_off + j)))
        len = (int64_t)offsets[j + 1] - (int64_t)offsets[j];
    }
    sizes[i] = len;
  }
}

// Copy each gathered string's bytes, `1 << group_log2` lanes per row (one lane for short
// strings, up to a warp for long ones: the launcher picks it from the mean length, so that
// short strings do not leave most of a warp idle).
template <class O>
__device__ void gather_chars(const O* offsets, const IDX_T* map, const uint8_t* map_mask,
                             int64_t moff, int64_t n, int64_t rows, const int64_t* out_offsets,
                             const uint8_t* chars, int group_log2, uint8_t* out_chars) {
  int64_t group = 1 << group_log2;
  int64_t sub = threadIdx.x & (group - 1);
  int64_t first = ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) >> group_log2;
  int64_t ngroups = ((int64_t)gridDim.x * blockDim.x) >> group_log2;
  int dummy = 0;
  for (int64_t i = first; i < n; i += ngroups) {
    int64_t start = out_offsets[i];
    int64_t len = out_offsets[i + 1] - start;
    if (len == 0) continue;
    int64_t j = resolve_row(map, map_mask, moff, i, rows, 1, &dummy);
    const uint8_t* s = chars + (int64_t)offsets[j];
    uint8_t* d = out_chars + start;
    for (int64_t k = sub; k < len; k += group) d[k] = s[k];
  }
}

// Lists: the child row to gather for each output child row. `out_offsets` are the output
// list offsets (n + 1, from 0); each output child row finds its list by binary search.
template <class O>
__device__ void gather_list_child_map(const O* offsets, const IDX_T* map,
                                      const uint8_t* map_mask, int64_t moff, int64_t n,
                                      int64_t rows, const int64_t* out_offsets, int64_t total,
                                      int32_t* child_map) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  int dummy = 0;
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < total; p += stride) {
    int64_t lo = 0, hi = n;  // find the last i with out_offsets[i] <= p
    while (hi - lo > 1) {
      int64_t mid = (lo + hi) >> 1;
      if (out_offsets[mid] <= p) lo = mid; else hi = mid;
    }
    int64_t j = resolve_row(map, map_mask, moff, lo, rows, 1, &dummy);
    child_map[p] = (int32_t)((int64_t)offsets[j] + (p - out_offsets[lo]));
  }
}

#define FERRO_GATHER_OFFSETS(SUFFIX, O)                                                        \
  extern "C" __global__ void gather_sizes_##SUFFIX(                                           \
      const O* offsets, const IDX_T* map, const uint8_t* map_mask, int64_t moff,              \
      const uint8_t* src_mask, int64_t src_off, int64_t n, int64_t rows, int nullify,         \
      int64_t* sizes, int* flag) {                                                             \
    gather_sizes<O>(offsets, map, map_mask, moff, src_mask, src_off, n, rows, nullify, sizes, \
                    flag);                                                                     \
  }                                                                                            \
  extern "C" __global__ void gather_chars_##SUFFIX(                                           \
      const O* offsets, const IDX_T* map, const uint8_t* map_mask, int64_t moff, int64_t n,   \
      int64_t rows, const int64_t* out_offsets, const uint8_t* chars, int group_log2,         \
      uint8_t* out_chars) {                                                                    \
    gather_chars<O>(offsets, map, map_mask, moff, n, rows, out_offsets, chars, group_log2,    \
                    out_chars);                                                                \
  }                                                                                            \
  extern "C" __global__ void gather_list_child_map_##SUFFIX(                                  \
      const O* offsets, const IDX_T* map, const uint8_t* map_mask, int64_t moff, int64_t n,   \
      int64_t rows, const int64_t* out_offsets, int64_t total, int32_t* child_map) {          \
    gather_list_child_map<O>(offsets, map, map_mask, moff, n, rows, out_offsets, total,       \
                             child_map);                                                       \
  }
FERRO_GATHER_OFFSETS(o32, int32_t)
FERRO_GATHER_OFFSETS(o64, int64_t)
