// nvtext kernels (`device/kernels/nvtext.rs`), compiled in the strings module after
// strings.cuh (StrCol, decode_utf8, Out, build_rows, map_rows). Whitespace is libcudf's
// (a code point up to U+0020); a delimiter set of `nd` code points replaces it when nd > 0.
//
// The flat outputs (tokens, characters, character ngrams) are built in three steps: the
// pieces per row (`nvt_piece_counts`), their byte bounds (`nvt_piece_bounds`, after an
// exclusive scan of the counts), then the pieces' bytes (`nvt_take_pieces`) or hashes
// (`nvt_hash_pieces`).

__device__ __forceinline__ bool nvt_is_delim(uint32_t c, const uint32_t* d, int64_t nd) {
  if (nd == 0) return c <= 0x20;
  for (int64_t k = 0; k < nd; ++k)
    if (d[k] == c) return true;
  return false;
}

// The next token at or after byte k of p[0..len): its bytes [ts, te); false when none.
__device__ __forceinline__ bool nvt_next_token(const uint8_t* p, int64_t len, int64_t& k,
                                               const uint32_t* d, int64_t nd, int64_t& ts,
                                               int64_t& te) {
  int cl;
  while (k < len && nvt_is_delim(decode_utf8(p + k, cl), d, nd)) k += cl;
  if (k >= len) return false;
  ts = k;
  while (k < len && !nvt_is_delim(decode_utf8(p + k, cl), d, nd)) k += cl;
  te = k;
  return true;
}

// The byte length of the first of the `nd` delimiter strings of `dl` that starts at byte
// `pos` of p[0..len) (0: none; empty delimiters never match).
__device__ __forceinline__ int64_t nvt_delim_at(const uint8_t* p, int64_t len, int64_t pos,
                                                const StrCol& dl, int64_t nd) {
  for (int64_t j = 0; j < nd; ++j) {
    const uint8_t* q;
    int64_t ql;
    sc_get(dl, j, q, ql);
    if (ql == 0 || ql > len - pos) continue;
    bool same = true;
    for (int64_t k = 0; k < ql && same; ++k) same = p[pos + k] == q[k];
    if (same) return ql;
  }
  return 0;
}

// The next token between delimiter strings at or after byte k (the end of the previous
// delimiter): scanning byte by byte, the first delimiter matching at a position is
// skipped; empty tokens are dropped (libcudf's multi-delimiter tokenizer).
__device__ __forceinline__ bool nvt_next_multi(const uint8_t* p, int64_t len, int64_t& k,
                                               const StrCol& dl, int64_t nd, int64_t& ts,
                                               int64_t& te) {
  int64_t last = k, pos = k;
  while (pos < len) {
    int64_t m = nvt_delim_at(p, len, pos, dl, nd);
    if (m == 0) {
      ++pos;
      continue;
    }
    if (pos > last) {
      ts = last;
      te = pos;
      k = pos + m;
      return true;
    }
    pos += m;
    last = pos;
  }
  k = len;
  if (last < len) {
    ts = last;
    te = len;
    return true;
  }
  return false;
}

// The number of characters of p[0..len).
__device__ __forceinline__ int64_t nvt_chars(const uint8_t* p, int64_t len) {
  int64_t c = 0;
  for (int64_t k = 0; k < len; ++k) c += !is_cont(p[k]);
  return c;
}

// The byte length of the character starting with byte b.
__device__ __forceinline__ int nvt_char_len(uint8_t b) {
  return b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
}

