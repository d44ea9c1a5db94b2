// Hash grouping of key rows (appended to search.cu, whose ColDesc, is_null, cmp_values and
// hash_value it reuses, so every key type search supports can be grouped).
//
// 1. gb_build: an open-addressing table of row numbers + 1 (0 = empty slot). Each slot ends
//    up holding the smallest row with its key (CAS into an empty slot, atomicMin into the
//    slot of an equal key), so "row i is the first of its group" is rep(i) == i.
// 2. gb_find: every row looks up its key's slot: rep_of_row[i] and a 0/1 "first" flag.
// 3. (host side) an exclusive scan of the flags numbers groups in first-appearance order.
// 4. gb_assign: gid[i] = position of rep(i); reps[gid] = the group's first row.
// Rows in no group (a null key with nulls excluded) get rep -1 and gid -1.

// Whether any key column of row i is null.
__device__ __forceinline__ bool gb_any_null(const ColDesc* keys, int ncols, int64_t i) {
  for (int c = 0; c < ncols; ++c)
    if (is_null(keys[c], i)) return true;
  return false;
}

// Grouping equality (rows_equal of search.cu): nulls equal nulls, NaN equals NaN, -0.0
// equals 0.0.
__device__ __forceinline__ bool gb_rows_equal(const ColDesc* keys, int ncols, int64_t a, int64_t b) {
  return rows_equal(keys, a, keys, b, ncols);
}

__device__ __forceinline__ uint64_t gb_row_hash(const ColDesc* keys, int ncols, int64_t i) {
  return rows_hash(keys, ncols, i, 0x9e3779b97f4a7c15ULL, 0x5851f42d4c957f2dULL);
}

extern "C" __global__ void gb_build(const ColDesc* keys, int ncols, int64_t n, int32_t* table,
                                    uint64_t cap_mask, int include_nulls) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    if (!include_nulls && gb_any_null(keys, ncols, i)) continue;
    uint64_t slot = gb_row_hash(keys, ncols, i) & cap_mask;
    int32_t mine = (int32_t)(i + 1);
    while (true) {
      // A plain read first: most rows find their key already present, and then only
      // the rows that lower the slot's row number need an atomic.
      int32_t cur = *((volatile int32_t*)&table[slot]);
      if (cur == 0) {
        cur = atomicCAS(&table[slot], 0, mine);
        if (cur == 0) break;
      }
      if (gb_rows_equal(keys, ncols, (int64_t)cur - 1, i)) {
        if (mine < cur) atomicMin(&table[slot], mine);
        break;
      }
      slot = (slot + 1) & cap_mask;
    }
  }
}

// rep_of_row[i]: the first row of i's key (-1: no group); flags[i] = (rep == i) as int64.
extern "C" __global__ void gb_find(const ColDesc* keys, int ncols, int64_t n,
                                   const int32_t* table, uint64_t cap_mask, int include_nulls,
                                   int32_t* rep_of_row, int64_t* flags) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int32_t rep = -1;
    if (include_nulls || !gb_any_null(keys, ncols, i)) {
      uint64_t slot = gb_row_hash(keys, ncols, i) & cap_mask;
      while (true) {
        int32_t r = table[slot];
        // The key was inserted by gb_build, so probing meets it before an empty slot.
        if (r == 0) break;
        if (gb_rows_equal(keys, ncols, (int64_t)r - 1, i)) { rep = r - 1; break; }
        slot = (slot + 1) & cap_mask;
      }
    }
    rep_of_row[i] = rep;
    flags[i] = rep == (int32_t)i ? 1 : 0;
  }
}

// pos: the exclusive scan of the flags. gid[i] = pos[rep(i)]; reps[pos[i]] = i for first rows.
extern "C" __global__ void gb_assign(const int32_t* rep_of_row, const int64_t* pos, int64_t n,
                                     int32_t* gid, int32_t* reps) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int32_t rep = rep_of_row[i];
    int32_t g = rep < 0 ? -1 : (int32_t)pos[rep];
    gid[i] = g;
    if (rep == (int32_t)i) reps[g] = (int32_t)i;
  }
}

