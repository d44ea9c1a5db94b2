// Row hashing, bit-exact with libcudf: MurmurHash3_x86_32 combined across columns with
// Boost's hash_combine, and XXH64 chained across columns (the running hash seeds the next
// column). One launch per column; `first` says whether `out` still has to be seeded.
//
// kind: 0 raw bytes of `width`, 1 BOOL8 (one byte, 0/1), 2 FLOAT32, 3 FLOAT64 (NaN -> the
// canonical quiet NaN; for MurmurHash3 also -0.0 -> 0.0), 4 STRING (offsets into `data`).

__device__ __forceinline__ uint32_t rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
__device__ __forceinline__ uint64_t rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

__device__ __forceinline__ uint32_t load_le32(const uint8_t* p) {
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
__device__ __forceinline__ uint64_t load_le64(const uint8_t* p) {
  return (uint64_t)load_le32(p) | ((uint64_t)load_le32(p + 4) << 32);
}

__device__ uint32_t murmur3_32(const uint8_t* p, int64_t len, uint32_t seed) {
  const uint32_t c1 = 0xcc9e2d51u, c2 = 0x1b873593u;
  uint32_t h = seed;
  int64_t nblocks = len / 4;
  for (int64_t b = 0; b < nblocks; ++b) {
    uint32_t k = load_le32(p + 4 * b);
    k *= c1; k = rotl32(k, 15); k *= c2;
    h ^= k; h = rotl32(h, 13); h = h * 5u + 0xe6546b64u;
  }
  const uint8_t* tail = p + 4 * nblocks;
  uint32_t k = 0;
  switch (len & 3) {
    case 3: k ^= (uint32_t)tail[2] << 16;
    case 2: k ^= (uint32_t)tail[1] << 8;
    case 1: k ^= (uint32_t)tail[0];
      k *= c1; k = rotl32(k, 15); k *= c2; h ^= k;
  }
  h ^= (uint32_t)len;
  h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16;
  return h;
}

#define XXP1 0x9E3779B185EBCA87ULL
#define XXP2 0xC2B2AE3D27D4EB4FULL
#define XXP3 0x165667B19E3779F9ULL
#define XXP4 0x85EBCA77C2B2AE63ULL
#define XXP5 0x27D4EB2F165667C5ULL

__device__ __forceinline__ uint64_t xxh_round(uint64_t acc, uint64_t input) {
  return rotl64(acc + input * XXP2, 31) * XXP1;
}
__device__ __forceinline__ uint64_t xxh_merge(uint64_t acc, uint64_t v) {
  return (acc ^ xxh_round(0, v)) * XXP1 + XXP4;
}

__device__ uint64_t xxh64(const uint8_t* p, int64_t len, uint64_t seed) {
  int64_t i = 0;
  uint64_t h;
  if (len >= 32) {
    uint64_t v1 = seed + XXP1 + XXP2, v2 = seed + XXP2, v3 = seed, v4 = seed - XXP1;
    for (; i + 32 <= len; i += 32) {
      v1 = xxh_round(v1, load_le64(p + i));
      v2 = xxh_round(v2, load_le64(p + i + 8));
      v3 = xxh_round(v3, load_le64(p + i + 16));
      v4 = xxh_round(v4, load_le64(p + i + 24));
    }
    h = rotl64(v1, 1) + rotl64(v2, 7) + rotl64(v3, 12) + rotl64(v4, 18);
    h = xxh_merge(h, v1); h = xxh_merge(h, v2); h = xxh_merge(h, v3); h = xxh_merge(h, v4);
  } else {
    h = seed + XXP5;
  }
  h += (uint64_t)len;
  for (; i + 8 <= len; i += 8) {
    h ^= xxh_round(0, load_le64(p + i));
    h = rotl64(h, 27) * XXP1 + XXP4;
  }
  if (i + 4 <= len) {
    h ^= (uint64_t)load_le32(p + i) * XXP1;
    h = rotl64(h, 23) * XXP2 + XXP3;
    i += 4;
  }
  for (; i < len; ++i) {
    h ^= (uint64_t)p[i] * XXP5;
    h = rotl64(h, 11) * XXP1;
  }
  h ^= h >> 33; h *= XXP2; h ^= h >> 29; h *= XXP3; h ^= h >> 32;
  return h;
}

#define XX32P1 0x9E3779B1u
#define XX32P2 0x85EBCA77u
#define XX32P3 0xC2B2AE3Du
#define XX32P4 0x27D4EB2Fu
#define XX32P5 0x165667B1u

__device__ __forceinline__ uint32_t xxh32_round(uint32_t acc, uint32_t input) {
  return rotl32(acc + input * XX32P2, 13) * XX32P1;
}

// XXH32 (Yann Collet's reference algorithm).
__device__ uint32_t xxh32(const uint8_t* p, int64_t len, uint32_t seed) {
  int64_t i = 0;
  uint32_t h;
  if (len >= 16) {
    uint32_t v1 = seed + XX32P1 + XX32P2, v2 = seed + XX32P2, v3 = seed, v4 = seed - XX32P1;
    for (; i + 16 <= len; i += 16) {
      v1 = xxh32_round(v1, load_le32(p + i));
      v2 = xxh32_round(v2, load_le32(p + i + 4));
      v3 = xxh32_round(v3, load_le32(p + i + 8));
      v4 = xxh32_round(v4, load_le32(p + i + 12));
    }
    h = rotl32(v1, 1) + rotl32(v2, 7) + rotl32(v3, 12) + rotl32(v4, 18);
  } else {
    h = seed + XX32P5;
  }
  h += (uint32_t)len;
  for (; i + 4 <= len; i += 4) {
    h += load_le32(p + i) * XX32P3;
    h = rotl32(h, 17) * XX32P4;
  }
  for (; i < len; ++i) {
    h += (uint32_t)p[i] * XX32P5;
    h = rotl32(h, 11) * XX32P1;
  }
  h ^= h >> 15; h *= XX32P2; h ^= h >> 13; h *= XX32P3; h ^= h >> 16;
  return h;
}

__device__ __forceinline__ uint64_t fmix64(uint64_t k) {
  k ^= k >> 33; k *= 0xff51afd7ed558ccdULL; k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL;
  return k ^ (k >> 33);
}

// MurmurHash3_x64_128 (Austin Appleby's reference algorithm) with a 64-bit seed, as cuco
// (and so libcudf) seeds both halves.
__device__ void murmur3_128(const uint8_t* p, int64_t len, uint64_t seed, uint64_t& o1,
                            uint64_t& o2) {
  const uint64_t c1 = 0x87c37b91114253d5ULL, c2 = 0x4cf5ad432745937fULL;
  uint64_t h1 = seed, h2 = seed;
  int64_t nblocks = len / 16;
  for (int64_t b = 0; b < nblocks; ++b) {
    uint64_t k1 = load_le64(p + 16 * b), k2 = load_le64(p + 16 * b + 8);
    k1 *= c1; k1 = rotl64(k1, 31); k1 *= c2; h1 ^= k1;
    h1 = rotl64(h1, 27); h1 += h2; h1 = h1 * 5 + 0x52dce729ULL;
    k2 *= c2; k2 = rotl64(k2, 33); k2 *= c1; h2 ^= k2;
    h2 = rotl64(h2, 31); h2 += h1; h2 = h2 * 5 + 0x38495ab5ULL;
  }
  const uint8_t* tail = p + 16 * nblocks;
  int rest = (int)(len & 15);
  uint64_t k1 = 0, k2 = 0;
  for (int j = rest - 1; j >= 8; --j) k2 = (k2 << 8) | tail[j];
  if (rest > 8) { k2 *= c2; k2 = rotl64(k2, 33); k2 *= c1; h2 ^= k2; }
  for (int j = (rest < 8 ? rest : 8) - 1; j >= 0; --j) k1 = (k1 << 8) | tail[j];
  if (rest > 0) { k1 *= c1; k1 = rotl64(k1, 31); k1 *= c2; h1 ^= k1; }
  h1 ^= (uint64_t)len; h2 ^= (uint64_t)len;
  h1 += h2; h2 += h1;
  h1 = fmix64(h1); h2 = fmix64(h2);
  h1 += h2; h2 += h1;
  o1 = h1;
  o2 = h2;
}

// The row hashes: how an element's bytes hash, how element hashes combine, a null's hash,
// and whether -0.0 hashes as 0.0.
struct MurmurPolicy {
  typedef uint32_t H;
  static constexpr bool zero_norm = true;
  static __device__ H null_hash() { return 0xffffffffu; }
  static __device__ H combine(H h, H e) { return h ^ (e + 0x9e3779b9u + (h << 6) + (h >> 2)); }
  static __device__ H bytes(const uint8_t* p, int64_t len, H seed) { return murmur3_32(p, len, seed); }
  // Each column's element is hashed with the seed and combined into the running row hash.
  static __device__ H element_seed(H /*running*/, H seed) { return seed; }
  static __device__ H fold(H running, H e) { return combine(running, e); }
};

struct XxhashPolicy {
  typedef uint64_t H;
  static constexpr bool zero_norm = false;
  static __device__ H null_hash() { return 0xffffffffffffffffULL; }
  static __device__ H combine(H h, H e) {
    return h ^ (e + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  }
  static __device__ H bytes(const uint8_t* p, int64_t len, H seed) { return xxh64(p, len, seed); }
  // Each column's element is hashed with the running row hash as its seed and replaces it.
  static __device__ H element_seed(H running, H /*seed*/) { return running; }
  static __device__ H fold(H /*running*/, H e) { return e; }
};

// libcudf's xxhash_32 chains like xxhash_64, but normalises -0.0 as well.
struct Xxhash32Policy {
  typedef uint32_t H;
  static constexpr bool zero_norm = true;
  static __device__ H null_hash() { return 0xffffffffu; }
  static __device__ H bytes(const uint8_t* p, int64_t len, H seed) { return xxh32(p, len, seed); }
  static __device__ H element_seed(H running, H /*seed*/) { return running; }
  static __device__ H fold(H /*running*/, H e) { return e; }
};

// The little-endian bytes of the float bits `b` (U: uint32_t or uint64_t) into `buf`, with
// NaN (magnitude above the infinity `inf`) made the canonical quiet NaN `qnan` and, when
// `zero_norm`, -0.0 made 0.0.
template <class U>
__device__ __forceinline__ const uint8_t* float_bytes(U b, U inf, U qnan, bool zero_norm,
                                                      uint8_t* buf, int64_t& len) {
  const U magnitude = b & (~(U)0 >> 1);
  if (magnitude > inf) b = qnan;
  else if (zero_norm && magnitude == 0) b = 0;
  for (int j = 0; j < (int)sizeof(U); ++j) buf[j] = (uint8_t)(b >> (8 * j));
  len = sizeof(U);
  return buf;
}

// The bytes element i hashes as: a pointer (into `buf` or the column) and a length.
__device__ __forceinline__ const uint8_t* element_bytes(const uint8_t* data, int width, int kind,
                                                        const int32_t* off32, const int64_t* off64,
                                                        int64_t row_off, int64_t i, bool zero_norm,
                                                        uint8_t* buf, int64_t& len) {
  if (kind == 4) {
    int64_t r = row_off + i;
    int64_t s = off64 ? off64[r] : (int64_t)off32[r];
    int64_t e = off64 ? off64[r + 1] : (int64_t)off32[r + 1];
    len = e - s;
    return data + s;
  }
  if (kind == 1) {
    buf[0] = data[i] != 0;
    len = 1;
    return buf;
  }
  if (kind == 2) {
    return float_bytes<uint32_t>(load_le32(data + 4 * i), 0x7f800000u, 0x7fc00000u, zero_norm,
                                 buf, len);
  }
  if (kind == 3) {
    return float_bytes<uint64_t>(load_le64(data + 8 * i), 0x7ff0000000000000ULL,
                                 0x7ff8000000000000ULL, zero_norm, buf, len);
  }
  len = width;
  return data + (int64_t)width * i;
}

// The hash of element i of a plain column (P::null_hash() when null), its bytes hashed
// with `seed`.
template <class P>
__device__ __forceinline__ typename P::H element_hash(const uint8_t* data, int width, int kind,
                                                      const int32_t* off32, const int64_t* off64,
                                                      int64_t row_off, const uint8_t* mask,
                                                      int64_t mask_off, int64_t i,
                                                      typename P::H seed) {
  if (mask != nullptr && !bit_is_set(mask, mask_off + i)) return P::null_hash();
  uint8_t buf[8];
  int64_t len;
  const uint8_t* p = element_bytes(data, width, kind, off32, off64, row_off, i, P::zero_norm,
                                   buf, len);
  return P::bytes(p, len, seed);
}

// One plain column folded into every row's running hash `out[i]` (`seed` before the first
// column).
template <class P>
__device__ void hash_column(const uint8_t* data, int width, int kind, const int32_t* off32,
                            const int64_t* off64, int64_t row_off, const uint8_t* mask,
                            int64_t mask_off, int64_t n, typename P::H seed, typename P::H* out,
                            int first) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    typename P::H h = first ? seed : out[i];
    typename P::H e = element_hash<P>(data, width, kind, off32, off64, row_off, mask, mask_off,
                                      i, P::element_seed(h, seed));
    out[i] = P::fold(h, e);
  }
}