// Every row's whitespace runs become one space; leading and trailing whitespace goes.
extern "C" __global__ void nvt_normalize_spaces(const StrCol* in, int64_t n, int write,
                                                int64_t* sizes, const int64_t* out_off,
                                                uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t k = 0, ts, te;
    bool first = true;
    while (nvt_next_token(p, len, k, nullptr, 0, ts, te)) {
      if (!first) o.put(' ');
      o.put_bytes(p + ts, te - ts);
      first = false;
    }
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// The pieces of a valid row: mode 0 tokens (delimiters d[0..nd)), 1 characters, 2
// character ngrams of `width` characters, 3 tokens between the `nd` delimiter strings of
// the descriptor `dl`.
__device__ __forceinline__ int64_t nvt_count(const uint8_t* p, int64_t len, int mode,
                                             const uint32_t* d, int64_t nd, int64_t width,
                                             const StrCol& dl) {
  if (mode == 3) {
    int64_t k = 0, ts, te, c = 0;
    while (nvt_next_multi(p, len, k, dl, nd, ts, te)) ++c;
    return c;
  }
  if (mode == 0) {
    int64_t k = 0, ts, te, c = 0;
    while (nvt_next_token(p, len, k, d, nd, ts, te)) ++c;
    return c;
  }
  int64_t chars = nvt_chars(p, len);
  if (mode == 1) return chars;
  return chars >= width ? chars - width + 1 : 0;
}

// counts[i] = the pieces of row i (0 for a null row); with out32, also as INT32 there
// (count_tokens). Mode 3 reads its delimiter strings from in[1].
extern "C" __global__ void nvt_piece_counts(const StrCol* in, int64_t n, int mode,
                                            const uint32_t* d, int64_t nd, int64_t width,
                                            int64_t* counts, int32_t* out32) {
  STR_GRID_LOOP(i, n) {
    int64_t c = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      c = nvt_count(p, len, mode, d, nd, width, in[mode == 3 ? 1 : 0]);
    }
    if (counts) counts[i] = c;
    if (out32) out32[i] = (int32_t)c;
  }
}

// bounds[3 q .. 3 q + 3) = (row, start byte, end byte) of every piece q of every row; the
// pieces of row i start at off[i] (the scanned counts).
extern "C" __global__ void nvt_piece_bounds(const StrCol* in, int64_t n, int mode,
                                            const uint32_t* d, int64_t nd, int64_t width,
                                            const int64_t* off, int64_t* bounds) {
  STR_GRID_LOOP(i, n) {
    if (!sc_valid(in[0], i)) continue;
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], i, p, len);
    int64_t* b = bounds + 3 * off[i];
    int64_t q = 0;
    if (mode == 0 || mode == 3) {
      int64_t k = 0, ts, te;
      while (mode == 0 ? nvt_next_token(p, len, k, d, nd, ts, te)
                       : nvt_next_multi(p, len, k, in[1], nd, ts, te)) {
        b[3 * q] = i;
        b[3 * q + 1] = ts;
        b[3 * q + 2] = te;
        ++q;
      }
    } else {
      int64_t w = mode == 1 ? 1 : width;
      // `lead` runs w characters ahead of `s`.
      int64_t s = 0, lead = 0, ahead = 0;
      while (lead < len && ahead < w) {
        lead += nvt_char_len(p[lead]);
        ++ahead;
      }
      while (ahead == w) {
        b[3 * q] = i;
        b[3 * q + 1] = s;
        b[3 * q + 2] = lead;
        ++q;
        if (lead >= len) break;
        s += nvt_char_len(p[s]);
        lead += nvt_char_len(p[lead]);
      }
    }
  }
}

// The bytes of every piece (two-pass string builder over the `total` pieces).
extern "C" __global__ void nvt_take_pieces(const StrCol* in, int64_t total, const int64_t* bounds,
                                           int write, int64_t* sizes, const int64_t* out_off,
                                           uint8_t* out_chars) {
  STR_GRID_LOOP(q, total) {
    Out o = out_begin(q, write, out_off, out_chars);
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], bounds[3 * q], p, len);
    o.put_bytes(p + bounds[3 * q + 1], bounds[3 * q + 2] - bounds[3 * q + 1]);
    out_end(q, write, o, sizes);
  }
}

__device__ __forceinline__ uint32_t nvt_rotl32(uint32_t x, int r) {
  return (x << r) | (x >> (32 - r));
}