// ---- small inputs: one block, groups numbered in ascending key order ----

// For n <= SMALL_GROUPS rows (one block): the groups of the key rows numbered in ascending
// key order (cmp_rows with the descriptors' orders and null placement), so a sorted groupby
// needs no hash table, no scan with a host round trip in between, and no sort of its
// result. Row i is the first of its group when no earlier row has an equal key (the
// grouping equality of gb_rows_equal: cmp_rows == 0); its group number is the count of
// first rows with smaller keys. O(n^2) comparisons, which for n <= 1024 costs less than the
// launches it saves. gid[i] = -1 for rows in no group; reps[g] = the first row of group g;
// returns the number of groups (to every thread). Shared by gb_small_sorted and
// gb_small_fused.
#define SMALL_GROUPS 1024
__device__ __forceinline__ int32_t small_sorted_groups(const ColDesc* keys, int ncols, int64_t n,
                                                       int include_nulls, int32_t* gid,
                                                       int32_t* reps) {
  __shared__ unsigned char first[SMALL_GROUPS];
  __shared__ int count;
  if (threadIdx.x == 0) count = 0;
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
    bool f = include_nulls || !gb_any_null(keys, ncols, i);
    for (int64_t j = 0; f && j < i; ++j) f = cmp_rows(keys, keys, ncols, j, i) != 0;
    first[i] = f;
  }
  __syncthreads();
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
    if (!include_nulls && gb_any_null(keys, ncols, i)) {
      gid[i] = -1;
      continue;
    }
    int32_t g = 0;
    for (int64_t j = 0; j < n; ++j) g += first[j] && cmp_rows(keys, keys, ncols, j, i) < 0;
    gid[i] = g;
    if (first[i]) {
      reps[g] = (int32_t)i;
      atomicAdd(&count, 1);
    }
  }
  __syncthreads();
  return count;
}

// The grouping alone (*groups = the number of groups); the aggregations run apart.
extern "C" __global__ void gb_small_sorted(const ColDesc* keys, int ncols, int64_t n,
                                           int include_nulls, int32_t* gid, int32_t* reps,
                                           int32_t* groups) {
  int32_t ng = small_sorted_groups(keys, ncols, n, include_nulls, gid, reps);
  if (threadIdx.x == 0) *groups = ng;
}

// ---- small inputs, fused: the grouping and the common aggregations in one launch ----

// The key columns (by value: no upload) and the aggregations of gb_small_fused.
#define SMALL_KEYS 4
#define SMALL_AGGS 8
struct SmallKeys {
  ColDesc c[SMALL_KEYS];
};
// One aggregation of one value column. Kinds are ColDesc kinds (0-7 integers, 8 f32,
// 9 f64, 10 bool). op: 0 SUM, 1 PRODUCT, 2 SUM_OF_SQUARES, 3 MIN, 4 MAX, 5 COUNT of valid
// values, 6 COUNT of rows, 7 MEAN.
struct SmallAgg {
  uint64_t data;      // row 0 of the values
  uint64_t mask;      // 0: no nulls
  int64_t mask_off;   // bit of row 0 in mask
  int64_t in_kind;
  int64_t op;
  int64_t out_kind;   // 2 INT32 (counts), 3 INT64, 8 FLOAT32, 9 FLOAT64, or in_kind (MIN/MAX)
  uint64_t out;       // one slot per group
  uint64_t out_mask;  // 0: every group valid; else validity bits, set here
};
struct SmallAggs {
  SmallAgg a[SMALL_AGGS];
};

__device__ __forceinline__ bool sm_float(int64_t k) { return k == 8 || k == 9; }
__device__ __forceinline__ bool sm_unsigned(int64_t k) { return k >= 4 && k <= 7; }

__device__ double sm_f64(const SmallAgg& a, int64_t i) {
  return a.in_kind == 8 ? (double)((const float*)a.data)[i] : ((const double*)a.data)[i];
}

