// Binary search of sorted tables (lower_bound / upper_bound) and hash-set membership
// (contains), over columns described at run time, so one module serves every type.
//
// kind: 0 i8, 1 i16, 2 i32, 3 i64, 4 u8, 5 u16, 6 u32, 7 u64, 8 f32, 9 f64, 10 bool,
// 11 i128, 12 string (offsets: 32-bit when off64 == 0).

struct ColDesc {
  uint64_t data;      // fixed width: row 0 of the column; string: the chars
  uint64_t offsets;   // string: offsets (at the child's offset), else 0
  uint64_t mask;      // 0: no nulls
  int64_t mask_off;   // bit of row 0 in mask
  int64_t row_off;    // string: index of row 0 in offsets
  int64_t kind;
  int64_t off64;      // string: offsets are 64-bit
  int64_t descending;
  int64_t nulls_before;
};

__device__ __forceinline__ bool is_null(const ColDesc& c, int64_t i) {
  return c.mask != 0 && !bit_is_set((const uint8_t*)c.mask, c.mask_off + i);
}

template <class T> __device__ __forceinline__ int cmp_int(T a, T b) { return a < b ? -1 : (a > b ? 1 : 0); }

template <class T> __device__ __forceinline__ int cmp_float(T a, T b) {
  bool an = a != a, bn = b != b;
  if (an || bn) return an && bn ? 0 : (an ? 1 : -1);
  return a < b ? -1 : (a > b ? 1 : 0);
}

__device__ __forceinline__ void string_at(const ColDesc& c, int64_t i, const uint8_t*& p, int64_t& len) {
  int64_t r = c.row_off + i;
  int64_t s, e;
  if (c.off64) { const int64_t* o = (const int64_t*)c.offsets; s = o[r]; e = o[r + 1]; }
  else { const int32_t* o = (const int32_t*)c.offsets; s = o[r]; e = o[r + 1]; }
  p = (const uint8_t*)c.data + s;
  len = e - s;
}

// Value comparison of row i of a with row j of b (same kind), ignoring nulls.
__device__ int cmp_values(const ColDesc& a, int64_t i, const ColDesc& b, int64_t j) {
  switch (a.kind) {
    case 0: return cmp_int(((const int8_t*)a.data)[i], ((const int8_t*)b.data)[j]);
    case 1: return cmp_int(((const int16_t*)a.data)[i], ((const int16_t*)b.data)[j]);
    case 2: return cmp_int(((const int32_t*)a.data)[i], ((const int32_t*)b.data)[j]);
    case 3: return cmp_int(((const int64_t*)a.data)[i], ((const int64_t*)b.data)[j]);
    case 4: return cmp_int(((const uint8_t*)a.data)[i], ((const uint8_t*)b.data)[j]);
    case 5: return cmp_int(((const uint16_t*)a.data)[i], ((const uint16_t*)b.data)[j]);
    case 6: return cmp_int(((const uint32_t*)a.data)[i], ((const uint32_t*)b.data)[j]);
    case 7: return cmp_int(((const uint64_t*)a.data)[i], ((const uint64_t*)b.data)[j]);
    case 8: return cmp_float(((const float*)a.data)[i], ((const float*)b.data)[j]);
    case 9: return cmp_float(((const double*)a.data)[i], ((const double*)b.data)[j]);
    case 10: return cmp_int((int)(((const uint8_t*)a.data)[i] != 0), (int)(((const uint8_t*)b.data)[j] != 0));
    case 11: {
      const uint64_t* x = (const uint64_t*)a.data + 2 * i;
      const uint64_t* y = (const uint64_t*)b.data + 2 * j;
      int c = cmp_int((int64_t)x[1], (int64_t)y[1]);
      return c != 0 ? c : cmp_int(x[0], y[0]);
    }
    default: {
      const uint8_t *p, *q;
      int64_t lp, lq;
      string_at(a, i, p, lp);
      string_at(b, j, q, lq);
      return cmp_bytes(p, lp, q, lq);
    }
  }
}

// Ordering of haystack row i against needle row j (hay carries the orders).
__device__ int cmp_rows(const ColDesc* hay, const ColDesc* ndl, int ncols, int64_t i, int64_t j) {
  for (int c = 0; c < ncols; ++c) {
    bool hn = is_null(hay[c], i), nn = is_null(ndl[c], j);
    int o;
    if (hn || nn) {
      if (hn && nn) o = 0;
      else if (hn) o = hay[c].nulls_before ? -1 : 1;
      else o = hay[c].nulls_before ? 1 : -1;
    } else {
      o = cmp_values(hay[c], i, ndl[c], j);
    }
    if (hay[c].descending) o = -o;
    if (o != 0) return o;
  }
  return 0;
}