// Fill `out` with the seed (a table without columns).
extern "C" __global__ void fill_u64(uint64_t* out, int64_t n, uint64_t v, int is32) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    if (is32) ((uint32_t*)out)[i] = (uint32_t)v;
    else out[i] = v;
  }
}

// ---------------------------------------------------------------------------------------
// Nested (LIST / STRUCT) columns: one launch per decomposed column (see ops/hashing.rs).
// `desc` holds LEVEL_WORDS 64-bit words per level, top-down:
//   0 kind (0 leaf, 1 STRUCT, 2 LIST)   1 validity hashed (else elements hash as valid)
//   2 number of masks                   3 LIST: offsets, indexed by the level's index
//   4 LIST: offsets are INT64           5 leaf: data (fixed width: at the level's base)
//   6 leaf: width                       7 leaf: element kind (see element_bytes)
//   8 leaf STRING: offsets (at the column's offset)   9 leaf STRING: INT64 offsets
//   10 leaf STRING: the level's base    11.. (mask, bit base) pairs, and'ed together
// A level's elements are numbered by the index its parent gives: the row for the top
// level, the same index below a STRUCT, the offsets' values below a LIST.

#define LEVEL_WORDS 32
#define MAX_LEVELS 16

__device__ __forceinline__ bool level_valid(const uint64_t* L, int64_t idx) {
  int m = (int)L[2];
  for (int j = 0; j < m; ++j) {
    if (!bit_is_set((const uint8_t*)L[11 + 2 * j], (int64_t)L[12 + 2 * j] + idx)) return false;
  }
  return true;
}

