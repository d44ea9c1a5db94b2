// Row-editing kernels of plc.strings: padding, repeat, reverse, replace_slice,
// replace_multiple, partition, like, code_points, find_multiple and join_strings, on top
// of strings.cuh and strings.cu (find_bytes, char_to_byte, count_chars). The string
// builders run twice as the others.

// ------------------------------------------------------------------------------------
// padding
// ------------------------------------------------------------------------------------

// Pad every row shorter than `width` characters with `fill` (one character) on side 0
// (left), 1 (right) or 2 (both: the extra one on the left when `width` is odd, as
// Python's str.center).
extern "C" __global__ void str_pad(const StrCol* in, int64_t n, int64_t width, int side,
                                   const uint8_t* fill, int64_t flen, int write,
                                   int64_t* sizes, const int64_t* out_off,
                                   uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t nch = count_chars(p, len);
    int64_t pad = width > nch ? width - nch : 0;
    int64_t left = side == 0 ? pad : side == 1 ? 0 : pad / 2 + (pad & width & 1);
    for (int64_t k = 0; k < left; ++k) o.put_bytes(fill, flen);
    o.put_bytes(p, len);
    for (int64_t k = left; k < pad; ++k) o.put_bytes(fill, flen);
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// Python's str.zfill: '0's on the left up to `width` characters (widths: row i's width
// from an INT64 column, whose null rows leave the row as it is), after a leading '+' or
// '-'.
extern "C" __global__ void str_zfill(const StrCol* in, int64_t n, int64_t width,
                                     const int64_t* widths, const uint8_t* wmask,
                                     int64_t wmask_off, int write, int64_t* sizes,
                                     const int64_t* out_off, uint8_t* out_chars) {
  auto row = [&](Out& o, int64_t i, const uint8_t* p, int64_t len) {
    int64_t w = row_param(i, width, widths, wmask, wmask_off);
    int64_t nch = count_chars(p, len), pad = w > nch ? w - nch : 0, k = 0;
    if (pad > 0 && len > 0 && (p[0] == '+' || p[0] == '-')) {
      o.put(p[0]);
      k = 1;
    }
    for (int64_t z = 0; z < pad; ++z) o.put('0');
    o.put_bytes(p + k, len - k);
  };
  build_rows_at(in[0], n, write, sizes, out_off, out_chars, row);
}

// ------------------------------------------------------------------------------------
// repeat, reverse
// ------------------------------------------------------------------------------------

// Every row `times` times (per_row: row i's count from an INT64 column, whose null rows
// count 0; < 1: empty).
extern "C" __global__ void str_repeat(const StrCol* in, int64_t n, int64_t times,
                                      const int64_t* per_row, const uint8_t* pmask,
                                      int64_t pmask_off, int write, int64_t* sizes,
                                      const int64_t* out_off, uint8_t* out_chars) {
  auto row = [&](Out& o, int64_t i, const uint8_t* p, int64_t len) {
    int64_t t = row_param(i, times, per_row, pmask, pmask_off);
    for (int64_t r = 0; r < t; ++r) o.put_bytes(p, len);
  };
  build_rows_at(in[0], n, write, sizes, out_off, out_chars, row);
}

// The characters of every row in reverse order (each character's bytes kept in order).
extern "C" __global__ void str_reverse(const StrCol* in, int64_t n, int write, int64_t* sizes,
                                       const int64_t* out_off, uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t end = len;
    for (int64_t k = len - 1; k >= 0; --k) {
      if (!is_cont(p[k])) {
        o.put_bytes(p + k, end - k);
        end = k;
      }
    }
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// ------------------------------------------------------------------------------------
// replace_slice, replace_multiple
// ------------------------------------------------------------------------------------

// Characters [start, stop) of every row (stop < 0: the end; both clamped to the row)
// replaced by `repl`.
extern "C" __global__ void str_replace_slice(const StrCol* in, int64_t n, const uint8_t* repl,
                                             int64_t rlen, int64_t start, int64_t stop,
                                             int write, int64_t* sizes, const int64_t* out_off,
                                             uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t bs = char_to_byte(p, len, start);
    int64_t be = stop < 0 ? len : char_to_byte(p, len, stop);
    if (be < bs) be = bs;
    o.put_bytes(p, bs);
    o.put_bytes(repl, rlen);
    o.put_bytes(p + be, len - be);
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// At each character position, the first of the targets d[1] (valid, not empty) that
// starts there is replaced by the matching row of d[2] (row 0 when it is a scalar), up to
// `maxrepl` replacements (< 0: all).
extern "C" __global__ void str_replace_multi(const StrCol* d, int64_t n, int64_t ntargets,
                                             int64_t maxrepl, int write, int64_t* sizes,
                                             const int64_t* out_off, uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t k = 0, done = 0;
    while (k < len) {
      int64_t hit = -1, tlen = 0;
      if (maxrepl < 0 || done < maxrepl) {
        for (int64_t j = 0; j < ntargets && hit < 0; ++j) {
          const uint8_t* t;
          sc_get(d[1], j, t, tlen);
          if (tlen <= len - k && bytes_eq(p + k, t, tlen)) hit = j;
        }
      }
      if (hit >= 0) {
        const uint8_t* r;
        int64_t rlen;
        sc_get(d[2], hit, r, rlen);
        o.put_bytes(r, rlen);
        k += tlen;
        ++done;
      } else {
        int64_t e = k + 1;
        while (e < len && is_cont(p[e])) ++e;
        o.put_bytes(p + k, e - k);
        k = e;
      }
    }
  };
  build_rows(d[0], n, write, sizes, out_off, out_chars, row);
}

// ------------------------------------------------------------------------------------
// partition
// ------------------------------------------------------------------------------------

// The byte range [s, e) of the first (rev: last) delimiter of a row: `delim`, or any
// whitespace character when dlen == 0; s = -1 when there is none.
__device__ __forceinline__ void part_find(const uint8_t* p, int64_t len, const uint8_t* delim,
                                          int64_t dlen, int rev, int64_t& s, int64_t& e) {
  s = -1;
  e = -1;
  if (dlen > 0) {
    s = rev ? rfind_bytes(p, 0, len, delim, dlen) : find_bytes(p, 0, len, delim, dlen);
    e = s + dlen;
    return;
  }
  for (int64_t k = 0; k < len;) {
    int cl;
    uint32_t c = decode_utf8(p + k, cl);
    if (is_white(c)) {
      s = k;
      e = k + cl;
      if (!rev) return;
    }
    k += cl;
  }
}

// Part `part` (0 before, 1 the delimiter, 2 after) of every row split at its first (rev:
// last) delimiter; without one, the row is part 0 (rev: part 2) and the others are empty.
extern "C" __global__ void str_partition(const StrCol* in, int64_t n, const uint8_t* delim,
                                         int64_t dlen, int rev, int part, int write,
                                         int64_t* sizes, const int64_t* out_off,
                                         uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t s, e;
    part_find(p, len, delim, dlen, rev, s, e);
    if (s < 0) {
      if (part == (rev ? 2 : 0)) o.put_bytes(p, len);
      return;
    }
    if (part == 0) o.put_bytes(p, s);
    else if (part == 1) o.put_bytes(p + s, e - s);
    else o.put_bytes(p + e, len - e);
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// ------------------------------------------------------------------------------------
// like
// ------------------------------------------------------------------------------------

#define LIKE_ANY_RUN 0xFFFFFFFFu  // '%'
#define LIKE_ANY_ONE 0xFFFFFFFEu  // '_'

// Whether each row matches the SQL LIKE pattern `pat` (code points, with the two wildcard
// markers above; escapes resolved on the host): greedy matching that backtracks to the
// last '%'.
extern "C" __global__ void str_like(const StrCol* in, int64_t n, const uint32_t* pat,
                                    int64_t plen, uint8_t* out) {
  auto like = [&](const uint8_t* p, int64_t len) {
    int64_t t = 0, k = 0, star_k = -1, star_t = 0;
    while (t < len) {
      int cl;
      uint32_t c = decode_utf8(p + t, cl);
      if (k < plen && (pat[k] == LIKE_ANY_ONE || pat[k] == c)) {
        t += cl;
        ++k;
      } else if (k < plen && pat[k] == LIKE_ANY_RUN) {
        star_k = k++;
        star_t = t;
      } else if (star_k >= 0) {
        k = star_k + 1;
        int sl;
        decode_utf8(p + star_t, sl);
        star_t += sl;
        t = star_t;
      } else {
        return (int64_t)0;
      }
    }
    while (k < plen && pat[k] == LIKE_ANY_RUN) ++k;
    return (int64_t)(k == plen);
  };
  map_rows(in[0], n, like, [&](int64_t i, int64_t v) { out[i] = (uint8_t)v; });
}

// ------------------------------------------------------------------------------------
// code_points
// ------------------------------------------------------------------------------------

// The characters of every row (0 for null rows) as int64 sizes for the scan.
extern "C" __global__ void str_char_counts(const StrCol* in, int64_t n, int64_t* sizes) {
  auto count = [](const uint8_t* p, int64_t len) { return count_chars(p, len); };
  map_rows(in[0], n, count, [&](int64_t i, int64_t v) { sizes[i] = v; });
}

// Each character of every valid row as the integer of its UTF-8 bytes (é, C3 A9, is
// 0xC3A9), row i's from out[offs[i]].
extern "C" __global__ void str_code_points(const StrCol* in, int64_t n, const int64_t* offs,
                                           int32_t* out) {
  STR_GRID_LOOP(i, n) {
    if (!sc_valid(in[0], i)) continue;
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], i, p, len);
    int64_t o = offs[i];
    for (int64_t k = 0; k < len;) {
      uint32_t v = p[k++];
      while (k < len && is_cont(p[k])) v = (v << 8) | p[k++];
      out[o++] = (int32_t)v;
    }
  }
}

// ------------------------------------------------------------------------------------
// find_multiple, join_strings
// ------------------------------------------------------------------------------------

// out[i * m + j]: the character position of the first d[1] row j in row i of d[0] (-1
// when absent or when row i is null); m targets, n rows.
extern "C" __global__ void str_find_multiple(const StrCol* d, int64_t n, int64_t m,
                                             int32_t* out) {
  STR_GRID_LOOP(k, n * m) {
    int64_t i = k / m, j = k % m, r = -1;
    if (sc_valid(d[0], i)) {
      const uint8_t *p, *t;
      int64_t len, tlen;
      sc_get(d[0], i, p, len);
      sc_get(d[1], j, t, tlen);
      int64_t at = find_bytes(p, 0, len, t, tlen);
      if (at >= 0) r = count_chars(p, at);
    }
    out[k] = (int32_t)r;
  }
}

// The pieces of join_strings: every valid row (a null one as `narep` when has_narep, else
// nothing) followed by `sep`; the host drops the last separator.
extern "C" __global__ void str_join_pieces(const StrCol* in, int64_t n, const uint8_t* sep,
                                           int64_t slen, const uint8_t* narep, int64_t nlen,
                                           int has_narep, int write, int64_t* sizes,
                                           const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      o.put_bytes(p, len);
      o.put_bytes(sep, slen);
    } else if (has_narep) {
      o.put_bytes(narep, nlen);
      o.put_bytes(sep, slen);
    }
    out_end(i, write, o, sizes);
  }
}