// Integers and bools as int64 (unsigned values keep their bits).
__device__ int64_t sm_i64(const SmallAgg& a, int64_t i) {
  switch (a.in_kind) {
    case 0: return ((const int8_t*)a.data)[i];
    case 1: return ((const int16_t*)a.data)[i];
    case 2: return ((const int32_t*)a.data)[i];
    case 3: return ((const int64_t*)a.data)[i];
    case 4: return ((const uint8_t*)a.data)[i];
    case 5: return ((const uint16_t*)a.data)[i];
    case 6: return ((const uint32_t*)a.data)[i];
    case 7: return (int64_t)((const uint64_t*)a.data)[i];
    default: return ((const uint8_t*)a.data)[i] != 0;
  }
}

// Group g's aggregation `a` over the rows of group g (in row order, so float sums are
// deterministic); min_count 1 except for the counts.
__device__ void sm_aggregate(const SmallAgg& a, const int32_t* gid, int64_t n, int32_t g) {
  const bool fl = sm_float(a.in_kind), un = sm_unsigned(a.in_kind);
  const int64_t op = a.op;
  double f = op == 1 ? 1.0 : 0.0;
  int64_t s = op == 1 ? 1 : 0;
  uint64_t u = 0;
  bool first = true;
  int32_t count = 0, rows = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (gid[i] != g) continue;
    ++rows;
    if (a.mask != 0 && !bit_is_set((const uint8_t*)a.mask, a.mask_off + i)) continue;
    ++count;
    if (op >= 5 && op <= 6) continue;
    if (fl) {
      double v = sm_f64(a, i);
      if (op == 0 || op == 7) f += v;
      else if (op == 1) f *= v;
      else if (op == 2) f += v * v;
      // MIN/MAX: C's fmin/fmax (NaN only when every value is NaN), as the other paths
      else if (op == 3) f = first ? v : fmin(f, v);
      else f = first ? v : fmax(f, v);
    } else {
      int64_t v = sm_i64(a, i);
      uint64_t w = (uint64_t)v;
      if (op == 0) s = (int64_t)((uint64_t)s + w);
      else if (op == 1) s = (int64_t)((uint64_t)s * w);
      else if (op == 2) s = (int64_t)((uint64_t)s + w * w);
      else if (op == 7) f += un ? (double)w : (double)v;
      else if (un) u = first ? w : (op == 3 ? (w < u ? w : u) : (w > u ? w : u));
      else s = first ? v : (op == 3 ? (v < s ? v : s) : (v > s ? v : s));
    }
    first = false;
  }
  const bool valid = op == 5 || op == 6 || count > 0;
  if (a.out_mask != 0 && valid) atomicOr((unsigned int*)a.out_mask + g / 32, 1u << (g % 32));
  if (op == 5 || op == 6) {
    ((int32_t*)a.out)[g] = op == 5 ? count : rows;
  } else if (op == 7) {
    ((double*)a.out)[g] = count > 0 ? f / (double)count : 0.0;
  } else if (a.out_kind == 9) {
    ((double*)a.out)[g] = f;
  } else if (a.out_kind == 8) {
    ((float*)a.out)[g] = (float)f;
  } else {
    store_kind(a.out_kind, (void*)a.out, g, un && op >= 3 ? (int64_t)u : s);
  }
}

// For n <= SMALL_GROUPS rows: gb_small_sorted's grouping (groups in ascending key order),
// kept in shared memory, then every (aggregation, group) pair by one thread. reps[g] = the
// first row of group g; *groups = the number of groups (a mapped host slot when the caller
// has one, so reading it needs no copy).
extern "C" __global__ void gb_small_fused(SmallKeys keys, int ncols, int64_t n, int include_nulls,
                                          SmallAggs aggs, int naggs, int32_t* reps,
                                          int32_t* groups) {
  __shared__ int32_t gid[SMALL_GROUPS];
  for (int a = 0; a < naggs; ++a) {
    if (aggs.a[a].out_mask == 0) continue;
    for (int64_t w = threadIdx.x; w < (n + 31) / 32; w += blockDim.x)
      ((unsigned int*)aggs.a[a].out_mask)[w] = 0;
  }
  const int32_t ng = small_sorted_groups(keys.c, ncols, n, include_nulls, gid, reps);
  for (int64_t t = threadIdx.x; t < (int64_t)naggs * ng; t += blockDim.x)
    sm_aggregate(aggs.a[t / ng], gid, n, (int32_t)(t % ng));
  if (threadIdx.x == 0) *groups = ng;
}