__device__ __forceinline__ int64_t list_offset(const uint64_t* L, int64_t idx) {
  return L[4] ? ((const int64_t*)L[3])[idx] : (int64_t)((const int32_t*)L[3])[idx];
}

// Call f(idx) for every element of level k below `row`, in order. A null LIST is empty.
template <class F>
__device__ void for_each_at(const uint64_t* desc, int k, int64_t row, F f) {
  int64_t cur[MAX_LEVELS], end[MAX_LEVELS];
  int j = 0;
  cur[0] = row;
  end[0] = row + 1;
  while (j >= 0) {
    if (cur[j] >= end[j]) {
      if (--j >= 0) ++cur[j];
      continue;
    }
    int64_t idx = cur[j];
    if (j == k) {
      f(idx);
      ++cur[j];
      continue;
    }
    const uint64_t* L = desc + j * LEVEL_WORDS;
    if (L[0] == 2) {
      bool valid = level_valid(L, idx);
      cur[j + 1] = valid ? list_offset(L, idx) : 0;
      end[j + 1] = valid ? list_offset(L, idx + 1) : 0;
    } else {
      cur[j + 1] = idx;
      end[j + 1] = idx + 1;
    }
    ++j;
  }
}

// The hash of leaf element idx of level L; a null STRING has no bytes.
template <class P>
__device__ typename P::H leaf_hash(const uint64_t* L, int64_t idx, bool check,
                                   typename P::H seed) {
  bool valid = level_valid(L, idx);
  if (check && !valid) return P::null_hash();
  int kind = (int)L[7];
  uint8_t buf[8];
  if (!valid && kind == 4) return P::bytes(buf, 0, seed);
  int64_t len;
  const int32_t* o32 = L[9] ? nullptr : (const int32_t*)L[8];
  const int64_t* o64 = L[9] ? (const int64_t*)L[8] : nullptr;
  const uint8_t* p = element_bytes((const uint8_t*)L[5], (int)L[6], kind, o32, o64,
                                   (int64_t)L[10], idx, P::zero_norm, buf, len);
  return P::bytes(p, len, seed);
}

