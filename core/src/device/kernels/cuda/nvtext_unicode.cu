// Unicode nvtext kernels (`device/kernels/nvtext_unicode.rs`), compiled in the strings
// module after strings.cuh (StrCol, decode_utf8, Out, find_key, build_rows). The tables are
// built on the host from the Unicode crates (`ops::nvtext`) and searched here by binary
// search, so both paths apply the same data.

// ------------------------------------------------------------------------------------
// normalize_unicode (UAX #15)
// ------------------------------------------------------------------------------------

#define NVU_S_BASE 0xAC00u
#define NVU_L_BASE 0x1100u
#define NVU_V_BASE 0x1161u
#define NVU_T_BASE 0x11A7u
#define NVU_L_COUNT 19u
#define NVU_V_COUNT 21u
#define NVU_T_COUNT 28u
#define NVU_N_COUNT (NVU_V_COUNT * NVU_T_COUNT)
#define NVU_S_COUNT (NVU_L_COUNT * NVU_N_COUNT)

__device__ __forceinline__ bool nvu_is_hangul(uint32_t c) {
  return c >= NVU_S_BASE && c < NVU_S_BASE + NVU_S_COUNT;
}

// The number of code points code point c decomposes to.
__device__ __forceinline__ int64_t nvu_decomposed_len(uint32_t c, const uint32_t* dkeys,
                                                      const uint32_t* doff, int64_t nd) {
  if (nvu_is_hangul(c)) return (c - NVU_S_BASE) % NVU_T_COUNT == 0 ? 2 : 3;
  int64_t j = find_key(dkeys, nd, c);
  return j < 0 ? 1 : (int64_t)(doff[j + 1] - doff[j]);
}

// Code points per valid row after decomposition (0 for null rows), into cp_off[i].
extern "C" __global__ void nvu_decomposed_counts(const StrCol* in, int64_t n,
                                                 const uint32_t* dkeys, const uint32_t* doff,
                                                 int64_t nd, int64_t* cp_off) {
  auto body = [&](const uint8_t* p, int64_t len) -> int64_t {
    int64_t c = 0;
    for_each_char(p, len, [&](uint32_t ch, int64_t, int) {
      c += nvu_decomposed_len(ch, dkeys, doff, nd);
    });
    return c;
  };
  map_rows(in[0], n, body, [&](int64_t i, int64_t v) { cp_off[i] = v; });
}

__device__ __forceinline__ uint32_t nvu_ccc(uint32_t c, const uint32_t* ckeys,
                                            const uint32_t* cvals, int64_t nc) {
  int64_t j = find_key(ckeys, nc, c);
  return j < 0 ? 0u : cvals[j];
}

// The primary composite of a followed by b, or 0xFFFFFFFF when there is none.
__device__ __forceinline__ uint32_t nvu_compose(uint32_t a, uint32_t b, const uint64_t* keys,
                                                const uint32_t* vals, int64_t nk) {
  if (a >= NVU_L_BASE && a < NVU_L_BASE + NVU_L_COUNT && b >= NVU_V_BASE &&
      b < NVU_V_BASE + NVU_V_COUNT)
    return NVU_S_BASE + ((a - NVU_L_BASE) * NVU_V_COUNT + (b - NVU_V_BASE)) * NVU_T_COUNT;
  if (nvu_is_hangul(a) && (a - NVU_S_BASE) % NVU_T_COUNT == 0 && b > NVU_T_BASE &&
      b < NVU_T_BASE + NVU_T_COUNT)
    return a + (b - NVU_T_BASE);
  uint64_t key = ((uint64_t)a << 32) | b;
  int64_t lo = 0, hi = nk;
  while (lo < hi) {
    int64_t mid = (lo + hi) >> 1;
    if (keys[mid] < key) lo = mid + 1; else hi = mid;
  }
  return lo < nk && keys[lo] == key ? vals[lo] : 0xFFFFFFFFu;
}

