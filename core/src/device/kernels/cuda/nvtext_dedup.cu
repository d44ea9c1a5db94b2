// nvtext.deduplicate (`device/kernels/nvtext_dedup.rs`): the suffix array of a column's
// bytes by prefix doubling, and the duplicate substrings found from it. Compiled in the
// strings module after strings.cuh (Out, STR_GRID_LOOP) and nvtext.cu (nvt_compare). The
// host twin is ops/nvtext/deduplicate.rs, step for step (libsais builds its arrays).
//
// Prefix doubling ranks every suffix by its first h bytes, h = 7, 14, 28, ... until all
// ranks differ. Ranks start at 1; 0 stands for "past the end", so a suffix that ends
// inside the first h bytes sorts before every longer one that shares its bytes.

// The longest duplicate libcudf reports (its sizes are int16).
#define DEDUP_MAX_WIDTH 32767

// The first key of suffix i: its first 7 bytes (zero-padded) then how many of them are
// real (at most 7), so a suffix shorter than 7 bytes sorts before one that continues with
// zero bytes.
extern "C" __global__ void dedup_initial_keys(const uint8_t* text, int64_t n, uint64_t* keys) {
  STR_GRID_LOOP(i, n) {
    int64_t rem = n - i;
    uint64_t k = 0;
    for (int j = 0; j < 7; ++j) k = (k << 8) | (j < rem ? text[i + j] : 0);
    keys[i] = (k << 8) | (uint64_t)(rem < 7 ? rem : 7);
  }
}

// The key of suffix i after doubling h: its rank by h bytes, then the rank of the suffix
// h bytes later (0 past the end).
extern "C" __global__ void dedup_pair_keys(const int32_t* rank, int64_t n, int64_t h,
                                           uint64_t* keys) {
  STR_GRID_LOOP(i, n) {
    uint64_t second = i + h < n ? (uint64_t)(uint32_t)rank[i + h] : 0;
    keys[i] = ((uint64_t)(uint32_t)rank[i] << 32) | second;
  }
}

// starts[p] = 1 where the p-th smallest key differs from the one before it; an inclusive
// sum of these is the rank of the p-th suffix.
extern "C" __global__ void dedup_rank_starts(const uint64_t* keys, const int32_t* order,
                                             int64_t n, int32_t* starts) {
  STR_GRID_LOOP(p, n) {
    starts[p] = (p == 0 || keys[order[p]] != keys[order[p - 1]]) ? 1 : 0;
  }
}

// rank[order[p]] = scanned[p].
extern "C" __global__ void dedup_scatter_ranks(const int32_t* scanned, const int32_t* order,
                                               int64_t n, int32_t* rank) {
  STR_GRID_LOOP(p, n) { rank[order[p]] = scanned[p]; }
}

// keep[p]: whether the p-th suffix starts before `size` (libcudf's array leaves out the
// last min_width - 1 positions).
extern "C" __global__ void dedup_keep_below(const int32_t* order, int64_t n, int64_t size,
                                            uint8_t* keep) {
  STR_GRID_LOOP(p, n) { keep[p] = order[p] < size ? 1 : 0; }
}

// Sets *bad when an index is outside [0, n).
extern "C" __global__ void dedup_check_indices(const int32_t* idx, int64_t m, int64_t n,
                                               uint32_t* bad) {
  STR_GRID_LOOP(k, m) {
    if (idx[k] < 0 || idx[k] >= n) *bad = 1;
  }
}

// The common prefix of text1[a..n1) and text2[b..n2), at most DEDUP_MAX_WIDTH bytes.
__device__ __forceinline__ int32_t dedup_common(const uint8_t* t1, int64_t n1, int64_t a,
                                                const uint8_t* t2, int64_t n2, int64_t b) {
  int64_t m = n1 - a < n2 - b ? n1 - a : n2 - b;
  if (m > DEDUP_MAX_WIDTH) m = DEDUP_MAX_WIDTH;
  int64_t k = 0;
  while (k < m && t1[a + k] == t2[b + k]) ++k;
  return (int32_t)k;
}

// For the k-th suffix of the array: the bytes it shares with the (k-1)-th when at least
// `width`, else 0 (and keep[k] = whether it is not 0).
extern "C" __global__ void dedup_adjacent_sizes(const uint8_t* text, int64_t n, const int32_t* sa,
                                                int64_t m, int32_t width, int32_t* sizes,
                                                uint8_t* keep) {
  STR_GRID_LOOP(k, m) {
    int32_t s = k > 0 ? dedup_common(text, n, sa[k - 1], text, n, sa[k]) : 0;
    if (s < width) s = 0;
    sizes[k] = s;
    keep[k] = s != 0;
  }
}

