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

// op 0: contains (BOOL8), 1: matches at the start (BOOL8), 2: count of matches (INT32),
// 3: the character position where the first match starts, -1 without one (INT32).
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
    } else if (op == 2) {
      MatchIter it;
      int64_t b, e;
      bool q = false;
      while (it.next(f, r, p, len, b, e, q)) ++v;
      if (q) *quit = 1;
    } else {
      MatchIter it;
      int64_t b, e;
      bool q = false;
      v = -1;
      if (it.next(f, r, p, len, b, e, q)) {
        v = 0;
        for (int64_t k = 0; k < b; ++k) v += !is_cont(p[k]);
      }
      if (q) *quit = 1;
    }
    return v;
  };
  map_rows(in[0], n, search, [&](int64_t i, int64_t v) {
    if (op >= 2) ((int32_t*)out)[i] = (int32_t)v;
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

// ------------------------------------------------------------------------------------
// findall and split_re: items of a row given by match spans
// ------------------------------------------------------------------------------------

// The items of a row, as byte spans passed to emit(b, e): kind 0 (findall) every match;
// kind 1 (split_re) the tokens around the first `maxsplit` matches (all when <= 0), kind 2
// (rsplit_re) around the last `maxsplit` ones. `nmatch` is the row's number of matches
// (used by kind 2 only). Returns false when the walk quit.
template <class Emit>
__device__ bool re_items(const Dfa& f, const Dfa& r, const uint8_t* p, int64_t len, int kind,
                         int64_t maxsplit, int64_t nmatch, Emit emit) {
  MatchIter it;
  int64_t b, e, k = 0, prev = 0;
  bool q = false;
  int64_t splits = maxsplit > 0 && maxsplit < nmatch ? maxsplit : nmatch;
  int64_t skip = kind == 2 ? nmatch - splits : 0;
  while ((kind != 1 || maxsplit <= 0 || k < maxsplit) && it.next(f, r, p, len, b, e, q)) {
    if (kind == 0) {
      emit(b, e);
    } else if (k >= skip) {
      emit(prev, b);
      prev = e;
    }
    ++k;
  }
  if (kind != 0 && !q) emit(prev, len);
  return !q;
}

// The number of items of every valid row (n + 1 entries, the last 0; a null row has
// none): kind 0 its matches, kinds 1 and 2 its tokens (the splits made, plus one), kind 3
// its matches times `maxsplit` (there the number of capture groups, for
// extract_all_record).
// `max_count` gets the largest.
extern "C" __global__ void re_items_count(const StrCol* in, int64_t n, const uint32_t* prog,
                                          int64_t rev_off, int kind, int64_t maxsplit,
                                          int* quit, int64_t* counts,
                                          unsigned long long* max_count) {
  Dfa f = dfa_at(prog), r = dfa_at(prog + rev_off);
  STR_GRID_LOOP(i, n + 1) {
    int64_t c = 0;
    if (i < n && sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      MatchIter it;
      int64_t b, e;
      bool q = false;
      while (it.next(f, r, p, len, b, e, q)) ++c;
      if (q) *quit = 1;
      if (kind == 3) c *= maxsplit;
      else if (kind != 0) c = (maxsplit > 0 && maxsplit < c ? maxsplit : c) + 1;
      atomicMax(max_count, (unsigned long long)c);
    }
    counts[i] = c;
  }
}

// The byte spans of every valid row's items, from `offsets[i]` (exclusive sums of the
// counts of re_items_count) in `spans` (begin, end pairs).
extern "C" __global__ void re_items_spans(const StrCol* in, int64_t n, const uint32_t* prog,
                                          int64_t rev_off, int kind, int64_t maxsplit,
                                          int* quit, const int64_t* offsets, int64_t* spans) {
  Dfa f = dfa_at(prog), r = dfa_at(prog + rev_off);
  STR_GRID_LOOP(i, n) {
    if (!sc_valid(in[0], i)) continue;
    const uint8_t* p;
    int64_t len;
    sc_get(in[0], i, p, len);
    int64_t nmatch = 0;
    if (kind == 2) {
      MatchIter it;
      int64_t b, e;
      bool q = false;
      while (it.next(f, r, p, len, b, e, q)) ++nmatch;
    }
    int64_t* out = spans + 2 * offsets[i];
    int64_t room = offsets[i + 1] - offsets[i], k = 0;
    bool ok = re_items(f, r, p, len, kind, maxsplit, nmatch, [&](int64_t b, int64_t e) {
      if (k < room) {
        out[2 * k] = b;
        out[2 * k + 1] = e;
      }
      ++k;
    });
    if (!ok) *quit = 1;
  }
}

// The strings of flat items (the child of a LIST<STRING>): item q is the span
// spans[2q..2q+2) of row rows[q]; a negative begin is a null item. `valid[q]` gets the
// item's validity in the size pass.
extern "C" __global__ void re_span_strings(const StrCol* in, int64_t total, const int32_t* rows,
                                           const int64_t* spans, uint8_t* valid, int write,
                                           int64_t* sizes, const int64_t* out_off,
                                           uint8_t* out_chars) {
  STR_GRID_LOOP(q, total) {
    Out o = out_begin(q, write, out_off, out_chars);
    int64_t b = spans[2 * q], e = spans[2 * q + 1];
    if (b >= 0) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], rows[q], p, len);
      o.put_bytes(p + b, e - b);
    }
    if (!write) valid[q] = b >= 0;
    out_end(q, write, o, sizes);
  }
}