// ---- finishing the aggregations (type independent) ----

// Validity bits of the groups with at least min_count values (one 32-bit word per thread).
extern "C" __global__ void gb_valid_mask(const int32_t* counts, int64_t ng, int min_count,
                                         uint32_t* mask) {
  int64_t words = (ng + 31) / 32;
  for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < words;
       w += (int64_t)gridDim.x * blockDim.x) {
    uint32_t bits = 0;
    for (int b = 0; b < 32; ++b) {
      int64_t k = w * 32 + b;
      if (k < ng && counts[k] >= min_count) bits |= 1u << b;
    }
    mask[w] = bits;
  }
}

extern "C" __global__ void gb_mean(const double* sums, const int32_t* counts, int64_t ng,
                                   double* out) {
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < ng;
       k += (int64_t)gridDim.x * blockDim.x)
    out[k] = counts[k] > 0 ? sums[k] / (double)counts[k] : 0.0;
}

// Variance (or its square root) from the squared deviations; 0 where count - ddof <= 0
// (those groups are null).
extern "C" __global__ void gb_var(const double* ss, const int32_t* counts, int64_t ng, int ddof,
                                  int is_std, double* out) {
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < ng;
       k += (int64_t)gridDim.x * blockDim.x) {
    int64_t den = (int64_t)counts[k] - ddof;
    double v = den > 0 ? ss[k] / (double)den : 0.0;
    out[k] = is_std ? sqrt(v) : v;
  }
}

// ---- the grouped order: `order` (m rows of groups 0, 1, ... in input order within each
// group), `gid` per input row and `offsets` (groups + 1 entries) ----

// groupby.shift: position p takes the row `shift` places before it in its group, else the
// fill row.
extern "C" __global__ void gb_shift_map(const int32_t* order, const int32_t* gid,
                                        const int32_t* offsets, int64_t m, int64_t shift,
                                        int fill_row, int32_t* out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < m;
       p += (int64_t)gridDim.x * blockDim.x) {
    int32_t g = gid[order[p]];
    int64_t start = offsets[g], size = (int64_t)offsets[g + 1] - start;
    int64_t src = p - start - shift;
    out[p] = (src >= 0 && src < size) ? order[start + src] : fill_row;
  }
}

// groupby.replace_nulls, step 1: q-th entry (q = p, or m - 1 - p when `reverse`) is q where
// the row at grouped position p is valid, else -1; an inclusive max scan then gives the
// nearest valid position at or before each q.
extern "C" __global__ void gb_valid_positions(const int32_t* order, int64_t m,
                                              const uint8_t* mask, int64_t mask_off,
                                              int reverse, int32_t* out) {
  for (int64_t q = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; q < m;
       q += (int64_t)gridDim.x * blockDim.x) {
    int64_t p = reverse ? m - 1 - q : q;
    int32_t r = order[p];
    bool valid = mask == nullptr || bit_is_set(mask, mask_off + r);
    out[q] = valid ? (int32_t)q : -1;
  }
}

// Step 2: the gather map: the nearest valid row in the same group, else a null row.
extern "C" __global__ void gb_fill_map(const int32_t* order, const int32_t* gid,
                                       const int32_t* offsets, int64_t m,
                                       const int32_t* nearest, int reverse, int null_row,
                                       int32_t* out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < m;
       p += (int64_t)gridDim.x * blockDim.x) {
    int64_t q = reverse ? m - 1 - p : p;
    int32_t s = nearest[q];
    int32_t result = null_row;
    if (s >= 0) {
      int64_t pos = reverse ? m - 1 - s : s;
      int32_t g = gid[order[p]];
      if (pos >= offsets[g] && pos < offsets[g + 1]) result = order[pos];
    }
    out[p] = result;
  }
}