// libcudf's element_hasher_adapter for a nested decomposed column.
template <class P>
__device__ typename P::H nested_value(const uint64_t* desc, int nlevels, int64_t row, bool check,
                                      typename P::H leaf_seed) {
  typedef typename P::H H;
  H h = 0;
  for (int k = 0; k < nlevels; ++k) {
    const uint64_t* L = desc + k * LEVEL_WORDS;
    if (L[0] == 0) {
      for_each_at(desc, k, row, [&](int64_t i) { h = P::combine(h, leaf_hash<P>(L, i, check, leaf_seed)); });
      continue;
    }
    if (check) {  // a level without hashed validity (a later branch's LIST) counts as valid
      for_each_at(desc, k, row, [&](int64_t i) {
        h = P::combine(h, (!L[1] || level_valid(L, i)) ? (H)0 : P::null_hash());
      });
    }
    if (L[0] == 1) {
      if (k + 1 == nlevels) return h;  // a STRUCT without a field in this branch
      continue;
    }
    for_each_at(desc, k, row, [&](int64_t i) {
      int32_t size = level_valid(L, i) ? (int32_t)(list_offset(L, i + 1) - list_offset(L, i)) : 0;
      uint8_t b[4] = {(uint8_t)size, (uint8_t)(size >> 8), (uint8_t)(size >> 16), (uint8_t)(size >> 24)};
      h = P::combine(h, P::bytes(b, 4, 0));
    });
  }
  return h;
}