// MurmurHash3_x86_32 (Austin Appleby's reference algorithm), as `ops::hashing`'s.
__device__ uint32_t nvt_murmur3_32(const uint8_t* p, int64_t len, uint32_t seed) {
  const uint32_t c1 = 0xcc9e2d51u, c2 = 0x1b873593u;
  uint32_t h = seed;
  int64_t blocks = len / 4;
  for (int64_t b = 0; b < blocks; ++b) {
    const uint8_t* q = p + 4 * b;
    uint32_t k = (uint32_t)q[0] | ((uint32_t)q[1] << 8) | ((uint32_t)q[2] << 16) |
                 ((uint32_t)q[3] << 24);
    k *= c1;
    k = nvt_rotl32(k, 15);
    k *= c2;
    h ^= k;
    h = nvt_rotl32(h, 13);
    h = h * 5u + 0xe6546b64u;
  }
  const uint8_t* tail = p + 4 * blocks;
  uint32_t k = 0;
  int rest = (int)(len & 3);
  if (rest == 3) k ^= (uint32_t)tail[2] << 16;
  if (rest >= 2) k ^= (uint32_t)tail[1] << 8;
  if (rest >= 1) {
    k ^= (uint32_t)tail[0];
    k *= c1;
    k = nvt_rotl32(k, 15);
    k *= c2;
    h ^= k;
  }
  h ^= (uint32_t)len;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

// The MurmurHash3_x86_32 (with `seed`) of every piece.
extern "C" __global__ void nvt_hash_pieces(const StrCol* in, int64_t total, const int64_t* bounds,
                                           uint32_t seed, uint32_t* out) {
  STR_GRID_LOOP(q, total) {
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], bounds[3 * q], p, len);
    out[q] = nvt_murmur3_32(p + bounds[3 * q + 1], bounds[3 * q + 2] - bounds[3 * q + 1], seed);
  }
}

// The rows of pair q: (q, q) of the two descriptors (a one-row target is a scalar
// descriptor) or, `matrix`, (q / n, q % n) of the first.
__device__ __forceinline__ void nvt_pair(const StrCol* in, int64_t q, int64_t n, int matrix,
                                         const uint8_t*& a, int64_t& la, const uint8_t*& b,
                                         int64_t& lb) {
  int64_t i = matrix ? q / n : q, j = matrix ? q % n : q;
  const StrCol& ca = in[0];
  const StrCol& cb = matrix ? in[0] : in[1];
  la = lb = 0;
  a = b = nullptr;
  if (sc_valid(ca, i)) sc_get(ca, i, a, la);
  if (sc_valid(cb, j)) sc_get(cb, j, b, lb);
}

// sizes[q] = the scratch (int32 entries) pair q's edit distance needs: the shorter
// string's characters plus one.
extern "C" __global__ void nvt_edit_scratch(const StrCol* in, int64_t pairs, int64_t n, int matrix,
                                            int64_t* sizes) {
  STR_GRID_LOOP(q, pairs) {
    const uint8_t *a, *b;
    int64_t la, lb;
    nvt_pair(in, q, n, matrix, a, la, b, lb);
    int64_t ca = nvt_chars(a, la), cb = nvt_chars(b, lb);
    sizes[q] = (ca < cb ? ca : cb) + 1;
  }
}

// The Levenshtein distance (characters) of every pair, a null entry as an empty string;
// `scratch` at `off[q]` holds one row of the dynamic program over the shorter string.
extern "C" __global__ void nvt_edit_distance(const StrCol* in, int64_t pairs, int64_t n, int matrix,
                                             const int64_t* off, int32_t* scratch, int32_t* out) {
  STR_GRID_LOOP(q, pairs) {
    const uint8_t *a, *b;
    int64_t la, lb;
    nvt_pair(in, q, n, matrix, a, la, b, lb);
    if (nvt_chars(a, la) < nvt_chars(b, lb)) {
      const uint8_t* t = a;
      a = b;
      b = t;
      int64_t tl = la;
      la = lb;
      lb = tl;
    }
    int32_t* row = scratch + off[q];
    int64_t nb = nvt_chars(b, lb);
    for (int64_t j = 0; j <= nb; ++j) row[j] = (int32_t)j;
    int32_t i = 0;
    for (int64_t ka = 0; ka < la; ++i) {
      int cla;
      uint32_t ca = decode_utf8(a + ka, cla);
      ka += cla;
      int32_t diag = row[0];
      row[0] = i + 1;
      int64_t j = 0;
      for (int64_t kb = 0; kb < lb; ++j) {
        int clb;
        uint32_t cb = decode_utf8(b + kb, clb);
        kb += clb;
        int32_t up = row[j + 1];
        int32_t v = up + 1 < row[j] + 1 ? up + 1 : row[j] + 1;
        int32_t s = diag + (ca != cb ? 1 : 0);
        row[j + 1] = v < s ? v : s;
        diag = up;
      }
    }
    out[q] = row[nb];
  }
}

