// Character-class and per-character kernels of plc.strings: capitalize, title, is_title,
// swapcase, char_types and translate, on top of strings.cuh and strings.cu.
//
// Character classes and case mappings come from tables the host builds from Rust's
// `char` (ops/strings/char_types.rs, ops/strings/case.rs), so both paths agree. The
// kernels get them as one array of words `ct`:
//   ct[0] run starts (uint32, sorted), ct[1] the flags of each run (uint8), ct[2] runs,
//   ct[3] upper keys, ct[4] upper values (3 code points a key), ct[5] upper keys count,
//   ct[6] lower keys, ct[7] lower values, ct[8] lower keys count.
// Flags are libcudf's string_character_types bits: DECIMAL 1, NUMERIC 2, DIGIT 4, ALPHA 8,
// SPACE 16, UPPER 32, LOWER 64.

#define CT_UPPER 32u
#define CT_LOWER 64u
#define CT_ALL_TYPES 127u

// The flags of code point c: those of the last run starting at or before it.
__device__ __forceinline__ uint32_t ct_flags(const uint64_t* ct, uint32_t c) {
  const uint32_t* starts = (const uint32_t*)ct[0];
  const uint8_t* flags = (const uint8_t*)ct[1];
  int64_t lo = 0, hi = (int64_t)ct[2];
  while (lo < hi) {
    int64_t mid = (lo + hi) >> 1;
    if (starts[mid] <= c) lo = mid + 1; else hi = mid;
  }
  return lo > 0 ? flags[lo - 1] : 0u;
}

// Put the upper- (upper = 1) or lower-case mapping of code point c.
__device__ __forceinline__ void ct_put_case(Out& o, const uint64_t* ct, uint32_t c, int upper) {
  if (c < 0x80) {
    if (upper && c >= 'a' && c <= 'z') c -= 32;
    if (!upper && c >= 'A' && c <= 'Z') c += 32;
    o.put((uint8_t)c);
    return;
  }
  const uint32_t* keys = (const uint32_t*)ct[upper ? 3 : 6];
  const uint32_t* vals = (const uint32_t*)ct[upper ? 4 : 7];
  int64_t j = find_key(keys, (int64_t)ct[upper ? 5 : 8], c);
  if (j >= 0) put_mapped(o, vals, j);
  else o.put_char(c);
}

// Whether c is one of the `ndelims` code points of `delims`.
__device__ __forceinline__ bool cp_in(const uint32_t* set, int64_t nset, uint32_t c) {
  for (int64_t k = 0; k < nset; ++k)
    if (set[k] == c) return true;
  return false;
}

