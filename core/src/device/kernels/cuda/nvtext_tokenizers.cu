// nvtext's vocabulary tokenizers (`device/kernels/nvtext_tokenizers.rs`): WordPiece and
// byte-pair encoding. Compiled in the strings module after nvtext.cu (nvt_compare, StrCol,
// Out). One thread per row; the host twins are ops/nvtext/wordpiece_tokenize.rs and
// ops/nvtext/byte_pair_encode.rs, step for step.

// A table of byte strings sorted by bytes, for binary search: entry e is
// chars[offs[e] .. offs[e + 1]) with id ids[e].
struct NvtTable {
  uint64_t chars;
  uint64_t offs;
  uint64_t ids;
  int64_t n;
};

// The id of p[0..len) in t, or false when it is not an entry.
__device__ __forceinline__ bool nvt_table_find(const NvtTable& t, const uint8_t* p, int64_t len,
                                               int32_t& id) {
  const uint8_t* c = (const uint8_t*)t.chars;
  const int64_t* o = (const int64_t*)t.offs;
  int64_t lo = 0, hi = t.n;
  while (lo < hi) {
    int64_t mid = (lo + hi) >> 1;
    if (nvt_compare(c + o[mid], o[mid + 1] - o[mid], p, len) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < t.n && nvt_compare(c + o[lo], o[lo + 1] - o[lo], p, len) == 0) {
    id = ((const int32_t*)t.ids)[lo];
    return true;
  }
  return false;
}

// ------------------------------------------------------------------------------------
// wordpiece_tokenize
// ------------------------------------------------------------------------------------

// Words of this many bytes or more are [UNK] (libcudf's limit).
#define NVT_WP_MAX_WORD 200

// The length of p[0..len) without its last character (0 for one character or fewer than
// two bytes).
__device__ __forceinline__ int64_t nvt_wp_shrink(const uint8_t* p, int64_t len) {
  if (len < 2) return 0;
  int64_t e = len - 1;
  while (e > 0 && is_cont(p[e])) --e;
  return e;
}

// The ids of the pieces of word w[0..len) (greedy longest match first: t[0] holds the
// words, t[1] the continuation pieces without their "##"), written to out unless it is
// null. Returns how many; 0 when the word cannot be covered (it is then [UNK]).
__device__ int64_t nvt_wp_word(const uint8_t* w, int64_t len, const NvtTable* t,
                               int32_t* out) {
  int32_t id;
  int64_t l = len;
  while (l > 0 && !nvt_table_find(t[0], w, l, id)) l = nvt_wp_shrink(w, l);
  if (l == 0) return 0;
  int64_t k = 0;
  if (out) out[k] = id;
  ++k;
  for (int64_t pos = l; pos < len;) {
    int64_t m = len - pos;
    while (m > 0 && !nvt_table_find(t[1], w + pos, m, id)) m = nvt_wp_shrink(w + pos, m);
    if (m == 0) return 0;
    if (out) out[k] = id;
    ++k;
    pos += m;
  }
  return k;
}

// The WordPiece ids of the first max_words (0: all) words (runs of bytes other than ' ')
// of every valid row. Count pass (out null): counts[i] = the row's number of ids. Write
// pass: the ids at out[tok_off[i]...].
extern "C" __global__ void nvt_wordpiece(const StrCol* in, int64_t n, int64_t max_words,
                                         const NvtTable* t, int32_t unk_id, int64_t* counts,
                                         const int64_t* tok_off, int32_t* out) {
  STR_GRID_LOOP(i, n) {
    int64_t j = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      int32_t* o = out ? out + tok_off[i] : nullptr;
      int64_t words = 0;
      for (int64_t k = 0; k < len && (max_words == 0 || words < max_words);) {
        if (p[k] == ' ') {
          ++k;
          continue;
        }
        int64_t e = k;
        while (e < len && p[e] != ' ') ++e;
        int64_t c = e - k >= NVT_WP_MAX_WORD ? 0 : nvt_wp_word(p + k, e - k, t, nullptr);
        if (c == 0) {
          if (o) o[j] = unk_id;
          ++j;
        } else {
          if (o) nvt_wp_word(p + k, e - k, t, o + j);
          j += c;
        }
        ++words;
        k = e;
      }
    }
    if (!out) counts[i] = j;
  }
}

// ------------------------------------------------------------------------------------
// byte_pair_encoding
// ------------------------------------------------------------------------------------

#define NVT_BPE_UNRANKED 0x7fffffff

// The merge pairs sorted by (left, right): pair e is lchars[loffs[e] .. loffs[e + 1]),
// rchars[roffs[e] .. roffs[e + 1]) with rank ranks[e].
struct NvtPairs {
  uint64_t lchars;
  uint64_t loffs;
  uint64_t rchars;
  uint64_t roffs;
  uint64_t ranks;
  int64_t n;
};

// The rank of the pair (a[0..la), b[0..lb)), NVT_BPE_UNRANKED when it is not a pair.
__device__ int32_t nvt_bpe_rank(const NvtPairs& mp, const uint8_t* a, int64_t la,
                                const uint8_t* b, int64_t lb) {
  const uint8_t* lc = (const uint8_t*)mp.lchars;
  const uint8_t* rc = (const uint8_t*)mp.rchars;
  const int64_t* lo_ = (const int64_t*)mp.loffs;
  const int64_t* ro = (const int64_t*)mp.roffs;
  int64_t lo = 0, hi = mp.n;
  while (lo < hi) {
    int64_t mid = (lo + hi) >> 1;
    int c = nvt_compare(lc + lo_[mid], lo_[mid + 1] - lo_[mid], a, la);
    if (c == 0) c = nvt_compare(rc + ro[mid], ro[mid + 1] - ro[mid], b, lb);
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < mp.n && nvt_compare(lc + lo_[lo], lo_[lo + 1] - lo_[lo], a, la) == 0 &&
      nvt_compare(rc + ro[lo], ro[lo + 1] - ro[lo], b, lb) == 0)
    return ((const int32_t*)mp.ranks)[lo];
  return NVT_BPE_UNRANKED;
}