// Group scans, step 1: the lifted value at each grouped position (COUNT_ALL: 1,
// COUNT_VALID: the validity, SUM of integers: the value as int64 or 0 at a null).
// kind: 0 count all, 1 count valid, 2 sum (values of `width` bytes, signed when `is_signed`).
extern "C" __global__ void gb_scan_lift(const int32_t* order, int64_t m, const uint8_t* data,
                                        int width, int is_signed, const uint8_t* mask,
                                        int64_t mask_off, int kind, int64_t* out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < m;
       p += (int64_t)gridDim.x * blockDim.x) {
    int32_t r = order[p];
    bool valid = mask == nullptr || bit_is_set(mask, mask_off + r);
    int64_t v = 0;
    if (kind == 0) v = 1;
    else if (kind == 1) v = valid;
    else if (valid) {
      switch (width) {
        case 1: v = is_signed ? (int64_t)((const int8_t*)data)[r] : (int64_t)data[r]; break;
        case 2: v = is_signed ? (int64_t)((const int16_t*)data)[r] : (int64_t)((const uint16_t*)data)[r]; break;
        case 4: v = is_signed ? (int64_t)((const int32_t*)data)[r] : (int64_t)((const uint32_t*)data)[r]; break;
        default: v = ((const int64_t*)data)[r]; break;
      }
    }
    out[p] = v;
  }
}

// Step 2 (after an inclusive sum scan of the lifted values, which wraps): the running value
// within the group is the scan minus the scan just before the group's first position.
// Counts are written as int32 (`to_int32`), sums as int64.
extern "C" __global__ void gb_scan_finish(const int32_t* order, const int32_t* gid,
                                          const int32_t* offsets, int64_t m,
                                          const int64_t* scanned, int to_int32, void* out) {
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < m;
       p += (int64_t)gridDim.x * blockDim.x) {
    int32_t g = gid[order[p]];
    int64_t start = offsets[g];
    uint64_t before = start > 0 ? (uint64_t)scanned[start - 1] : 0;
    int64_t v = (int64_t)((uint64_t)scanned[p] - before);
    if (to_int32) ((int32_t*)out)[p] = (int32_t)v;
    else ((int64_t*)out)[p] = v;
  }
}

// ------------------------------------------------------------------------------------
// Running MIN / MAX / SUM / PRODUCT within groups, one thread per group walking its rows
// in grouped order (the host's loop in ordered.rs, so the results are the same bits):
// values are converted to the accumulator type, nulls are skipped (their output row is
// masked by the caller), sums and products of integers wrap, MAX/MIN keep the running
// value unless the new one compares greater/less (so NaN never enters).
// Type codes: 0..3 int8..int64, 4..7 uint8..uint64, 8 float32, 9 float64, 10 bool8.
// ------------------------------------------------------------------------------------

__device__ __forceinline__ int64_t seg_load_int(const void* d, int code, int64_t r) {
  switch (code) {
    case 0: return ((const int8_t*)d)[r];
    case 1: return ((const int16_t*)d)[r];
    case 2: return ((const int32_t*)d)[r];
    case 3: return ((const int64_t*)d)[r];
    case 4: return ((const uint8_t*)d)[r];
    case 5: return ((const uint16_t*)d)[r];
    case 6: return ((const uint32_t*)d)[r];
    case 7: return (int64_t)((const uint64_t*)d)[r];
    case 10: return ((const uint8_t*)d)[r] != 0;
    case 8: return (int64_t)((const float*)d)[r];
    default: return (int64_t)((const double*)d)[r];
  }
}

__device__ __forceinline__ double seg_load_f(const void* d, int code, int64_t r) {
  switch (code) {
    case 8: return ((const float*)d)[r];
    case 9: return ((const double*)d)[r];
    case 7: return (double)((const uint64_t*)d)[r];
    case 4: case 5: case 6: return (double)(uint64_t)seg_load_int(d, code, r);
    default: return (double)seg_load_int(d, code, r);
  }
}