// join_list_elements: row i joins the strings d[0] rows list_off[i]..list_off[i + 1] with
// the separator d[1] row i (a scalar or a column; a null one is `sep_narep` when
// has_sep_narep). A null element is `narep` (has_narep; else the row is null) and, unless
// separate_nulls, gets no separator before it and does not ask for one after it. Null:
// null lists, null separators without sep_narep, and (empty_null) lists without a valid
// element, which are empty strings otherwise.
extern "C" __global__ void str_join_list_elements(
    const StrCol* d, int64_t n, const void* list_off, int off64, const uint8_t* list_mask,
    int64_t list_mask_off, const uint8_t* sep_narep, int64_t snlen, int has_sep_narep,
    const uint8_t* narep, int64_t nlen, int has_narep, int separate_nulls, int empty_null,
    uint8_t* flags, int write, int64_t* sizes, const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    int64_t s = off64 ? ((const int64_t*)list_off)[i] : ((const int32_t*)list_off)[i];
    int64_t e = off64 ? ((const int64_t*)list_off)[i + 1] : ((const int32_t*)list_off)[i + 1];
    bool good = (list_mask == 0 || bit_is_set(list_mask, list_mask_off + i)) &&
                (sc_valid(d[1], i) || has_sep_narep) && (!write || flags[i]);
    bool any_valid = false;
    for (int64_t j = s; j < e && good; ++j) {
      bool v = sc_valid(d[0], j);
      any_valid = any_valid || v;
      good = v || has_narep;
    }
    if (good && any_valid) {
      const uint8_t* sep = sep_narep;
      int64_t slen = snlen;
      if (sc_valid(d[1], i)) sc_get(d[1], i, sep, slen);
      bool want_sep = false;
      for (int64_t j = s; j < e; ++j) {
        bool v = sc_valid(d[0], j);
        if (want_sep && (separate_nulls || v)) {
          o.put_bytes(sep, slen);
          want_sep = false;
        }
        const uint8_t* p = narep;
        int64_t len = nlen;
        if (v) sc_get(d[0], j, p, len);
        o.put_bytes(p, len);
        want_sep = want_sep || separate_nulls || v;
      }
    }
    if (!write) flags[i] = good && (any_valid || !empty_null);
    out_end(i, write, o, sizes);
  }
}

// wrap: every character at most ' ' becomes a space; walking the characters, once the
// line started at character `spos` is `width` characters long, the last space seen turns
// into '\n' and the next line starts there (libcudf's rule). Same bytes per row.
extern "C" __global__ void str_wrap(const StrCol* in, int64_t n, int64_t width, int write,
                                    int64_t* sizes, const int64_t* out_off,
                                    uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    int64_t last_b = -1, last_c = -1, spos = 0, pos = 0;
    for (int64_t k = 0; k < len; ++pos) {
      int cl;
      uint32_t c = decode_utf8(p + k, cl);
      if (c <= ' ') {
        o.put(' ');
        last_b = k;
        last_c = pos;
      } else {
        o.put_bytes(p + k, cl);
      }
      if (pos - spos >= width && last_b >= 0) {
        if (o.p) o.p[last_b] = '\n';
        spos = last_c;
        last_b = -1;
        last_c = -1;
      }
      k += cl;
    }
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}
