// String kernels of plc.strings: lengths, case, literal search, replace, slice, strip,
// split and concatenate, on top of strings.cuh. Every input is described by a StrCol.
// Kernels that build strings run twice with the same code: the first pass (write = 0)
// stores each row's output size in `sizes`, the host scans them into offsets, and the
// second pass (write = 1) writes the bytes at `out_off[i]`. One thread handles one row.

// ------------------------------------------------------------------------------------
// attributes
// ------------------------------------------------------------------------------------

// Code points (bytes = 0) or bytes (bytes = 1) per row; null rows give 0.
extern "C" __global__ void str_count(const StrCol* in, int64_t n, int bytes, int32_t* out) {
  auto count = [&](const uint8_t* p, int64_t len) {
    int32_t r = 0;
    if (bytes) {
      r = (int32_t)len;
    } else {
      for (int64_t k = 0; k < len; ++k) r += !is_cont(p[k]);
    }
    return (int64_t)r;
  };
  map_rows(in[0], n, count, [&](int64_t i, int64_t v) { out[i] = (int32_t)v; });
}

// ------------------------------------------------------------------------------------
// case
// ------------------------------------------------------------------------------------

// Upper- or lower-casing. ASCII letters are mapped inline; other code points through a
// table built on the host from Rust's char case mapping: `keys` (sorted) and up to three
// code points per key in `vals` (0-padded).
extern "C" __global__ void str_case(const StrCol* in, int64_t n, int upper, const uint32_t* keys,
                                    const uint32_t* vals, int64_t nkeys, int write,
                                    int64_t* sizes, const int64_t* out_off,
                                    uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    for (int64_t k = 0; k < len;) {
      uint8_t b = p[k];
      if (b < 0x80) {
        if (upper && b >= 'a' && b <= 'z') b -= 32;
        if (!upper && b >= 'A' && b <= 'Z') b += 32;
        o.put(b);
        ++k;
        continue;
      }
      int cl;
      uint32_t c = decode_utf8(p + k, cl);
      int64_t j = find_key(keys, nkeys, c);
      if (j >= 0) put_mapped(o, vals, j);
      else o.put_bytes(p + k, cl);
      k += cl;
    }
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// ------------------------------------------------------------------------------------
// find
// ------------------------------------------------------------------------------------

__device__ __forceinline__ bool bytes_eq(const uint8_t* a, const uint8_t* b, int64_t len) {
  for (int64_t k = 0; k < len; ++k)
    if (a[k] != b[k]) return false;
  return true;
}

// First byte position >= from where t occurs completely inside [from, end), or -1.
__device__ __forceinline__ int64_t find_bytes(const uint8_t* p, int64_t from, int64_t end,
                                              const uint8_t* t, int64_t tlen) {
  for (int64_t k = from; k + tlen <= end; ++k)
    if (bytes_eq(p + k, t, tlen)) return k;
  return -1;
}

// Byte position of code point `c` (clamped to the end).
__device__ __forceinline__ int64_t char_to_byte(const uint8_t* p, int64_t len, int64_t c) {
  int64_t k = 0;
  for (int64_t seen = 0; k < len; ++k) {
    if (!is_cont(p[k])) {
      if (seen == c) return k;
      ++seen;
    }
  }
  return len;
}

__device__ __forceinline__ int64_t count_chars(const uint8_t* p, int64_t len) {
  int64_t r = 0;
  for (int64_t k = 0; k < len; ++k) r += !is_cont(p[k]);
  return r;
}

// Last byte position where t occurs completely inside [from, end), or -1.
__device__ __forceinline__ int64_t rfind_bytes(const uint8_t* p, int64_t from, int64_t end,
                                               const uint8_t* t, int64_t tlen) {
  for (int64_t k = end - tlen; k >= from; --k)
    if (bytes_eq(p + k, t, tlen)) return k;
  return -1;
}

// op 0 contains, 1 starts_with, 2 ends_with (BOOL8 out); 3 find and 4 rfind (INT32 out:
// the code point position of the first / last match in characters [start, stop), stop < 0
// meaning the end, or -1). Validity is computed by the caller.
extern "C" __global__ void str_find(const StrCol* d, int64_t n, int op, int64_t start,
                                    int64_t stop, void* out) {
  STR_GRID_LOOP(i, n) {
    int64_t r = 0;
    if (sc_valid(d[0], i) && sc_valid(d[1], i)) {
      const uint8_t *p, *t;
      int64_t len, tlen;
      sc_get(d[0], i, p, len);
      sc_get(d[1], i, t, tlen);
      if (op == 0) {
        r = find_bytes(p, 0, len, t, tlen) >= 0;
      } else if (op == 1) {
        r = tlen <= len && bytes_eq(p, t, tlen);
      } else if (op == 2) {
        r = tlen <= len && bytes_eq(p + len - tlen, t, tlen);
      } else {
        int64_t nch = count_chars(p, len);
        int64_t e = stop < 0 || stop > nch ? nch : stop;
        r = -1;
        if (start <= nch && start <= e) {
          int64_t bs = char_to_byte(p, len, start), be = char_to_byte(p, len, e);
          int64_t m = op == 3 ? find_bytes(p, bs, be, t, tlen) : rfind_bytes(p, bs, be, t, tlen);
          if (m >= 0) r = start + count_chars(p + bs, m - bs);
        }
      }
    }
    if (op >= 3) ((int32_t*)out)[i] = (int32_t)r;
    else ((uint8_t*)out)[i] = (uint8_t)r;
  }
}

// ------------------------------------------------------------------------------------
// replace
// ------------------------------------------------------------------------------------

// Replace the first `maxrepl` (all when < 0) non-overlapping occurrences of `t` (not
// empty) by `r`, left to right.
extern "C" __global__ void str_replace(const StrCol* in, int64_t n, const uint8_t* t,
                                       int64_t tlen, const uint8_t* r, int64_t rlen,
                                       int64_t maxrepl, int write, int64_t* sizes,
                                       const int64_t* out_off, uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t k = 0, done = 0;
    while (k < len) {
      int64_t m = (maxrepl < 0 || done < maxrepl) ? find_bytes(p, k, len, t, tlen) : -1;
      if (m < 0) break;
      o.put_bytes(p + k, m - k);
      o.put_bytes(r, rlen);
      k = m + tlen;
      ++done;
    }
    o.put_bytes(p + k, len - k);
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// ------------------------------------------------------------------------------------
// slice
// ------------------------------------------------------------------------------------

// One end of Python's slice.indices: `dflt` when not given, else counted from the end when
// negative and clamped to [lower, upper].
__device__ __forceinline__ int64_t slice_end(int given, int64_t v, int64_t len, int64_t lower,
                                             int64_t upper, int64_t dflt) {
  if (!given) return dflt;
  v = v < 0 ? v + len : v;
  if (v < lower) v = lower;
  if (v > upper) v = upper;
  return v;
}

// Python's slice.indices for a sequence of `len` items.
__device__ __forceinline__ void slice_indices(int64_t len, int has_start, int64_t start,
                                              int has_stop, int64_t stop, int64_t step,
                                              int64_t& s, int64_t& e) {
  int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? len - 1 : len;
  s = slice_end(has_start, start, len, lower, upper, step < 0 ? upper : lower);
  e = slice_end(has_stop, stop, len, lower, upper, step < 0 ? lower : upper);
}

// Characters [start:stop:step] of each row with Python's slice semantics.
extern "C" __global__ void str_slice(const StrCol* in, int64_t n, int has_start, int64_t start,
                                     int has_stop, int64_t stop, int64_t step, int write,
                                     int64_t* sizes, const int64_t* out_off,
                                     uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t nch = count_chars(p, len), s, e;
    slice_indices(nch, has_start, start, has_stop, stop, step, s, e);
    if (step == 1) {
      if (e > s) {
        int64_t bs = char_to_byte(p, len, s);
        int64_t be = bs + (int64_t)(char_to_byte(p + bs, len - bs, e - s));
        o.put_bytes(p + bs, be - bs);
      }
    } else if (step > 0) {
      int64_t idx = 0;
      for (int64_t k = 0; k < len && idx < e; ++idx) {
        int cl;
        decode_utf8(p + k, cl);
        if (idx >= s && (idx - s) % step == 0) o.put_bytes(p + k, cl);
        k += cl;
      }
    } else {
      int64_t idx = nch, k = len;
      while (idx - 1 > e) {
        int64_t end = k;
        do { --k; } while (k > 0 && is_cont(p[k]));
        --idx;
        if (idx <= s && (s - idx) % (-step) == 0) o.put_bytes(p + k, end - k);
      }
    }
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// ------------------------------------------------------------------------------------
// strip
// ------------------------------------------------------------------------------------

__device__ __forceinline__ bool strip_this(uint32_t c, const uint32_t* set, int64_t nset) {
  if (nset == 0) return is_white(c);
  for (int64_t k = 0; k < nset; ++k)
    if (set[k] == c) return true;
  return false;
}

// side 0 LEFT, 1 RIGHT, 2 BOTH; `set` holds the code points to strip (none: whitespace).
extern "C" __global__ void str_strip(const StrCol* in, int64_t n, int side, const uint32_t* set,
                                     int64_t nset, int write, int64_t* sizes,
                                     const int64_t* out_off, uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t b = 0, e = len;
    if (side != 1) {
      while (b < e) {
        int cl;
        uint32_t c = decode_utf8(p + b, cl);
        if (!strip_this(c, set, nset)) break;
        b += cl;
      }
    }
    if (side != 0) {
      while (e > b) {
        int64_t k = e;
        do { --k; } while (k > b && is_cont(p[k]));
        int cl;
        uint32_t c = decode_utf8(p + k, cl);
        if (!strip_this(c, set, nset)) break;
        e = k;
      }
    }
    o.put_bytes(p + b, e - b);
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// ------------------------------------------------------------------------------------
// split
// ------------------------------------------------------------------------------------

// Token iteration shared by the split kernels; mirrors `Tokens` in ops/strings/split.rs.
// With a delimiter every row has at least one token ("" gives [""]); without one
// (dlen = 0) tokens are runs of non-whitespace, as Python's str.split(). After
// `maxtok - 1` tokens the rest of the row is the last token. `rev` (rsplit) walks from
// the end: tokens come last first and the rest is the beginning of the row.
struct Tokens {
  const uint8_t* p;
  int64_t len;
  const uint8_t* d;
  int64_t dlen;
  int64_t maxtok;
  bool rev;
  int64_t pos;  // forward: start of the rest; reverse: end of the rest
  int64_t count;
  bool done;

  __device__ __forceinline__ bool white_at(int64_t k, int& cl) const {
    return is_white(decode_utf8(p + k, cl));
  }
  // Start of the character that ends at byte `k` (exclusive).
  __device__ __forceinline__ int64_t char_before(int64_t k) const {
    do { --k; } while (k > 0 && is_cont(p[k]));
    return k;
  }

  __device__ __forceinline__ bool next(int64_t& ts, int64_t& te) {
    if (done) return false;
    bool last = count + 1 >= maxtok;
    ++count;
    if (dlen > 0) {
      if (!rev) {
        ts = pos;
        int64_t m = last ? -1 : find_bytes(p, pos, len, d, dlen);
        if (m < 0) { te = len; done = true; } else { te = m; pos = m + dlen; }
      } else {
        te = pos;
        int64_t m = last ? -1 : rfind_bytes(p, 0, pos, d, dlen);
        if (m < 0) { ts = 0; done = true; } else { ts = m + dlen; pos = m; }
      }
      return true;
    }
    int cl;
    if (!rev) {
      while (pos < len && white_at(pos, cl)) pos += cl;
      if (pos >= len) { done = true; return false; }
      ts = pos;
      if (last) { te = len; done = true; return true; }
      while (pos < len && !white_at(pos, cl)) pos += cl;
      te = pos;
      return true;
    }
    while (pos > 0) {
      int64_t k = char_before(pos);
      if (!white_at(k, cl)) break;
      pos = k;
    }
    if (pos <= 0) { done = true; return false; }
    te = pos;
    if (last) { ts = 0; done = true; return true; }
    while (pos > 0) {
      int64_t k = char_before(pos);
      if (white_at(k, cl)) break;
      pos = k;
    }
    ts = pos;
    return true;
  }
};

__device__ __forceinline__ Tokens tokens_of(const uint8_t* p, int64_t len, const uint8_t* d,
                                            int64_t dlen, int64_t maxtok, int rev) {
  Tokens t;
  t.p = p;
  t.len = len;
  t.d = d;
  t.dlen = dlen;
  t.maxtok = maxtok;
  t.rev = rev != 0;
  t.pos = rev ? len : 0;
  t.count = 0;
  t.done = false;
  return t;
}

// Token `j` (counted from the left) of a row with `ntok` tokens, into [ts, te).
__device__ __forceinline__ bool nth_token(const uint8_t* p, int64_t len, const uint8_t* d,
                                          int64_t dlen, int64_t maxtok, int rev, int64_t ntok,
                                          int64_t j, int64_t& ts, int64_t& te) {
  if (j >= ntok) return false;
  int64_t want = rev ? ntok - 1 - j : j;
  Tokens t = tokens_of(p, len, d, dlen, maxtok, rev);
  for (int64_t k = 0; t.next(ts, te); ++k)
    if (k == want) return true;
  return false;
}

// Tokens per row (0 for null rows) into `counts` (int64, n + 1 entries, the last zeroed),
// and the largest count into `*max_count`.
extern "C" __global__ void str_split_count(const StrCol* in, int64_t n, const uint8_t* d,
                                           int64_t dlen, int64_t maxtok, int rev,
                                           int64_t* counts, unsigned long long* max_count) {
  STR_GRID_LOOP(i, n + 1) {
    int64_t c = 0;
    if (i < n && sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      Tokens t = tokens_of(p, len, d, dlen, maxtok, rev);
      int64_t ts, te;
      while (t.next(ts, te)) ++c;
      atomicMax(max_count, (unsigned long long)c);
    }
    counts[i] = c;
  }
}

// Token `j` of each row (column j of split); `valid[i]` says whether row i has one.
// `counts` are the rows' token counts from str_split_count.
extern "C" __global__ void str_split_column(const StrCol* in, int64_t n, const uint8_t* d,
                                            int64_t dlen, int64_t maxtok, int rev,
                                            const int64_t* counts, int64_t j, uint8_t* valid,
                                            int write, int64_t* sizes, const int64_t* out_off,
                                            uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    bool ok = false;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len, ts, te;
      sc_get(in[0], i, p, len);
      ok = nth_token(p, len, d, dlen, maxtok, rev, counts[i], j, ts, te);
      if (ok) o.put_bytes(p + ts, te - ts);
    }
    if (!write) valid[i] = ok;
    out_end(i, write, o, sizes);
  }
}

// split_record: flat token `q` belongs to row `rows[q]` and is token q - list_off[row].
extern "C" __global__ void str_split_tokens(const StrCol* in, int64_t total, const int32_t* rows,
                                            const int64_t* list_off, const uint8_t* d,
                                            int64_t dlen, int64_t maxtok, int rev, int write,
                                            int64_t* sizes, const int64_t* out_off,
                                            uint8_t* out_chars) {
  STR_GRID_LOOP(q, total) {
    Out o = out_begin(q, write, out_off, out_chars);
    int64_t i = rows[q];
    const uint8_t* p;
    int64_t len, ts, te;
    sc_get(in[0], i, p, len);
    if (nth_token(p, len, d, dlen, maxtok, rev, list_off[i + 1] - list_off[i], q - list_off[i],
                  ts, te))
      o.put_bytes(p + ts, te - ts);
    out_end(q, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// combine
// ------------------------------------------------------------------------------------

// Row-wise concatenation of `ncols` columns with a separator (sep: a StrCol, possibly a
// scalar). A null entry makes the row null unless `col_narep_valid`; then it becomes
// `col_narep` (separate_nulls = 1) or is left out with its separator (0). A null
// separator row becomes `sep_narep` when valid, else makes the row null. `valid[i]` gets
// the row's validity in the size pass.
extern "C" __global__ void str_concat(const StrCol* cols, int64_t ncols, const StrCol* sep,
                                      const uint8_t* sep_narep, int64_t sep_narep_len,
                                      int sep_narep_valid, const uint8_t* col_narep,
                                      int64_t col_narep_len, int col_narep_valid,
                                      int separate_nulls, int64_t n, uint8_t* valid,
                                      int write, int64_t* sizes, const int64_t* out_off,
                                      uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    const uint8_t* s = sep_narep;
    int64_t slen = sep_narep_len;
    bool ok = true;
    if (sc_valid(sep[0], i)) sc_get(sep[0], i, s, slen);
    else ok = sep_narep_valid;
    for (int64_t c = 0; ok && c < ncols; ++c)
      if (!col_narep_valid && !sc_valid(cols[c], i)) ok = false;
    if (ok) {
      bool first = true;
      for (int64_t c = 0; c < ncols; ++c) {
        const uint8_t* p = col_narep;
        int64_t len = col_narep_len;
        if (sc_valid(cols[c], i)) sc_get(cols[c], i, p, len);
        else if (!separate_nulls) continue;
        if (!first) o.put_bytes(s, slen);
        o.put_bytes(p, len);
        first = false;
      }
    }
    if (!write) valid[i] = ok;
    out_end(i, write, o, sizes);
  }
}