// A sliding window of `w` characters over p[0..len): [s, e) (a string shorter than w is
// its own only window). `next` moves it by one character and says whether it still fits.
struct NvtWindow {
  const uint8_t* p;
  int64_t len, s, e;
  __device__ __forceinline__ void start(const uint8_t* p_, int64_t len_, int64_t w) {
    p = p_;
    len = len_;
    s = 0;
    e = 0;
    for (int64_t c = 0; c < w && e < len; ++c) e += nvt_char_len(p[e]);
  }
  __device__ __forceinline__ bool next() {
    if (e >= len) return false;
    s += nvt_char_len(p[s]);
    e += nvt_char_len(p[e]);
    return true;
  }
};

__device__ __forceinline__ bool nvt_same(const uint8_t* a, int64_t la, const uint8_t* b, int64_t lb) {
  if (la != lb) return false;
  for (int64_t k = 0; k < la; ++k)
    if (a[k] != b[k]) return false;
  return true;
}

// Whether the window [s, e) of p appears in p before position s (a repeat within a row).
__device__ __forceinline__ bool nvt_seen(const uint8_t* p, int64_t len, int64_t w, int64_t s,
                                         int64_t e) {
  NvtWindow v;
  v.start(p, len, w);
  do {
    if (v.s >= s) return false;
    if (nvt_same(p + v.s, v.e - v.s, p + s, e - s)) return true;
  } while (v.next());
  return false;
}

// Whether the bytes x[0..lx) are one of the windows of q[0..lq).
__device__ __forceinline__ bool nvt_has_window(const uint8_t* q, int64_t lq, int64_t w,
                                               const uint8_t* x, int64_t lx) {
  if (lq == 0) return false;
  NvtWindow v;
  v.start(q, lq, w);
  do {
    if (nvt_same(q + v.s, v.e - v.s, x, lx)) return true;
  } while (v.next());
  return false;
}

// The distinct windows of p[0..len).
__device__ __forceinline__ int64_t nvt_distinct(const uint8_t* p, int64_t len, int64_t w) {
  if (len == 0) return 0;
  int64_t c = 0;
  NvtWindow v;
  v.start(p, len, w);
  do {
    c += !nvt_seen(p, len, w, v.s, v.e);
  } while (v.next());
  return c;
}

// The Jaccard index of the `w`-character windows of the rows of in[0] and in[1] (0 for a
// null row, which the caller masks). Quadratic in a row's windows: the windows are
// compared directly rather than hashed and sorted.
extern "C" __global__ void nvt_jaccard(const StrCol* in, int64_t n, int64_t w, float* out) {
  STR_GRID_LOOP(i, n) {
    float r = 0.f;
    if (sc_valid(in[0], i) && sc_valid(in[1], i)) {
      const uint8_t *a, *b;
      int64_t la, lb;
      sc_get(in[0], i, a, la);
      sc_get(in[1], i, b, lb);
      int64_t ua = nvt_distinct(a, la, w), ub = nvt_distinct(b, lb, w), common = 0;
      if (la > 0 && lb > 0) {
        NvtWindow v;
        v.start(a, la, w);
        do {
          if (!nvt_seen(a, la, w, v.s, v.e) && nvt_has_window(b, lb, w, a + v.s, v.e - v.s))
            ++common;
        } while (v.next());
      }
      int64_t uni = ua + ub - common;
      r = uni ? (float)common / (float)uni : 0.f;
    }
    out[i] = r;
  }
}

// libcudf's Porter consonant test of character c (prev: the character before it, or
// 0xFFFFFFFF at the start).
__device__ __forceinline__ bool nvt_is_vowel5(uint32_t c) {
  return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
}
__device__ __forceinline__ bool nvt_is_consonant(uint32_t c, uint32_t prev) {
  if (nvt_is_vowel5(c)) return false;
  if (c != 'y' || prev == 0xFFFFFFFFu) return true;
  return nvt_is_vowel5(prev);
}

// Porter's measure of every row, INT32 (the caller copies the input's validity).
extern "C" __global__ void nvt_porter_measure(const StrCol* in, int64_t n, int32_t* out) {
  auto body = [&](const uint8_t* p, int64_t len) -> int64_t {
    int64_t m = 0;
    bool vowel_run = false;
    uint32_t prev = 0xFFFFFFFFu;
    for (int64_t k = 0; k < len;) {
      int cl;
      uint32_t c = decode_utf8(p + k, cl);
      if (nvt_is_consonant(c, prev)) {
        m += vowel_run;
        vowel_run = false;
      } else {
        vowel_run = true;
      }
      prev = c;
      k += cl;
    }
    return m;
  };
  map_rows(in[0], n, body, [&](int64_t i, int64_t v) { out[i] = (int32_t)v; });
}