// The start of the piece after the one starting at p of a segment of n bytes.
__device__ __forceinline__ int64_t nvt_bpe_next(const int8_t* st, int64_t n, int64_t p) {
  int64_t k = p + 1;
  while (k < n && st[k] == 0) ++k;
  return k;
}

// The start of the piece holding byte p.
__device__ __forceinline__ int64_t nvt_bpe_piece_at(const int8_t* st, int64_t p) {
  while (p > 0 && st[p] == 0) --p;
  return p;
}

// Merge the segment s[0..n) (libcudf's bpe_parallel_fn, one thread doing the block's
// rounds in turn): on return st[k] != 0 where a piece starts. rk and rr are scratch.
__device__ void nvt_bpe_segment(const uint8_t* s, int64_t n, const NvtPairs& mp, int8_t* st,
                                int32_t* rk, int8_t* rr) {
  for (int64_t k = 0; k < n; ++k) {
    st[k] = is_cont(s[k]) ? 0 : 1;
    rk[k] = NVT_BPE_UNRANKED;
    rr[k] = 0;
  }
  for (int64_t p = 0; p < n;) {
    int64_t q = nvt_bpe_next(st, n, p);
    if (q < n) rk[q] = nvt_bpe_rank(mp, s + p, q - p, s + q, nvt_bpe_next(st, n, q) - q);
    p = q;
  }
  int32_t mn = NVT_BPE_UNRANKED;
  for (int64_t k = 0; k < n; ++k) mn = rk[k] < mn ? rk[k] : mn;
  while (mn < NVT_BPE_UNRANKED) {
    // merge every position of the smallest rank unless the ranked position before it
    // holds that rank too
    for (int64_t p = 1; p < n; ++p) {
      if (rk[p] != mn) continue;
      int64_t q = p - 1;
      while (q > 0 && rk[q] == NVT_BPE_UNRANKED) --q;
      if (rk[q] != mn) st[p] = 0;
    }
    // the pieces around a merged position form new pairs
    for (int64_t p = 1; p < n; ++p) {
      if (rk[p] != mn || st[p] != 0) continue;
      int64_t q = nvt_bpe_piece_at(st, p - 1);
      if (q > 0) rr[q] = 1;
      int64_t r = nvt_bpe_next(st, n, p);
      if (r < n) rr[r] = 1;
      rk[p] = NVT_BPE_UNRANKED;
    }
    mn = NVT_BPE_UNRANKED;
    for (int64_t p = 0; p < n; ++p) {
      if (rr[p]) {
        rr[p] = 0;
        int64_t q = nvt_bpe_piece_at(st, p - 1);
        rk[p] = nvt_bpe_rank(mp, s + q, p - q, s + p, nvt_bpe_next(st, n, p) - p);
      }
      mn = rk[p] < mn ? rk[p] : mn;
    }
  }
}

// The byte length of every row (0 for null rows): the sizes of the rows' scratch.
extern "C" __global__ void nvt_bpe_lengths(const StrCol* in, int64_t n, int64_t* lens) {
  STR_GRID_LOOP(i, n) {
    int64_t len = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      sc_get(in[0], i, p, len);
    }
    lens[i] = len;
  }
}

// Every valid row merged: st[scr_off[i] + k] != 0 where a piece of row i starts. The row
// is cut into segments between two characters that are each in no pair alone (code points
// singles[0..ns), sorted); each segment merges on its own.
extern "C" __global__ void nvt_bpe(const StrCol* in, int64_t n, const NvtPairs* mp,
                                   const uint32_t* singles, int64_t ns, const int64_t* scr_off,
                                   int8_t* st, int32_t* rk, int8_t* rr) {
  STR_GRID_LOOP(i, n) {
    if (!sc_valid(in[0], i)) continue;
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], i, p, len);
    int64_t o = scr_off[i], seg = 0;
    bool prev_single = true;
    for (int64_t k = 0; k < len;) {
      int cl;
      bool single = find_key(singles, ns, decode_utf8(p + k, cl)) >= 0;
      if (k > 0 && !prev_single && !single) {
        nvt_bpe_segment(p + seg, k - seg, *mp, st + o + seg, rk + o + seg, rr + o + seg);
        seg = k;
      }
      prev_single = single;
      k += cl;
    }
    nvt_bpe_segment(p + seg, len - seg, *mp, st + o + seg, rk + o + seg, rr + o + seg);
  }
}

// Every valid row's pieces (st from nvt_bpe) joined by the byte string sep[0..slen).
extern "C" __global__ void nvt_bpe_join(const StrCol* in, int64_t n, const int8_t* st,
                                        const int64_t* scr_off, const uint8_t* sep, int64_t slen,
                                        int write, int64_t* sizes, const int64_t* out_off,
                                        uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      const int8_t* s = st + scr_off[i];
      for (int64_t k = 0; k < len; ++k) {
        if (k > 0 && s[k] != 0) o.put_bytes(sep, slen);
        o.put(p[k]);
      }
    }
    out_end(i, write, o, sizes);
  }
}