// One row per thread: its decomposition written at cps[cp_off[i]..], canonically ordered
// (insertion sort of the non-starter runs, stable), then composed when `compose` (UAX #15:
// a character joins the last starter when adjacent to it or when the last kept character
// is a non-starter of a lower class), compacted in place; lens[i] is what is left.
extern "C" __global__ void nvu_normalize_rows(
    const StrCol* in, int64_t n, const uint32_t* dkeys, const uint32_t* doff,
    const uint32_t* dvals, int64_t nd, const uint32_t* ckeys, const uint32_t* cvals, int64_t nc,
    const uint64_t* comp_keys, const uint32_t* comp_vals, int64_t ncomp, int compose,
    const int64_t* cp_off, uint32_t* cps, int64_t* lens) {
  STR_GRID_LOOP(i, n) {
    if (!sc_valid(in[0], i)) continue;
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], i, p, len);
    uint32_t* o = cps + cp_off[i];
    int64_t m = 0;
    for_each_char(p, len, [&](uint32_t c, int64_t, int) {
      if (nvu_is_hangul(c)) {
        uint32_t s = c - NVU_S_BASE;
        o[m++] = NVU_L_BASE + s / NVU_N_COUNT;
        o[m++] = NVU_V_BASE + (s % NVU_N_COUNT) / NVU_T_COUNT;
        if (s % NVU_T_COUNT != 0) o[m++] = NVU_T_BASE + s % NVU_T_COUNT;
        return;
      }
      int64_t j = find_key(dkeys, nd, c);
      if (j < 0) {
        o[m++] = c;
      } else {
        for (uint32_t k = doff[j]; k < doff[j + 1]; ++k) o[m++] = dvals[k];
      }
    });
    // canonical ordering
    for (int64_t j = 1; j < m; ++j) {
      uint32_t c = o[j];
      uint32_t cc = nvu_ccc(c, ckeys, cvals, nc);
      if (cc == 0) continue;
      int64_t k = j;
      while (k > 0 && nvu_ccc(o[k - 1], ckeys, cvals, nc) > cc) {
        o[k] = o[k - 1];
        --k;
      }
      o[k] = c;
    }
    if (compose) {
      int64_t w = 0, starter = -1;
      uint32_t last = 0;  // the class of o[w - 1]
      for (int64_t r = 0; r < m; ++r) {
        uint32_t c = o[r];
        uint32_t cc = nvu_ccc(c, ckeys, cvals, nc);
        if (starter >= 0) {
          bool open = (w - 1 == starter) || (last != 0 && last < cc);
          if (open) {
            uint32_t q = nvu_compose(o[starter], c, comp_keys, comp_vals, ncomp);
            if (q != 0xFFFFFFFFu) {
              o[starter] = q;  // a primary composite is a starter: `last` stays
              continue;
            }
          }
        }
        if (cc == 0) starter = w;
        o[w++] = c;
        last = cc;
      }
      m = w;
    }
    lens[i] = m;
  }
}