// Whether character `pos` (per_row[i] when given; negative: from the end) of every row is a
// vowel (`vowel`) or a consonant; false outside the row. BOOL8.
extern "C" __global__ void nvt_is_letter(const StrCol* in, int64_t n, int vowel, int64_t pos,
                                         const int64_t* per_row, uint8_t* out) {
  STR_GRID_LOOP(i, n) {
    uint8_t r = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      int64_t chars = nvt_chars(p, len);
      int64_t at = per_row ? per_row[i] : pos;
      if (chars > 0 && at < chars && at >= -chars) {
        at = (at + chars) % chars;
        uint32_t prev = 0xFFFFFFFFu, c = 0;
        int64_t k = 0;
        for (int64_t j = 0; j <= at; ++j) {
          int cl;
          prev = j == 0 ? 0xFFFFFFFFu : c;
          c = decode_utf8(p + k, cl);
          k += cl;
        }
        r = (uint8_t)(nvt_is_consonant(c, prev) != (vowel != 0));
      }
    }
    out[i] = r;
  }
}

// ------------------------------------------------------------------------------------
// token editing: filter_tokens, replace_tokens
// ------------------------------------------------------------------------------------

// Every token (delimiters d[0..nd), none: whitespace) of fewer than `min_len` characters
// replaced by rep[0..rlen); the bytes between tokens are kept.
extern "C" __global__ void nvt_filter_tokens(const StrCol* in, int64_t n, const uint32_t* d,
                                             int64_t nd, int64_t min_len, const uint8_t* rep,
                                             int64_t rlen, int write, int64_t* sizes,
                                             const int64_t* out_off, uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t k = 0, ts, te, last = 0;
    while (nvt_next_token(p, len, k, d, nd, ts, te)) {
      o.put_bytes(p + last, ts - last);
      if (nvt_chars(p + ts, te - ts) < min_len) o.put_bytes(rep, rlen);
      else o.put_bytes(p + ts, te - ts);
      last = te;
    }
    o.put_bytes(p + last, len - last);
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// Every token of in[0] equal to row j of the `nt` targets in[1] (the first such j)
// replaced by row j of in[2] (a scalar descriptor when it has one row). Linear in the
// targets per token.
extern "C" __global__ void nvt_replace_tokens(const StrCol* in, int64_t n, int64_t nt,
                                              const uint32_t* d, int64_t nd, int write,
                                              int64_t* sizes, const int64_t* out_off,
                                              uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t k = 0, ts, te, last = 0;
    while (nvt_next_token(p, len, k, d, nd, ts, te)) {
      o.put_bytes(p + last, ts - last);
      int64_t hit = -1;
      for (int64_t j = 0; j < nt && hit < 0; ++j) {
        const uint8_t* t;
        int64_t tl;
        sc_get(in[1], j, t, tl);
        if (tl != te - ts) continue;
        bool same = true;
        for (int64_t b = 0; b < tl && same; ++b) same = t[b] == p[ts + b];
        if (same) hit = j;
      }
      if (hit >= 0) {
        const uint8_t* r;
        int64_t rl;
        sc_get(in[2], hit, r, rl);
        o.put_bytes(r, rl);
      } else {
        o.put_bytes(p + ts, te - ts);
      }
      last = te;
    }
    o.put_bytes(p + last, len - last);
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// ------------------------------------------------------------------------------------
// ngrams of pieces: ngrams_tokenize, generate_ngrams
// ------------------------------------------------------------------------------------

// counts[i] = the `ngrams`-grams of row i's tokens (tok_off: the scanned token counts).
extern "C" __global__ void nvt_ngram_counts(const int64_t* tok_off, int64_t n, int64_t ngrams,
                                            int64_t* counts) {
  STR_GRID_LOOP(i, n) {
    int64_t t = tok_off[i + 1] - tok_off[i];
    counts[i] = t >= ngrams ? t - ngrams + 1 : 0;
  }
}

// starts[g_off[i] + j] = the flat index of the first token of row i's ngram j.
extern "C" __global__ void nvt_ngram_starts(const int64_t* tok_off, int64_t n,
                                            const int64_t* g_off, int64_t* starts) {
  STR_GRID_LOOP(i, n) {
    for (int64_t j = 0; j < g_off[i + 1] - g_off[i]; ++j) starts[g_off[i] + j] = tok_off[i] + j;
  }
}

// counts[i] = 1 when row i is valid and not empty (the rows generate_ngrams joins).
extern "C" __global__ void nvt_nonempty_counts(const StrCol* in, int64_t n, int64_t* counts) {
  STR_GRID_LOOP(i, n) {
    int64_t c = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      c = len > 0;
    }
    counts[i] = c;
  }
}

// The (row, 0, length) bounds of the valid non-empty rows at their scanned positions.
extern "C" __global__ void nvt_row_bounds(const StrCol* in, int64_t n, const int64_t* pos,
                                          int64_t* bounds) {
  STR_GRID_LOOP(i, n) {
    if (pos[i + 1] == pos[i]) continue;
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], i, p, len);
    int64_t* b = bounds + 3 * pos[i];
    b[0] = i;
    b[1] = 0;
    b[2] = len;
  }
}