// One decomposed nested column folded into every row's running hash, as `hash_column`
// folds a plain one; `direct`: a single non-nested level hashed like a plain column.
template <class P>
__device__ void hash_nested(const uint64_t* desc, int nlevels, int direct, int check, int64_t n,
                            typename P::H seed, typename P::H* out, int first) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    typename P::H h = first ? seed : out[i];
    typename P::H s = P::element_seed(h, seed);
    typename P::H e = direct ? leaf_hash<P>(desc, i, check, s)
                             : nested_value<P>(desc, nlevels, i, check, s);
    out[i] = P::fold(h, e);
  }
}

// The kernels of one row hash `P`: `PREFIX_column` and `PREFIX_nested`.
#define FERRO_HASH_KERNELS(PREFIX, P)                                                              \
  extern "C" __global__ void PREFIX##_column(                                                      \
      const uint8_t* data, int width, int kind, const int32_t* off32, const int64_t* off64,        \
      int64_t row_off, const uint8_t* mask, int64_t mask_off, int64_t n, P::H seed, P::H* out,     \
      int first) {                                                                                 \
    hash_column<P>(data, width, kind, off32, off64, row_off, mask, mask_off, n, seed, out,         \
                   first);                                                                         \
  }                                                                                                \
  extern "C" __global__ void PREFIX##_nested(const uint64_t* desc, int nlevels, int direct,        \
                                             int check, int64_t n, P::H seed, P::H* out,           \
                                             int first) {                                          \
    hash_nested<P>(desc, nlevels, direct, check, n, seed, out, first);                             \
  }
FERRO_HASH_KERNELS(murmur, MurmurPolicy)
FERRO_HASH_KERNELS(xxhash64, XxhashPolicy)

// xxhash_32 (flat columns only, as libcudf).
extern "C" __global__ void xxhash32_column(const uint8_t* data, int width, int kind,
                                           const int32_t* off32, const int64_t* off64,
                                           int64_t row_off, const uint8_t* mask,
                                           int64_t mask_off, int64_t n, uint32_t seed,
                                           uint32_t* out, int first) {
  hash_column<Xxhash32Policy>(data, width, kind, off32, off64, row_off, mask, mask_off, n, seed,
                              out, first);
}

// murmurhash3_x64_128, one column: each row's first half so far (`seed` before the first
// column) seeds the element's hash, which replaces both halves; a null is all ones.
extern "C" __global__ void murmur128_column(const uint8_t* data, int width, int kind,
                                            const int32_t* off32, const int64_t* off64,
                                            int64_t row_off, const uint8_t* mask,
                                            int64_t mask_off, int64_t n, uint64_t seed,
                                            uint64_t* out1, uint64_t* out2, int first) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    uint64_t h = first ? seed : out1[i];
    if (mask != nullptr && !bit_is_set(mask, mask_off + i)) {
      out1[i] = 0xffffffffffffffffULL;
      out2[i] = 0xffffffffffffffffULL;
      continue;
    }
    uint8_t buf[8];
    int64_t len;
    const uint8_t* p = element_bytes(data, width, kind, off32, off64, row_off, i, false, buf, len);
    murmur3_128(p, len, h, out1[i], out2[i]);
  }
}