// The two-pass UTF-8 writer of the normalized code points of every row.
extern "C" __global__ void nvu_write_utf8(int64_t n, const int64_t* cp_off, const int64_t* lens,
                                          const uint32_t* cps, int write, int64_t* sizes,
                                          const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    const uint32_t* c = cps + cp_off[i];
    for (int64_t k = 0; k < lens[i]; ++k) o.put_char(c[k]);
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// normalize_characters (libcudf's character normalizer)
// ------------------------------------------------------------------------------------

// The longest input from a `[` through its `]` that can be a special token, in bytes.
#define NVC_TOKEN_WINDOW 6

// Put code point c's normalized output: CJK ideographs (ranges[0..2*nr)) padded, else the
// action of the table entry (flags, three code points; 0: none) or c itself.
__device__ __forceinline__ void nvc_put(Out& o, uint32_t c, const uint32_t* keys,
                                        const uint32_t* vals, int64_t nk,
                                        const uint32_t* ranges, int64_t nr) {
  for (int64_t r = 0; r < nr; ++r) {
    if (c >= ranges[2 * r] && c <= ranges[2 * r + 1]) {
      o.put(' ');
      o.put_char(c);
      o.put(' ');
      return;
    }
  }
  int64_t j = find_key(keys, nk, c);
  if (j < 0) {
    o.put_char(c);
    return;
  }
  const uint32_t* v = vals + 4 * j;
  if (v[0] & 1) o.put(' ');
  for (int k = 1; k < 4 && v[k] != 0; ++k) o.put_char(v[k]);
  if (v[0] & 1) o.put(' ');
}

// Whether the `len` bytes at s are one of the ascending special tokens.
__device__ __forceinline__ bool nvc_is_token(const uint8_t* s, int64_t len,
                                             const uint8_t* tchars, const int64_t* toff,
                                             int64_t nt) {
  int64_t lo = 0, hi = nt;
  while (lo < hi) {
    int64_t mid = (lo + hi) >> 1;
    const uint8_t* t = tchars + toff[mid];
    int64_t tl = toff[mid + 1] - toff[mid];
    int cmp = 0;
    for (int64_t k = 0; k < len && k < tl && cmp == 0; ++k)
      cmp = (int)t[k] - (int)s[k];
    if (cmp == 0) cmp = tl < len ? -1 : (tl > len ? 1 : 0);
    if (cmp == 0) return true;
    if (cmp < 0) lo = mid + 1; else hi = mid;
  }
  return false;
}

extern "C" __global__ void nvc_normalize_characters(
    const StrCol* in, int64_t n, const uint32_t* keys, const uint32_t* vals, int64_t nk,
    const uint32_t* ranges, int64_t nr, const uint8_t* tchars, const int64_t* toff,
    int64_t nt, int lower, int write, int64_t* sizes, const int64_t* out_off,
    uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    for (int64_t k = 0; k < len;) {
      int cl;
      uint32_t c = decode_utf8(p + k, cl);
      if (c == '[' && nt > 0) {
        int64_t end = -1;
        for (int64_t e = k + 1; e < len && e < k + NVC_TOKEN_WINDOW; ++e) {
          if (p[e] == ']') {
            end = e;
            break;
          }
        }
        if (end > 0) {
          // the candidate: `[`, the normalized characters between without spaces, `]`
          // (at most 4 input characters of at most 3 code points of 4 bytes each)
          uint8_t buf[56];
          Out b;
          b.p = buf;
          b.n = 0;
          b.put('[');
          for (int64_t q = k + 1; q < end;) {
            int ql;
            uint32_t d = decode_utf8(p + q, ql);
            nvc_put(b, d, keys, vals, nk, ranges, nr);
            q += ql;
          }
          int64_t w = 0;
          for (int64_t q = 0; q < b.n; ++q)
            if (buf[q] != ' ') buf[w++] = buf[q];
          buf[w++] = ']';
          if (nvc_is_token(buf, w, tchars, toff, nt)) {
            o.put(' ');
            o.put('[');
            // the characters between, upper-cased back (ASCII) when lower-casing
            uint8_t inner[56];
            Out t;
            t.p = inner;
            t.n = 0;
            for (int64_t q = k + 1; q < end;) {
              int ql;
              uint32_t d = decode_utf8(p + q, ql);
              nvc_put(t, d, keys, vals, nk, ranges, nr);
              q += ql;
            }
            for (int64_t q = 0; q < t.n; ++q) {
              uint8_t x = inner[q];
              o.put(lower && x >= 'a' && x <= 'z' ? (uint8_t)(x - 'a' + 'A') : x);
            }
            o.put(']');
            o.put(' ');
            k = end + 1;
            continue;
          }
        }
      }
      nvc_put(o, c, keys, vals, nk, ranges, nr);
      k += cl;
    }
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}