// Ngram q: the `ngrams` pieces from starts[q] (no starts: from q) joined by sep[0..slen).
extern "C" __global__ void nvt_join_pieces(const StrCol* in, int64_t total, const int64_t* starts,
                                           const int64_t* bounds, int64_t ngrams,
                                           const uint8_t* sep, int64_t slen, int write,
                                           int64_t* sizes, const int64_t* out_off,
                                           uint8_t* out_chars) {
  STR_GRID_LOOP(q, total) {
    Out o = out_begin(q, write, out_off, out_chars);
    int64_t first = starts ? starts[q] : q;
    for (int64_t k = 0; k < ngrams; ++k) {
      const int64_t* b = bounds + 3 * (first + k);
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], b[0], p, len);
      if (k > 0) o.put_bytes(sep, slen);
      o.put_bytes(p + b[1], b[2] - b[1]);
    }
    out_end(q, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// detokenize, tokenize_with_vocabulary
// ------------------------------------------------------------------------------------

// The first of the ascending idx[0..m) that is at least v.
__device__ __forceinline__ int64_t nvt_lower_bound(const int64_t* idx, int64_t m, int64_t v) {
  int64_t lo = 0, hi = m;
  while (lo < hi) {
    int64_t mid = (lo + hi) >> 1;
    if (idx[mid] < v) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// Output row r: the valid tokens of in[0] (sorted stably by their row index `idx`, m of
// them) whose index is r, joined by sep[0..slen).
extern "C" __global__ void nvt_detokenize(const StrCol* in, int64_t m, const int64_t* idx,
                                          int64_t rows, const uint8_t* sep, int64_t slen,
                                          int write, int64_t* sizes, const int64_t* out_off,
                                          uint8_t* out_chars) {
  STR_GRID_LOOP(r, rows) {
    Out o = out_begin(r, write, out_off, out_chars);
    int64_t lo = nvt_lower_bound(idx, m, r), hi = nvt_lower_bound(idx, m, r + 1);
    bool first = true;
    for (int64_t k = lo; k < hi; ++k) {
      if (!sc_valid(in[0], k)) continue;
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], k, p, len);
      if (!first) o.put_bytes(sep, slen);
      o.put_bytes(p, len);
      first = false;
    }
    out_end(r, write, o, sizes);
  }
}

// Byte-wise comparison of a[0..la) with b[0..lb) (a prefix is smaller): <0, 0 or >0.
__device__ __forceinline__ int nvt_compare(const uint8_t* a, int64_t la, const uint8_t* b,
                                           int64_t lb) {
  int64_t n = la < lb ? la : lb;
  for (int64_t k = 0; k < n; ++k)
    if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
  return la < lb ? -1 : (la > lb ? 1 : 0);
}

// The vocabulary id of every token (delimiters d[0..nd), none: whitespace) of every valid
// row, default_id when absent, at out[tok_off[i] + j]. The vocabulary is sorted by bytes:
// entry e is vchars[voffs[e] .. voffs[e + 1]) with id vids[e].
extern "C" __global__ void nvt_vocab_ids(const StrCol* in, int64_t n, const uint32_t* d,
                                         int64_t nd, const uint8_t* vchars, const int64_t* voffs,
                                         const int32_t* vids, int64_t nv, int32_t default_id,
                                         const int64_t* tok_off, int32_t* out) {
  STR_GRID_LOOP(i, n) {
    if (!sc_valid(in[0], i)) continue;
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], i, p, len);
    int64_t k = 0, ts, te, j = tok_off[i];
    while (nvt_next_token(p, len, k, d, nd, ts, te)) {
      int64_t lo = 0, hi = nv;
      while (lo < hi) {
        int64_t mid = (lo + hi) >> 1;
        if (nvt_compare(vchars + voffs[mid], voffs[mid + 1] - voffs[mid], p + ts, te - ts) < 0)
          lo = mid + 1;
        else
          hi = mid;
      }
      bool hit = lo < nv && nvt_compare(vchars + voffs[lo], voffs[lo + 1] - voffs[lo], p + ts,
                                        te - ts) == 0;
      out[j++] = hit ? vids[lo] : default_id;
    }
  }
}