extern "C" __global__ void bound(const ColDesc* hay, const ColDesc* ndl, int ncols, int64_t hay_n,
                                 int64_t n, int upper, int32_t* out) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) {
    int64_t lo = 0, hi = hay_n;
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      int o = cmp_rows(hay, ndl, ncols, mid, j);
      bool right = upper ? o <= 0 : o < 0;
      if (right) lo = mid + 1; else hi = mid;
    }
    out[j] = (int32_t)lo;
  }
}

// ---- contains: an open-addressing set of haystack row numbers (+1; 0 = empty) ----

__device__ __forceinline__ uint64_t mix64(uint64_t h) {
  h ^= h >> 33; h *= 0xff51afd7ed558ccdULL; h ^= h >> 33; h *= 0xc4ceb9fe1a85ec53ULL; h ^= h >> 33;
  return h;
}

// A hash consistent with cmp_values == 0 (NaNs and -0.0 normalised).
__device__ uint64_t hash_value(const ColDesc& c, int64_t i) {
  uint64_t bits;
  switch (c.kind) {
    case 0: bits = (uint64_t)(int64_t)((const int8_t*)c.data)[i]; break;
    case 1: bits = (uint64_t)(int64_t)((const int16_t*)c.data)[i]; break;
    case 2: bits = (uint64_t)(int64_t)((const int32_t*)c.data)[i]; break;
    case 3: bits = (uint64_t)((const int64_t*)c.data)[i]; break;
    case 4: bits = ((const uint8_t*)c.data)[i]; break;
    case 5: bits = ((const uint16_t*)c.data)[i]; break;
    case 6: bits = ((const uint32_t*)c.data)[i]; break;
    case 7: bits = ((const uint64_t*)c.data)[i]; break;
    case 8: {
      float v = ((const float*)c.data)[i];
      bits = v != v ? 1ULL : (v == 0.0f ? 0ULL : (uint64_t)__float_as_uint(v) << 1);
      break;
    }
    case 9: {
      double v = ((const double*)c.data)[i];
      bits = v != v ? 1ULL : (v == 0.0 ? 0ULL : (uint64_t)__double_as_longlong(v) ^ 0x5bd1e995ULL);
      break;
    }
    case 10: bits = ((const uint8_t*)c.data)[i] != 0; break;
    case 11: {
      const uint64_t* x = (const uint64_t*)c.data + 2 * i;
      bits = x[0] ^ mix64(x[1]);
      break;
    }
    default: {
      const uint8_t* p;
      int64_t len;
      string_at(c, i, p, len);
      uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a
      for (int64_t k = 0; k < len; ++k) { h ^= p[k]; h *= 0x100000001b3ULL; }
      bits = h;
    }
  }
  return mix64(bits);
}

// The hash of the `ncols` key columns of row i: each column's hash_value (`null_hash` for a
// null) folded into `seed` with Boost's hash_combine and mixed. Rows equal under
// rows_equal hash alike.
__device__ __forceinline__ uint64_t rows_hash(const ColDesc* c, int ncols, int64_t i,
                                              uint64_t seed, uint64_t null_hash) {
  uint64_t h = seed;
  for (int k = 0; k < ncols; ++k) {
    uint64_t v = is_null(c[k], i) ? null_hash : hash_value(c[k], i);
    h = mix64(h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)));
  }
  return h;
}

// Whether row i of a equals row j of b (same column kinds); nulls equal nulls.
__device__ __forceinline__ bool rows_equal(const ColDesc* a, int64_t i, const ColDesc* b,
                                           int64_t j, int ncols) {
  for (int k = 0; k < ncols; ++k) {
    bool an = is_null(a[k], i), bn = is_null(b[k], j);
    if (an || bn) {
      if (an && bn) continue;
      return false;
    }
    if (cmp_values(a[k], i, b[k], j) != 0) return false;
  }
  return true;
}

extern "C" __global__ void contains_build(const ColDesc* hay, int64_t hay_n, int32_t* table,
                                          uint64_t cap_mask) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < hay_n; i += stride) {
    if (is_null(hay[0], i)) continue;
    uint64_t slot = hash_value(hay[0], i) & cap_mask;
    while (true) {
      int32_t prev = atomicCAS(&table[slot], 0, (int32_t)(i + 1));
      if (prev == 0) break;
      if (cmp_values(hay[0], prev - 1, hay[0], i) == 0) break;  // already present
      slot = (slot + 1) & cap_mask;
    }
  }
}

extern "C" __global__ void contains_probe(const ColDesc* hay, const ColDesc* ndl, int64_t n,
                                          const int32_t* table, uint64_t cap_mask, uint8_t* out) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) {
    uint8_t found = 0;
    if (!is_null(ndl[0], j)) {
      uint64_t slot = hash_value(ndl[0], j) & cap_mask;
      while (true) {
        int32_t r = table[slot];
        if (r == 0) break;
        if (cmp_values(hay[0], r - 1, ndl[0], j) == 0) { found = 1; break; }
        slot = (slot + 1) & cap_mask;
      }
    }
    out[j] = found;
  }
}