// Item `j` of every row as one STRING column (column j of split_re or extract): null where
// the row is null, has fewer items, or the item is null.
extern "C" __global__ void re_span_column(const StrCol* in, int64_t n, const int64_t* offsets,
                                          const int64_t* spans, int64_t j, uint8_t* valid,
                                          int write, int64_t* sizes, const int64_t* out_off,
                                          uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    bool ok = false;
    if (sc_valid(in[0], i) && j < offsets[i + 1] - offsets[i]) {
      int64_t b = spans[2 * (offsets[i] + j)], e = spans[2 * (offsets[i] + j) + 1];
      if (b >= 0) {
        const uint8_t* p;
        int64_t len;
        sc_get(in[0], i, p, len);
        o.put_bytes(p + b, e - b);
        ok = true;
      }
    }
    if (!write) valid[i] = ok;
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// Capture groups: a Pike VM over the flat Thompson NFA of
// core/src/ops/strings/regex/capture.rs (which documents the layout and holds the same
// walk in Rust, CaptureProgram::captures).
// ------------------------------------------------------------------------------------

#define VM_RANGE 0u
#define VM_SPARSE 1u
#define VM_LOOK 2u
#define VM_UNION 3u
#define VM_CAPTURE 4u
#define VM_FAIL 5u
#define VM_MATCH 6u

struct CapProg {
  uint32_t states, slots, stack, start;
  const uint32_t* st;
  const uint32_t* extra;
};

__device__ __forceinline__ CapProg cap_at(const uint32_t* w) {
  CapProg c;
  c.states = w[0];
  c.slots = w[1];
  c.stack = w[2];
  c.start = w[3];
  c.st = w + 8;
  c.extra = c.st + 4 * (uint64_t)c.states;
  return c;
}

// One list of VM threads: a sparse set of states (no initialization needed), each with
// its capture slots.
struct VmList {
  uint32_t* dense;
  uint32_t* sparse;
  int64_t* slots;
  uint32_t len;
  __device__ __forceinline__ bool insert(uint32_t sid) {
    uint32_t i = dense[sid];
    if (i < len && sparse[i] == sid) return false;
    dense[sid] = len;
    sparse[len++] = sid;
    return true;
  }
};

__device__ __forceinline__ bool vm_word(uint8_t b) {
  return (b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || b == '_';
}

// Whether look `look` (its bit index in regex-automata's Look) holds at `pos`: 1, 0, or -1
// when a Unicode word look meets a non-ASCII neighbour (the host redoes the call).
__device__ int vm_look(uint32_t look, const uint8_t* s, int64_t len, int64_t pos) {
  int before = pos > 0 ? s[pos - 1] : -1, after = pos < len ? s[pos] : -1;
  if (look == 8 || look == 9 || look == 12 || look == 13 || look == 16 || look == 17) {
    if (before >= 0x80 || after >= 0x80) return -1;
    look -= 2;
  }
  bool wb = before >= 0 && vm_word((uint8_t)before), wa = after >= 0 && vm_word((uint8_t)after);
  switch (look) {
    case 0: return before < 0;
    case 1: return after < 0;
    case 2: return before < 0 || before == '\n';
    case 3: return after < 0 || after == '\n';
    case 4: return before < 0 || before == '\n' || (before == '\r' && after != '\n');
    case 5: return after < 0 || after == '\r' || (after == '\n' && before != '\r');
    case 6: return wb != wa;
    case 7: return wb == wa;
    case 10: return !wb && wa;
    case 11: return wb && !wa;
    case 14: return !wb;
    case 15: return !wa;
    default: return 0;
  }
}

// Follow the epsilon transitions from `sid` at `pos` into `l` in priority order, with the
// slots in `cur` (restored on the way back through the stack's frames: slot >= 0 restores
// that slot, -1 explores a state). False when a look quit.
__device__ bool vm_add(const CapProg& c, VmList& l, int64_t* stk, int64_t* cur, uint32_t sid0,
                       const uint8_t* s, int64_t len, int64_t pos) {
  int64_t top = 0;
  stk[0] = -1;
  stk[1] = sid0;
  top = 1;
  while (top > 0) {
    --top;
    int64_t slot = stk[2 * top], v = stk[2 * top + 1];
    if (slot >= 0) {
      cur[slot] = v;
      continue;
    }
    uint32_t sid = (uint32_t)v;
    while (l.insert(sid)) {
      const uint32_t* st = c.st + 4 * (uint64_t)sid;
      uint32_t op = st[0], a = st[1], b = st[2];
      if (op == VM_LOOK) {
        int m = vm_look(a, s, len, pos);
        if (m < 0) return false;
        if (!m) break;
        sid = b;
      } else if (op == VM_UNION) {
        for (uint32_t k = b; k-- > 1;) {
          stk[2 * top] = -1;
          stk[2 * top + 1] = c.extra[a + k];
          ++top;
        }
        sid = c.extra[a];
      } else if (op == VM_CAPTURE) {
        if (a < c.slots) {
          stk[2 * top] = a;
          stk[2 * top + 1] = cur[a];
          ++top;
          cur[a] = pos;
        }
        sid = b;
      } else if (op == VM_FAIL) {
        break;
      } else {
        for (uint32_t k = 0; k < c.slots; ++k) l.slots[(uint64_t)sid * c.slots + k] = cur[k];
        break;
      }
    }
  }
  return true;
}

// The slots of the leftmost-first match anchored at `at` into `best`: 1, 0 without a
// match, -1 when a look quit. `scratch` holds the words CaptureProgram::scratch_words says.
__device__ int vm_captures(const CapProg& c, const uint8_t* s, int64_t len, int64_t at,
                           int64_t* scratch, int64_t*& best) {
  uint64_t ss = (uint64_t)c.states * c.slots;
  VmList lists[2];
  lists[0].slots = scratch;
  lists[1].slots = scratch + ss;
  int64_t* cur = scratch + 2 * ss;
  best = cur + c.slots;
  int64_t* stk = best + c.slots;
  uint32_t* sets = (uint32_t*)(stk + 2 * (uint64_t)c.stack);
  lists[0].dense = sets;
  lists[0].sparse = sets + c.states;
  lists[1].dense = sets + 2 * (uint64_t)c.states;
  lists[1].sparse = sets + 3 * (uint64_t)c.states;
  lists[0].len = lists[1].len = 0;
  for (uint32_t k = 0; k < c.slots; ++k) cur[k] = -1;
  bool found = false;
  int64_t pos = at;
  if (!vm_add(c, lists[0], stk, cur, c.start, s, len, pos)) return -1;
  int w = 0;
  for (;;) {
    VmList& cl = lists[w];
    VmList& nl = lists[w ^ 1];
    if (cl.len == 0) break;
    nl.len = 0;
    for (uint32_t k = 0; k < cl.len; ++k) {
      uint32_t sid = cl.sparse[k];
      const uint32_t* st = c.st + 4 * (uint64_t)sid;
      uint32_t op = st[0], a = st[1], b = st[2];
      int64_t next = -1;
      if (op == VM_MATCH) {
        for (uint32_t q = 0; q < c.slots; ++q) best[q] = cl.slots[(uint64_t)sid * c.slots + q];
        found = true;
        break;  // lower-priority threads are cut off
      }
      if (pos < len && op == VM_RANGE) {
        uint32_t byte = s[pos];
        if ((a & 0xFF) <= byte && byte <= (a >> 8)) next = b;
      } else if (pos < len && op == VM_SPARSE) {
        uint32_t byte = s[pos];
        for (uint32_t t = 0; t < b; ++t) {
          const uint32_t* tr = c.extra + a + 3 * t;
          if (tr[0] <= byte && byte <= tr[1]) {
            next = tr[2];
            break;
          }
        }
      }
      if (next >= 0) {
        for (uint32_t q = 0; q < c.slots; ++q) cur[q] = cl.slots[(uint64_t)sid * c.slots + q];
        if (!vm_add(c, nl, stk, cur, (uint32_t)next, s, len, pos + 1)) return -1;
      }
    }
    if (pos >= len) break;
    ++pos;
    w ^= 1;
  }
  return found ? 1 : 0;
}

// The capture-group spans of every row (`groups` items per match, a group that took no
// part gets begin -1). all = 0 (extract): the first match of each row, items at
// offsets[i] = i * groups (written here, n + 1 entries), a row without a match all -1.
// all = 1 (extract_all_record): every match, items from the scanned offsets[i];
// row_valid[i] says whether the row had a match. Each GPU thread runs its VM in its own
// `per_thread` words of `scratch`. A VM whose match disagrees with the DFAs', or a quit,
// sets *quit.
extern "C" __global__ void re_capture_spans(const StrCol* in, int64_t n, const uint32_t* prog,
                                            int64_t rev_off, const uint32_t* cap, int all,
                                            int64_t groups, int* quit, int64_t* offsets,
                                            int64_t* spans, uint8_t* row_valid,
                                            int64_t* scratch, int64_t per_thread) {
  Dfa f = dfa_at(prog), r = dfa_at(prog + rev_off);
  CapProg c = cap_at(cap);
  int64_t* scr = scratch + ((int64_t)blockIdx.x * blockDim.x + threadIdx.x) * per_thread;
  STR_GRID_LOOP(i, n + 1) {
    if (!all) offsets[i] = i * groups;
    if (i == n) continue;
    int64_t* out = spans + 2 * (all ? offsets[i] : i * groups);
    if (!all)
      for (int64_t g = 0; g < groups; ++g) out[2 * g] = out[2 * g + 1] = -1;
    int64_t k = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      MatchIter it;
      int64_t b, e;
      bool q = false;
      while (it.next(f, r, p, len, b, e, q)) {
        int64_t* best;
        int m = vm_captures(c, p, len, b, scr, best);
        if (m != 1 || best[0] != b || best[1] != e) {
          *quit = 1;
          break;
        }
        int64_t* o = out + 2 * k * groups;
        for (int64_t g = 0; g < groups; ++g) {
          o[2 * g] = best[2 + 2 * g];
          o[2 * g + 1] = best[3 + 2 * g];
        }
        ++k;
        if (!all) break;
      }
      if (q) *quit = 1;
    }
    if (all) row_valid[i] = k > 0;
  }
}

// ------------------------------------------------------------------------------------
// replace_with_backrefs
// ------------------------------------------------------------------------------------

// Row i with its first `maxrepl` (all when < 0) matches replaced by a template. The row's
// match spans are mspans from moff[i] (re_items_spans, kind 0); the groups of its m-th
// match are gspans at ((moff[i] + m) * groups) (re_capture_spans with all = 1). Template
// piece q is (kind, x, y): kind 0 the template bytes [x, y), kind 1 the text of group x
// (0: the whole match; a group that took no part writes nothing).
extern "C" __global__ void re_backrefs(const StrCol* in, int64_t n, const int64_t* moff,
                                       const int64_t* mspans, const int64_t* gspans,
                                       int64_t groups, const int64_t* pieces, int64_t npieces,
                                       const uint8_t* tmpl, int64_t maxrepl, int write,
                                       int64_t* sizes, const int64_t* out_off,
                                       uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      int64_t first = moff[i], count = moff[i + 1] - first;
      if (maxrepl >= 0 && count > maxrepl) count = maxrepl;
      int64_t prev = 0;
      for (int64_t m = 0; m < count; ++m) {
        int64_t b = mspans[2 * (first + m)], e = mspans[2 * (first + m) + 1];
        o.put_bytes(p + prev, b - prev);
        for (int64_t q = 0; q < npieces; ++q) {
          int64_t kind = pieces[3 * q], x = pieces[3 * q + 1], y = pieces[3 * q + 2];
          if (kind == 0) {
            o.put_bytes(tmpl + x, y - x);
          } else if (x == 0) {
            o.put_bytes(p + b, e - b);
          } else {
            const int64_t* g = gspans + 2 * ((first + m) * groups + x - 1);
            if (g[0] >= 0) o.put_bytes(p + g[0], g[1] - g[0]);
          }
        }
        prev = e;
      }
      o.put_bytes(p + prev, len - prev);
    }
    out_end(i, write, o, sizes);
  }
}