// ------------------------------------------------------------------------------------
// minhash, minhash64
// ------------------------------------------------------------------------------------

__device__ __forceinline__ uint64_t nvt_rotl64(uint64_t x, int r) {
  return (x << r) | (x >> (64 - r));
}
__device__ __forceinline__ uint64_t nvt_fmix64(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ULL;
  return k ^ (k >> 33);
}
__device__ __forceinline__ uint64_t nvt_le64(const uint8_t* p) {
  uint64_t v = 0;
  for (int j = 7; j >= 0; --j) v = (v << 8) | p[j];
  return v;
}

// The first 64 bits of MurmurHash3_x64_128 (the reference algorithm, both halves seeded
// with `seed`), as `ops::hashing`'s.
__device__ uint64_t nvt_murmur3_128_h1(const uint8_t* p, int64_t len, uint64_t seed) {
  const uint64_t c1 = 0x87c37b91114253d5ULL, c2 = 0x4cf5ad432745937fULL;
  uint64_t h1 = seed, h2 = seed;
  int64_t blocks = len / 16;
  for (int64_t b = 0; b < blocks; ++b) {
    uint64_t k1 = nvt_le64(p + 16 * b), k2 = nvt_le64(p + 16 * b + 8);
    k1 *= c1;
    k1 = nvt_rotl64(k1, 31);
    k1 *= c2;
    h1 ^= k1;
    h1 = nvt_rotl64(h1, 27);
    h1 += h2;
    h1 = h1 * 5 + 0x52dce729ULL;
    k2 *= c2;
    k2 = nvt_rotl64(k2, 33);
    k2 *= c1;
    h2 ^= k2;
    h2 = nvt_rotl64(h2, 31);
    h2 += h1;
    h2 = h2 * 5 + 0x38495ab5ULL;
  }
  const uint8_t* tail = p + 16 * blocks;
  int rest = (int)(len & 15);
  uint64_t k1 = 0, k2 = 0;
  for (int j = rest - 1; j >= 8; --j) k2 = (k2 << 8) | tail[j];
  if (rest > 8) {
    k2 *= c2;
    k2 = nvt_rotl64(k2, 33);
    k2 *= c1;
    h2 ^= k2;
  }
  for (int j = (rest < 8 ? rest : 8) - 1; j >= 0; --j) k1 = (k1 << 8) | tail[j];
  if (rest > 0) {
    k1 *= c1;
    k1 = nvt_rotl64(k1, 31);
    k1 *= c2;
    h1 ^= k1;
  }
  h1 ^= (uint64_t)len;
  h2 ^= (uint64_t)len;
  h1 += h2;
  h2 += h1;
  h1 = nvt_fmix64(h1);
  h2 = nvt_fmix64(h2);
  return h1 + h2;
}

// Fold the window w[0..wl) into the minima o32/o64 of the m parameters: libcudf's
// permutation of the window's hash hv (at least 1): 32-bit (`wide` 0): (hv * a + b) in
// uint32 arithmetic; 64-bit: ((hv * a + b) in uint64) % (2^61 - 1).
__device__ __forceinline__ void nvt_minhash_update(const uint8_t* w, int64_t wl, uint64_t seed,
                                                   const void* a, const void* b, int64_t m,
                                                   int wide, uint32_t* o32, uint64_t* o64) {
  if (wide) {
    uint64_t hv = nvt_murmur3_128_h1(w, wl, seed);
    if (hv == 0) hv = 1;
    const uint64_t *pa = (const uint64_t*)a, *pb = (const uint64_t*)b;
    for (int64_t k = 0; k < m; ++k) {
      uint64_t pv = (hv * pa[k] + pb[k]) % ((1ULL << 61) - 1);
      if (pv < o64[k]) o64[k] = pv;
    }
  } else {
    uint32_t hv = nvt_murmur3_32(w, wl, (uint32_t)seed);
    if (hv == 0) hv = 1;
    const uint32_t *pa = (const uint32_t*)a, *pb = (const uint32_t*)b;
    for (int64_t k = 0; k < m; ++k) {
      uint32_t pv = hv * pa[k] + pb[k];
      if (pv < o32[k]) o32[k] = pv;
    }
  }
}