// For the k-th suffix of text1's array: the most bytes it shares with any suffix of
// text2 (the lower bound of it in text2's array, or the suffix before that) when at least
// `width`, else 0.
extern "C" __global__ void dedup_pair_sizes(const uint8_t* t1, int64_t n1, const int32_t* sa1,
                                            int64_t m1, const uint8_t* t2, int64_t n2,
                                            const int32_t* sa2, int64_t m2, int32_t width,
                                            int32_t* sizes, uint8_t* keep) {
  STR_GRID_LOOP(k, m1) {
    int64_t a = sa1[k];
    int64_t lo = 0, hi = m2;
    while (lo < hi) {
      int64_t mid = (lo + hi) >> 1;
      int64_t b = sa2[mid];
      if (nvt_compare(t2 + b, n2 - b, t1 + a, n1 - a) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
    int32_t s = 0;
    if (lo < m2) s = dedup_common(t1, n1, a, t2, n2, sa2[lo]);
    if (lo > 0) {
      int32_t t = dedup_common(t1, n1, a, t2, n2, sa2[lo - 1]);
      if (t > s) s = t;
    }
    if (s < width) s = 0;
    sizes[k] = s;
    keep[k] = s != 0;
  }
}

// keep[k]: whether candidate k (ordered by offset) is not covered by the candidate that
// starts one byte before it. A candidate as long as its predecessor is kept, except inside
// a chain of maximal (DEDUP_MAX_WIDTH) candidates, where only every DEDUP_MAX_WIDTH-th
// link survives, so a duplicate longer than the cap comes out as consecutive pieces.
extern "C" __global__ void dedup_collapse(const int32_t* offs, const int32_t* sizes, int64_t m,
                                          uint8_t* keep) {
  STR_GRID_LOOP(k, m) {
    int32_t size = sizes[k];
    int32_t off = offs[k];
    bool kept = true;
    if (k > 0 && offs[k - 1] == off - 1) {
      if (size < sizes[k - 1]) {
        kept = false;
      } else if (size == sizes[k - 1] && size == DEDUP_MAX_WIDTH) {
        int64_t prev = k - DEDUP_MAX_WIDTH;
        int64_t prev_off = off;
        while (prev >= 0) {
          if (offs[prev] != prev_off - DEDUP_MAX_WIDTH) {
            prev = -1;
          } else {
            int32_t next = k + 1 < m ? sizes[k + 1] : 0;
            if (next < size) break;  // the chain's last link
            prev_off = offs[prev];
            if (prev == 0 || prev_off - 1 != offs[prev - 1]) break;
            prev -= DEDUP_MAX_WIDTH;
          }
        }
        kept = prev >= 0;
      }
    }
    keep[k] = kept;
  }
}

// Duplicate q narrowed to whole UTF-8 characters: a common prefix may start or end inside
// a character (its suffixes start at every byte), which would not be a valid string.
extern "C" __global__ void dedup_trim(const uint8_t* text, const int32_t* offs,
                                      const int32_t* sizes, int64_t m, int32_t* new_offs,
                                      int32_t* new_sizes) {
  STR_GRID_LOOP(q, m) {
    int64_t start = offs[q], end = start + sizes[q];
    while (start < end && (text[start] & 0xC0) == 0x80) ++start;
    int64_t k = end - 1;
    while (k > start && (text[k] & 0xC0) == 0x80) --k;
    if (k >= start) {
      uint8_t b = text[k];
      int64_t need = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
      if (k + need > end) end = k;
    }
    new_offs[q] = (int32_t)start;
    new_sizes[q] = (int32_t)(end - start);
  }
}

// Row q: text[offs[q] .. offs[q] + sizes[q]) (two passes, see build_strings).
extern "C" __global__ void dedup_take(const uint8_t* text, const int32_t* offs,
                                      const int32_t* sizes, int64_t m, int write,
                                      int64_t* out_sizes, const int64_t* out_off,
                                      uint8_t* out_chars) {
  STR_GRID_LOOP(q, m) {
    Out o = out_begin(q, write, out_off, out_chars);
    o.put_bytes(text + offs[q], sizes[q]);
    out_end(q, write, o, out_sizes);
  }
}