// Wrapping integer arithmetic (modulo 2^bits, as Rust's wrapping_add/mul); plain for floats.
template <class T> __device__ __forceinline__ T wrap_add(T a, T b) {
  return (T)((uint64_t)(int64_t)a + (uint64_t)(int64_t)b);
}
template <class T> __device__ __forceinline__ T wrap_mul(T a, T b) {
  return (T)((uint64_t)(int64_t)a * (uint64_t)(int64_t)b);
}
template <> __device__ __forceinline__ uint64_t wrap_add(uint64_t a, uint64_t b) { return a + b; }
template <> __device__ __forceinline__ uint64_t wrap_mul(uint64_t a, uint64_t b) { return a * b; }
template <> __device__ __forceinline__ float wrap_add(float a, float b) { return a + b; }
template <> __device__ __forceinline__ float wrap_mul(float a, float b) { return a * b; }
template <> __device__ __forceinline__ double wrap_add(double a, double b) { return a + b; }
template <> __device__ __forceinline__ double wrap_mul(double a, double b) { return a * b; }

template <class T, class Load>
__device__ void seg_scan_group(const int32_t* order, int64_t s, int64_t e, int op,
                               const uint8_t* mask, int64_t mask_off, T* out, Load load) {
  T run = op == 0 ? (T)0 : op == 1 ? (T)1 : op == 2 ? traits<T>::lowest() : traits<T>::highest();
  for (int64_t p = s; p < e; ++p) {
    int64_t r = order[p];
    if (mask == nullptr || bit_is_set(mask, mask_off + r)) {
      T v = load(r);
      if (op == 0) run = wrap_add(run, v);
      else if (op == 1) run = wrap_mul(run, v);
      else if (op == 2) run = v > run ? v : run;
      else run = v < run ? v : run;
    }
    out[p] = run;
  }
}

// op: 0 SUM, 1 PRODUCT, 2 MAX, 3 MIN; acc: the accumulator (= output) type code.
extern "C" __global__ void gb_seg_scan(const int32_t* order, const int32_t* offsets,
                                       int64_t groups, const void* data, int in_code,
                                       int acc, int op, const uint8_t* mask, int64_t mask_off,
                                       void* out) {
  for (int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; g < groups;
       g += (int64_t)gridDim.x * blockDim.x) {
    int64_t s = offsets[g], e = offsets[g + 1];
    auto li = [&](int64_t r) { return seg_load_int(data, in_code, r); };
    auto lf = [&](int64_t r) { return seg_load_f(data, in_code, r); };
    switch (acc) {
      case 0: seg_scan_group<int8_t>(order, s, e, op, mask, mask_off, (int8_t*)out, [&](int64_t r) { return (int8_t)li(r); }); break;
      case 1: seg_scan_group<int16_t>(order, s, e, op, mask, mask_off, (int16_t*)out, [&](int64_t r) { return (int16_t)li(r); }); break;
      case 2: seg_scan_group<int32_t>(order, s, e, op, mask, mask_off, (int32_t*)out, [&](int64_t r) { return (int32_t)li(r); }); break;
      case 3: seg_scan_group<int64_t>(order, s, e, op, mask, mask_off, (int64_t*)out, li); break;
      case 4: seg_scan_group<uint8_t>(order, s, e, op, mask, mask_off, (uint8_t*)out, [&](int64_t r) { return (uint8_t)li(r); }); break;
      case 5: seg_scan_group<uint16_t>(order, s, e, op, mask, mask_off, (uint16_t*)out, [&](int64_t r) { return (uint16_t)li(r); }); break;
      case 6: seg_scan_group<uint32_t>(order, s, e, op, mask, mask_off, (uint32_t*)out, [&](int64_t r) { return (uint32_t)li(r); }); break;
      case 7: seg_scan_group<uint64_t>(order, s, e, op, mask, mask_off, (uint64_t*)out, [&](int64_t r) { return (uint64_t)li(r); }); break;
      case 8: seg_scan_group<float>(order, s, e, op, mask, mask_off, (float*)out, [&](int64_t r) { return (float)lf(r); }); break;
      default: seg_scan_group<double>(order, s, e, op, mask, mask_off, (double*)out, lf); break;
    }
  }
}