// counts[i] = m for a valid row, 0 for a null one (the minhash list sizes).
extern "C" __global__ void nvt_minhash_counts(const StrCol* in, int64_t n, int64_t m,
                                              int64_t* counts) {
  STR_GRID_LOOP(i, n) { counts[i] = sc_valid(in[0], i) ? m : 0; }
}

// The minhash values of every valid row at out[off[i] .. off[i] + m): for parameter k the
// minimum over the row's windows of libcudf's permutation of the window's hash hv (at least
// 1): 32-bit (`wide` 0): (hv * a + b) in uint32 arithmetic; 64-bit: ((hv * a + b) in
// uint64) % (2^61 - 1). An empty row gives zeros.
extern "C" __global__ void nvt_minhash(const StrCol* in, int64_t n, uint64_t seed, int64_t width,
                                       const void* a, const void* b, int64_t m, int wide,
                                       const int64_t* off, void* out) {
  STR_GRID_LOOP(i, n) {
    if (!sc_valid(in[0], i)) continue;
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], i, p, len);
    uint32_t* o32 = (uint32_t*)out + off[i];
    uint64_t* o64 = (uint64_t*)out + off[i];
    for (int64_t k = 0; k < m; ++k) {
      if (wide) o64[k] = len == 0 ? 0 : 0xFFFFFFFFFFFFFFFFULL;
      else o32[k] = len == 0 ? 0 : 0xFFFFFFFFu;
    }
    if (len == 0) continue;
    NvtWindow v;
    v.start(p, len, width);
    do {
      nvt_minhash_update(p + v.s, v.e - v.s, seed, a, b, m, wide, o32, o64);
    } while (v.next());
  }
}

// counts[i] = m for a valid list row (mask bit set or no mask), 0 for a null one.
extern "C" __global__ void nvt_list_minhash_counts(int64_t n, const uint8_t* mask,
                                                   int64_t mask_off, int64_t m,
                                                   int64_t* counts) {
  STR_GRID_LOOP(i, n) { counts[i] = (mask == 0 || bit_is_set(mask, mask_off + i)) ? m : 0; }
}

// minhash_ngrams, minhash64_ngrams: every valid list row (list offsets list_off, 32- or
// 64-bit, into the strings d[0]) hashed over its windows of `ngrams` consecutive strings:
// the bytes from the first string's start to the last one's end (the strings one after
// the other), the whole row when it has fewer strings; an empty row gives zeros.
extern "C" __global__ void nvt_minhash_ngrams(const StrCol* d, int64_t n, const void* list_off,
                                              int off64, const uint8_t* mask, int64_t mask_off,
                                              uint64_t seed, int64_t ngrams, const void* a,
                                              const void* b, int64_t m, int wide,
                                              const int64_t* off, void* out) {
  STR_GRID_LOOP(i, n) {
    if (mask != 0 && !bit_is_set(mask, mask_off + i)) continue;
    int64_t s = off64 ? ((const int64_t*)list_off)[i] : ((const int32_t*)list_off)[i];
    int64_t e = off64 ? ((const int64_t*)list_off)[i + 1] : ((const int32_t*)list_off)[i + 1];
    uint32_t* o32 = (uint32_t*)out + off[i];
    uint64_t* o64 = (uint64_t*)out + off[i];
    for (int64_t k = 0; k < m; ++k) {
      if (wide) o64[k] = s == e ? 0 : 0xFFFFFFFFFFFFFFFFULL;
      else o32[k] = s == e ? 0 : 0xFFFFFFFFu;
    }
    if (s == e) continue;
    int64_t width = e - s < ngrams ? e - s : ngrams;
    for (int64_t j = s; j + width <= e; ++j) {
      const uint8_t *first, *last;
      int64_t first_len, last_len;
      sc_get(d[0], j, first, first_len);
      sc_get(d[0], j + width - 1, last, last_len);
      nvt_minhash_update(first, (last + last_len) - first, seed, a, b, m, wide, o32, o64);
    }
  }
}