// mode 0 capitalize: the first character and every character after one of `delims` upper,
// the others lower. mode 1 title: the first character of every run of characters whose
// flags meet `seq_types` upper, the rest of the run lower, other characters unchanged.
// mode 2 swapcase: upper-case characters lower, lower-case ones upper.
extern "C" __global__ void str_recase(const StrCol* in, int64_t n, int mode,
                                      const uint32_t* delims, int64_t ndelims,
                                      uint32_t seq_types, const uint64_t* ct, int write,
                                      int64_t* sizes, const int64_t* out_off,
                                      uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    bool first = true;
    for_each_char(p, len, [&](uint32_t c, int64_t, int) {
      if (mode == 0) {
        ct_put_case(o, ct, c, first);
        first = cp_in(delims, ndelims, c);
      } else if (mode == 1) {
        if (ct_flags(ct, c) & seq_types) {
          ct_put_case(o, ct, c, first);
          first = false;
        } else {
          o.put_char(c);
          first = true;
        }
      } else {
        uint32_t f = ct_flags(ct, c);
        if (f & CT_UPPER) ct_put_case(o, ct, c, 0);
        else if (f & CT_LOWER) ct_put_case(o, ct, c, 1);
        else o.put_char(c);
      }
    });
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// Whether each row is title-cased: at least one cased character, every upper-case
// character follows an uncased one and every lower-case one follows a cased one.
extern "C" __global__ void str_is_title(const StrCol* in, int64_t n, const uint64_t* ct,
                                        uint8_t* out) {
  auto is_title = [&](const uint8_t* p, int64_t len) {
    bool prev_cased = false, any = false;
    for (int64_t k = 0; k < len;) {
      int cl;
      uint32_t f = ct_flags(ct, decode_utf8(p + k, cl));
      k += cl;
      if (f & CT_UPPER) {
        if (prev_cased) return (int64_t)0;
        prev_cased = any = true;
      } else if (f & CT_LOWER) {
        if (!prev_cased) return (int64_t)0;
      } else {
        prev_cased = false;
      }
    }
    return (int64_t)any;
  };
  map_rows(in[0], n, is_title, [&](int64_t i, int64_t v) { out[i] = (uint8_t)v; });
}

// Whether every checked character of a row has one of the flags `types`; a character is
// checked when `verify` is ALL_TYPES or it has one of the flags `verify`. A row with no
// checked character gives false.
extern "C" __global__ void str_all_of_type(const StrCol* in, int64_t n, uint32_t types,
                                           uint32_t verify, const uint64_t* ct,
                                           uint8_t* out) {
  auto all = [&](const uint8_t* p, int64_t len) {
    int64_t checked = 0;
    for (int64_t k = 0; k < len;) {
      int cl;
      uint32_t f = ct_flags(ct, decode_utf8(p + k, cl));
      k += cl;
      if (verify == CT_ALL_TYPES || (f & verify)) {
        if (!(f & types)) return (int64_t)0;
        ++checked;
      }
    }
    return (int64_t)(checked > 0);
  };
  map_rows(in[0], n, all, [&](int64_t i, int64_t v) { out[i] = (uint8_t)v; });
}

// Replace by `repl` every character with one of the flags `remove` (when `keep` is
// ALL_TYPES) or with none of the flags `keep` (otherwise).
extern "C" __global__ void str_filter_of_type(const StrCol* in, int64_t n, uint32_t remove,
                                              uint32_t keep, const uint8_t* repl,
                                              int64_t rlen, const uint64_t* ct, int write,
                                              int64_t* sizes, const int64_t* out_off,
                                              uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    for (int64_t k = 0; k < len;) {
      int cl;
      uint32_t f = ct_flags(ct, decode_utf8(p + k, cl));
      bool drop = keep == CT_ALL_TYPES ? (f & remove) != 0 : (f & keep) == 0;
      if (drop) o.put_bytes(repl, rlen);
      else o.put_bytes(p + k, cl);
      k += cl;
    }
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// Map every character found in `keys` (sorted code points) to its value: the bytes
// vals[voff[j] .. voff[j + 1]] (empty: the character is removed).
extern "C" __global__ void str_translate(const StrCol* in, int64_t n, const uint32_t* keys,
                                         const int64_t* voff, const uint8_t* vals,
                                         int64_t nkeys, int write, int64_t* sizes,
                                         const int64_t* out_off, uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    for_each_char(p, len, [&](uint32_t c, int64_t k, int cl) {
      int64_t j = find_key(keys, nkeys, c);
      if (j >= 0) o.put_bytes(vals + voff[j], voff[j + 1] - voff[j]);
      else o.put_bytes(p + k, cl);
    });
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// Keep (keep = 1) or remove the characters inside the inclusive code point ranges
// `ranges` (pairs); every character not kept is replaced by `repl`.
extern "C" __global__ void str_filter_chars(const StrCol* in, int64_t n, const uint32_t* ranges,
                                            int64_t nranges, int keep, const uint8_t* repl,
                                            int64_t rlen, int write, int64_t* sizes,
                                            const int64_t* out_off, uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    for_each_char(p, len, [&](uint32_t c, int64_t k, int cl) {
      bool inside = false;
      for (int64_t r = 0; r < nranges && !inside; ++r)
        inside = ranges[2 * r] <= c && c <= ranges[2 * r + 1];
      if (inside == (keep != 0)) o.put_bytes(p + k, cl);
      else o.put_bytes(repl, rlen);
    });
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}