// ---------------------------------------------------------------------------------------
// Row digests (md5, sha1, sha224, sha256, sha384, sha512): one thread per row feeds the
// bytes of the row's valid elements, column by column, into one digest (digest.cuh) and
// writes its hex digits; nulls add nothing. Every row's string has the same length, so
// the thread also writes its own offset. Floats hash with NaN and -0.0 normalised.
// `cols` holds DIGEST_WORDS 64-bit words per column:
//   0 element kind (see element_bytes), or 5 for a LIST of leaves
//   1 data (fixed width: at the column's row offset; STRING: the chars)
//   2 width                         3 STRING/LIST offsets (at the offsets' own offset)
//   4 offsets are INT64             5 STRING/LIST: the column's row offset
//   6 mask (0: no nulls)            7 mask bit offset
//   8.. a LIST's child, as words 0..7 (its row numbers are the list offsets' values)

#define DIGEST_WORDS 16

__device__ __forceinline__ int64_t digest_offset(const uint64_t* C, int64_t r) {
  return C[4] ? ((const int64_t*)C[3])[r] : (int64_t)((const int32_t*)C[3])[r];
}

// Feed element `i` of the leaf column described by `C` into `d`, unless it is null.
template <class D>
__device__ __forceinline__ void digest_leaf(D& d, const uint64_t* C, int64_t i) {
  if (C[6] != 0 && !bit_is_set((const uint8_t*)C[6], (int64_t)C[7] + i)) return;
  uint8_t buf[8];
  int64_t len;
  const int32_t* o32 = C[4] ? nullptr : (const int32_t*)C[3];
  const int64_t* o64 = C[4] ? (const int64_t*)C[3] : nullptr;
  const uint8_t* p = element_bytes((const uint8_t*)C[1], (int)C[2], (int)C[0], o32, o64,
                                   (int64_t)C[5], i, true, buf, len);
  digest_update(d, p, len);
}

template <class D>
__device__ void digest_rows(const uint64_t* cols, int ncols, int64_t n, char* chars,
                            void* offsets, int wide) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    D d;
    d.init();
    for (int c = 0; c < ncols; ++c) {
      const uint64_t* C = cols + (int64_t)c * DIGEST_WORDS;
      if (C[0] != 5) {
        digest_leaf(d, C, i);
        continue;
      }
      if (C[6] != 0 && !bit_is_set((const uint8_t*)C[6], (int64_t)C[7] + i)) continue;
      int64_t r = (int64_t)C[5] + i;
      int64_t s = digest_offset(C, r), e = digest_offset(C, r + 1);
      for (int64_t j = s; j < e; ++j) digest_leaf(d, C + 8, j);
    }
    digest_finish(d, chars + i * D::HEX);
    if (wide) {
      ((int64_t*)offsets)[i + 1] = (i + 1) * D::HEX;
      if (i == 0) ((int64_t*)offsets)[0] = 0;
    } else {
      ((int32_t*)offsets)[i + 1] = (int32_t)((i + 1) * D::HEX);
      if (i == 0) ((int32_t*)offsets)[0] = 0;
    }
  }
}

#define FERRO_DIGEST_KERNEL(NAME, D)                                                     \
  extern "C" __global__ void NAME##_rows(const uint64_t* cols, int ncols, int64_t n,      \
                                         char* chars, void* offsets, int wide) {          \
    digest_rows<D>(cols, ncols, n, chars, offsets, wide);                                \
  }
FERRO_DIGEST_KERNEL(md5, Md5)
FERRO_DIGEST_KERNEL(sha1, Sha1)
FERRO_DIGEST_KERNEL(sha224, Sha256<true>)
FERRO_DIGEST_KERNEL(sha256, Sha256<false>)
FERRO_DIGEST_KERNEL(sha384, Sha512<true>)
FERRO_DIGEST_KERNEL(sha512, Sha512<false>)
