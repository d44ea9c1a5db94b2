// String helpers shared by strings.cu and regex.cu (the strings module is compiled from
// this header, then both): the StrCol operand descriptor, UTF-8 decoding, the Out writer of
// the two-pass string builders and the per-row loops of the kernels. Strings are Arrow
// layout (offsets + UTF-8 chars); code points follow Rust's `char` (the host path), so
// both paths give the same bytes.

struct StrCol {
  uint64_t chars;    // the chars (0 when there are none)
  uint64_t offsets;  // the offset of row 0 (the column's offset applied)
  uint64_t mask;     // 0: no nulls
  int64_t mask_off;  // bit of row 0
  int64_t off64;     // 64-bit offsets
  int64_t scalar;    // 1: every row reads row 0 (a scalar operand)
};

__device__ __forceinline__ bool sc_valid(const StrCol& c, int64_t i) {
  if (c.scalar) i = 0;
  return c.mask == 0 || bit_is_set((const uint8_t*)c.mask, c.mask_off + i);
}

__device__ __forceinline__ void sc_get(const StrCol& c, int64_t i, const uint8_t*& p,
                                       int64_t& len) {
  if (c.scalar) i = 0;
  int64_t s, e;
  if (c.off64) {
    const int64_t* o = (const int64_t*)c.offsets;
    s = o[i];
    e = o[i + 1];
  } else {
    const int32_t* o = (const int32_t*)c.offsets;
    s = o[i];
    e = o[i + 1];
  }
  p = (const uint8_t*)c.chars + s;
  len = e - s;
}

// ------------------------------------------------------------------------------------
// UTF-8
// ------------------------------------------------------------------------------------

__device__ __forceinline__ bool is_cont(uint8_t b) { return (b & 0xC0) == 0x80; }

// Decode the code point at p[0..], storing its byte length in `n` (input is valid UTF-8).
__device__ __forceinline__ uint32_t decode_utf8(const uint8_t* p, int& n) {
  uint8_t b = p[0];
  if (b < 0x80) { n = 1; return b; }
  if (b < 0xE0) { n = 2; return ((uint32_t)(b & 0x1F) << 6) | (p[1] & 0x3F); }
  if (b < 0xF0) {
    n = 3;
    return ((uint32_t)(b & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
  }
  n = 4;
  return ((uint32_t)(b & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) |
         ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
}

// Call f(c, k, cl) for every character of p[0..len): its code point, the byte it starts at
// and its byte length.
template <class F>
__device__ __forceinline__ void for_each_char(const uint8_t* p, int64_t len, F f) {
  for (int64_t k = 0; k < len;) {
    int cl;
    uint32_t c = decode_utf8(p + k, cl);
    f(c, k, cl);
    k += cl;
  }
}

// The position of code point c in the ascending keys[0..nkeys) of a table the host built
// (case mappings, translate), or -1 when it is not a key.
__device__ __forceinline__ int64_t find_key(const uint32_t* keys, int64_t nkeys, uint32_t c) {
  int64_t lo = 0, hi = nkeys;
  while (lo < hi) {
    int64_t mid = (lo + hi) >> 1;
    if (keys[mid] < c) lo = mid + 1; else hi = mid;
  }
  return lo < nkeys && keys[lo] == c ? lo : -1;
}

// Rust's char::is_whitespace (Unicode White_Space).
__device__ __forceinline__ bool is_white(uint32_t c) {
  if (c <= 0x20) return c == 0x20 || (c >= 0x09 && c <= 0x0D);
  if (c < 0x85) return false;
  return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

// Output of one row: counts bytes in the size pass, writes them in the write pass.
struct Out {
  uint8_t* p;
  int64_t n;
  __device__ __forceinline__ void put(uint8_t b) {
    if (p) p[n] = b;
    ++n;
  }
  __device__ __forceinline__ void put_bytes(const uint8_t* s, int64_t len) {
    if (p) for (int64_t k = 0; k < len; ++k) p[n + k] = s[k];
    n += len;
  }
  __device__ __forceinline__ void put_char(uint32_t c) {
    if (c < 0x80) {
      put((uint8_t)c);
    } else if (c < 0x800) {
      put((uint8_t)(0xC0 | (c >> 6)));
      put((uint8_t)(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      put((uint8_t)(0xE0 | (c >> 12)));
      put((uint8_t)(0x80 | ((c >> 6) & 0x3F)));
      put((uint8_t)(0x80 | (c & 0x3F)));
    } else {
      put((uint8_t)(0xF0 | (c >> 18)));
      put((uint8_t)(0x80 | ((c >> 12) & 0x3F)));
      put((uint8_t)(0x80 | ((c >> 6) & 0x3F)));
      put((uint8_t)(0x80 | (c & 0x3F)));
    }
  }
};

// Put entry j of a case table's values: up to three code points, 0-padded.
__device__ __forceinline__ void put_mapped(Out& o, const uint32_t* vals, int64_t j) {
  for (int k = 0; k < 3 && vals[3 * j + k] != 0; ++k) o.put_char(vals[3 * j + k]);
}

__device__ __forceinline__ Out out_begin(int64_t i, int write, const int64_t* out_off,
                                         uint8_t* out_chars) {
  Out o;
  o.p = write ? out_chars + out_off[i] : nullptr;
  o.n = 0;
  return o;
}
__device__ __forceinline__ void out_end(int64_t i, int write, const Out& o, int64_t* sizes) {
  if (!write) sizes[i] = o.n;
}

#define STR_GRID_LOOP(i, n)                                                          \
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (n);           \
       i += (int64_t)gridDim.x * blockDim.x)

// The grid-stride loop of a kernel with one value per row of `in`: `body(p, len)` gives
// the value of a valid row's `len` bytes at `p`, a null row gets 0; `store(i, v)` writes
// row i's value.
template <class Body, class Store>
__device__ __forceinline__ void map_rows(const StrCol& in, int64_t n, Body body, Store store) {
  STR_GRID_LOOP(i, n) {
    int64_t v = 0;
    if (sc_valid(in, i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in, i, p, len);
      v = body(p, len);
    }
    store(i, v);
  }
}

// The grid-stride loop of a two-pass kernel that builds one string per row of `in`:
// `body(o, i, p, len)` puts valid row i's output into `o`; a null row stays empty.
template <class Body>
__device__ __forceinline__ void build_rows_at(const StrCol& in, int64_t n, int write,
                                              int64_t* sizes, const int64_t* out_off,
                                              uint8_t* out_chars, Body body) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (sc_valid(in, i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in, i, p, len);
      body(o, i, p, len);
    }
    out_end(i, write, o, sizes);
  }
}

// build_rows_at for a `body(o, p, len)` that does not need the row number.
template <class Body>
__device__ __forceinline__ void build_rows(const StrCol& in, int64_t n, int write,
                                           int64_t* sizes, const int64_t* out_off,
                                           uint8_t* out_chars, Body body) {
  auto at = [&](Out& o, int64_t, const uint8_t* p, int64_t len) { body(o, p, len); };
  build_rows_at(in, n, write, sizes, out_off, out_chars, at);
}

// Row i's value of an INT64 parameter given for every row (`per_row`, validity `mask` from
// bit `mask_off`; a null row's value is 0) or, without `per_row`, `scalar` for all.
__device__ __forceinline__ int64_t row_param(int64_t i, int64_t scalar, const int64_t* per_row,
                                             const uint8_t* mask, int64_t mask_off) {
  if (!per_row) return scalar;
  return (mask == nullptr || bit_is_set(mask, mask_off + i)) ? per_row[i] : 0;
}
