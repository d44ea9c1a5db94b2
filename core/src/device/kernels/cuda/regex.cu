// Regular expressions: one thread per row walks dense DFAs built on the host
// (core/src/ops/strings/regex/dfa.rs, which documents the table layout and holds the same
// walks in Rust). Compiled after strings.cuh (StrCol, Out, is_cont and the row loops).

#define RE_MATCH 1u
#define RE_DEAD 2u
#define RE_QUIT 4u

struct Dfa {
  uint32_t stride;
  const uint32_t* classes;
  const uint32_t* starts;
  const uint32_t* flags;
  const uint32_t* trans;
};

__device__ __forceinline__ Dfa dfa_at(const uint32_t* w) {
  Dfa d;
  d.stride = w[0];
  uint32_t states = w[1];
  d.classes = w + 4;
  d.starts = d.classes + 256;
  d.flags = d.starts + 514;
  d.trans = d.flags + states;
  return d;
}

__device__ __forceinline__ uint32_t dfa_next(const Dfa& d, uint32_t st, uint8_t b) {
  return __ldg(d.trans + (uint64_t)st * d.stride + __ldg(d.classes + b));
}
__device__ __forceinline__ uint32_t dfa_eoi(const Dfa& d, uint32_t st) {
  return __ldg(d.trans + (uint64_t)st * d.stride + d.stride - 1);
}

// The end of the leftmost-first match from `pos` (the first match end with `earliest`),
// -1 without one, -2 when the DFA quit.
__device__ int64_t dfa_fwd(const Dfa& d, const uint8_t* s, int64_t len, int64_t pos,
                           bool anchored, bool earliest) {
  uint32_t st = __ldg(d.starts + (anchored ? 257 : 0) + (pos == 0 ? 0 : 1 + s[pos - 1]));
  if (__ldg(d.flags + st) & RE_QUIT) return -2;
  int64_t mat = -1;
  for (int64_t at = pos; at < len; ++at) {
    st = dfa_next(d, st, s[at]);
    uint32_t f = __ldg(d.flags + st);
    if (f) {
      if (f & RE_MATCH) {
        mat = at;
        if (earliest) return mat;
      } else if (f & RE_DEAD) {
        return mat;
      } else {
        return -2;
      }
    }
  }
  st = dfa_eoi(d, st);
  if (__ldg(d.flags + st) & RE_MATCH) mat = len;
  return mat;
}

// The start of the match that ends at `end`, walking back no further than `lower`; -1
// without one, -2 when the DFA quit.
__device__ int64_t dfa_rev(const Dfa& d, const uint8_t* s, int64_t len, int64_t end,
                           int64_t lower) {
  uint32_t st = __ldg(d.starts + 257 + (end < len ? 1 + s[end] : 0));
  if (__ldg(d.flags + st) & RE_QUIT) return -2;
  int64_t mat = -1;
  for (int64_t at = end; at > lower;) {
    --at;
    st = dfa_next(d, st, s[at]);
    uint32_t f = __ldg(d.flags + st);
    if (f) {
      if (f & RE_MATCH) {
        mat = at + 1;
      } else if (f & RE_DEAD) {
        return mat;
      } else {
        return -2;
      }
    }
  }
  st = lower > 0 ? dfa_next(d, st, s[lower - 1]) : dfa_eoi(d, st);
  uint32_t f = __ldg(d.flags + st);
  if (f & RE_MATCH) mat = lower;
  else if (f & RE_QUIT) return -2;
  return mat;
}

// Walks successive matches with the iteration rules of Rust's regex (an empty match right
// after the previous one, or inside a UTF-8 character, is skipped). `next` returns false
// when there are no more (or after a quit, with `quit` set).
struct MatchIter {
  int64_t pos = 0, last_end = -1;
  __device__ bool next(const Dfa& f, const Dfa& r, const uint8_t* s, int64_t len, int64_t& b,
                       int64_t& e, bool& quit) {
    while (pos <= len) {
      e = dfa_fwd(f, s, len, pos, false, false);
      if (e == -2) { quit = true; return false; }
      if (e < 0) return false;
      b = dfa_rev(r, s, len, e, pos);
      if (b == -2) { quit = true; return false; }
      if (b < 0) b = e;
      if (b == e && (e == last_end || (e < len && is_cont(s[e])))) {
        pos = e + 1;
        continue;
      }
      last_end = e;
      pos = e;
      return true;
    }
    return false;
  }
};

// op 0: contains (BOOL8), 1: matches at the start (BOOL8), 2: count of matches (INT32).
// A row whose walk quit sets *quit (the host redoes the call).
extern "C" __global__ void re_search(const StrCol* in, int64_t n, const uint32_t* prog,
                                     int64_t rev_off, int op, int* quit, void* out) {
  Dfa f = dfa_at(prog), r = dfa_at(prog + rev_off);
  auto search = [&](const uint8_t* p, int64_t len) {
    int64_t v = 0;
    if (op < 2) {
      int64_t e = dfa_fwd(f, p, len, 0, op == 1, true);
      if (e == -2) *quit = 1;
      v = e >= 0;
    } else {
      MatchIter it;
      int64_t b, e;
      bool q = false;
      while (it.next(f, r, p, len, b, e, q)) ++v;
      if (q) *quit = 1;
    }
    return v;
  };
  map_rows(in[0], n, search, [&](int64_t i, int64_t v) {
    if (op == 2) ((int32_t*)out)[i] = (int32_t)v;
    else ((uint8_t*)out)[i] = (uint8_t)v;
  });
}

// Replace the first `maxrepl` (all when < 0) successive matches by `rep`.
extern "C" __global__ void re_replace(const StrCol* in, int64_t n, const uint32_t* prog,
                                      int64_t rev_off, const uint8_t* rep, int64_t rlen,
                                      int64_t maxrepl, int* quit, int write, int64_t* sizes,
                                      const int64_t* out_off, uint8_t* out_chars) {
  Dfa f = dfa_at(prog), r = dfa_at(prog + rev_off);
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    MatchIter it;
    int64_t b, e, prev = 0, done = 0;
    bool q = false;
    while ((maxrepl < 0 || done < maxrepl) && it.next(f, r, p, len, b, e, q)) {
      o.put_bytes(p + prev, b - prev);
      o.put_bytes(rep, rlen);
      prev = e;
      ++done;
    }
    if (q) *quit = 1;
    o.put_bytes(p + prev, len - prev);
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}
