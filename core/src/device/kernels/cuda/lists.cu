// The lists family's row maps. Every kernel reads a list column through its INT32
// absolute offsets `offs` (n + 1 entries: row i holds child rows offs[i]..offs[i+1]) and
// writes INT32 maps, positions or flags that the host side turns into gathers; null rows
// come from the caller's masks (`mask`, `moff`: bit moff + i of row i, no mask when null).

#define NULL_ROW 2147483647

__device__ __forceinline__ bool row_valid(const uint8_t* mask, int64_t moff, int64_t i) {
  return !mask || bit_is_set(mask, moff + i);
}

// The last row k in [0, n) with offs[k] <= p: the row holding child row p (empty rows
// share their offset with the next row, which wins).
__device__ __forceinline__ int64_t row_of(const int32_t* offs, int64_t n, int64_t p) {
  int64_t lo = 0, hi = n;
  while (hi - lo > 1) {
    int64_t mid = (lo + hi) >> 1;
    if (offs[mid] <= p) lo = mid; else hi = mid;
  }
  return lo;
}

// The first index in sorted `v` (m entries) whose value is >= x.
__device__ __forceinline__ int64_t lower_bound_i32(const int32_t* v, int64_t m, int64_t x) {
  int64_t lo = 0, hi = m;
  while (lo < hi) {
    int64_t mid = (lo + hi) >> 1;
    if (v[mid] < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// count_elements: the size of every row.
extern "C" __global__ void list_sizes(const int32_t* offs, int64_t n, int32_t* out) {
  GRID_STRIDE(i, n) { out[i] = offs[i + 1] - offs[i]; }
}

// The row of each child row offs[0] + p, p < total.
extern "C" __global__ void element_rows(const int32_t* offs, int64_t n, int64_t total,
                                        int32_t* out) {
  GRID_STRIDE(p, total) { out[p] = (int32_t)row_of(offs, n, offs[0] + p); }
}

// The position of each child row offs[0] + p inside its list.
extern "C" __global__ void element_positions(const int32_t* offs, const int32_t* rows,
                                             int64_t total, int32_t* out) {
  GRID_STRIDE(p, total) { out[p] = (int32_t)(offs[0] + p - offs[rows[p]]); }
}

// n int32 sizes widened into n + 1 int64 values (the last 0), for an exclusive scan.
extern "C" __global__ void widen_sizes(const int32_t* sizes, int64_t n, int64_t* out) {
  GRID_STRIDE(i, n + 1) { out[i] = i < n ? (int64_t)sizes[i] : 0; }
}

// explode: rows emitted per list row (outer: at least one, for null and empty lists).
extern "C" __global__ void explode_counts(const int32_t* offs, const uint8_t* mask,
                                          int64_t moff, int64_t n, int32_t outer,
                                          int32_t* out) {
  GRID_STRIDE(i, n) {
    int32_t s = row_valid(mask, moff, i) ? offs[i + 1] - offs[i] : 0;
    out[i] = (outer && s == 0) ? 1 : s;
  }
}

// explode: for output row q (out_offs: exclusive offsets of the counts), the input row,
// the child row (NULL_ROW for the row of a null or empty list) and the position in the
// list (0 there).
extern "C" __global__ void explode_maps(const int32_t* out_offs, const int32_t* offs,
                                        const uint8_t* mask, int64_t moff, int64_t n,
                                        int64_t total, int32_t* rows, int32_t* elems,
                                        int32_t* pos) {
  GRID_STRIDE(q, total) {
    int64_t i = row_of(out_offs, n, q);
    int64_t j = q - out_offs[i];
    bool has = row_valid(mask, moff, i) && offs[i + 1] > offs[i];
    rows[q] = (int32_t)i;
    elems[q] = has ? (int32_t)(offs[i] + j) : NULL_ROW;
    pos[q] = (int32_t)j;
  }
}

// extract_list_element: the child row of element k of each list (negative k counts from
// the end), NULL_ROW for null lists, null indices and indices outside the list. `index`
// (INT32, mask `imask` at `ioff`) gives k per row when not null, else k is `k0`.
extern "C" __global__ void extract_map(const int32_t* offs, const uint8_t* mask, int64_t moff,
                                       int64_t n, const int32_t* index, const uint8_t* imask,
                                       int64_t ioff, int64_t k0, int32_t* out) {
  GRID_STRIDE(i, n) {
    int64_t s = offs[i + 1] - offs[i];
    int64_t k = index ? (int64_t)index[i] : k0;
    bool ok = row_valid(mask, moff, i) && (!index || row_valid(imask, ioff, i));
    if (k < 0) k += s;
    out[i] = (ok && k >= 0 && k < s) ? (int32_t)(offs[i] + k) : NULL_ROW;
  }
}

// contains_nulls: whether a valid row holds a null element (child mask `cmask` at `coff`).
extern "C" __global__ void rows_with_nulls(const int32_t* offs, int64_t n, const uint8_t* cmask,
                                           int64_t coff, uint8_t* out) {
  GRID_STRIDE(i, n) {
    uint8_t any = 0;
    for (int64_t p = offs[i]; p < offs[i + 1] && !any; ++p) any = !bit_is_set(cmask, coff + p);
    out[i] = any;
  }
}

// index_of / contains: the position in its list of the first (or last) of the sorted
// matching child rows `matched` (m entries) inside each row, -1 when none is.
extern "C" __global__ void match_positions(const int32_t* offs, int64_t n, const int32_t* matched,
                                           int64_t m, int32_t find_last, int32_t* out) {
  GRID_STRIDE(i, n) {
    int64_t lo = lower_bound_i32(matched, m, offs[i]);
    int64_t hi = lower_bound_i32(matched, m, offs[i + 1]);
    out[i] = lo == hi ? -1 : (int32_t)((find_last ? matched[hi - 1] : matched[lo]) - offs[i]);
  }
}

// The offsets of the rows after keeping only the sorted child rows `kept` (m entries).
extern "C" __global__ void kept_offsets(const int32_t* offs, int64_t n, const int32_t* kept,
                                        int64_t m, int32_t* out) {
  GRID_STRIDE(i, n + 1) { out[i] = (int32_t)lower_bound_i32(kept, m, offs[i]); }
}

// reverse: the child row read by child row offs[0] + p.
extern "C" __global__ void reverse_map(const int32_t* offs, const int32_t* rows, int64_t total,
                                       int32_t* out) {
  GRID_STRIDE(p, total) {
    int64_t i = rows[p];
    out[p] = (int32_t)(offs[i] + offs[i + 1] - 1 - (offs[0] + p));
  }
}

// segmented_gather: element q of the map lists (their offsets `goffs`, rows `grows`, and
// the INT32 indices `idx` with mask `gmask` at `goff`) reads element idx of the same row
// of the input lists; NULL_ROW for null or out-of-range indices and null input rows.
extern "C" __global__ void segmented_gather_map(const int32_t* offs, const uint8_t* mask,
                                                int64_t moff, const int32_t* goffs,
                                                const int32_t* grows, const int32_t* idx,
                                                const uint8_t* gmask, int64_t goff,
                                                int64_t total, int32_t* out) {
  GRID_STRIDE(q, total) {
    int64_t i = grows[q];
    int64_t e = goffs[0] + q;
    int64_t s = offs[i + 1] - offs[i];
    int64_t k = idx[e];
    if (k < 0) k += s;
    bool ok = row_valid(mask, moff, i) && row_valid(gmask, goff, e) && k >= 0 && k < s;
    out[q] = ok ? (int32_t)(offs[i] + k) : NULL_ROW;
  }
}

// apply_boolean_mask: whether child row offs[0] + p is kept: the element at its position
// in the same row of the mask lists (offsets `boffs`, BOOL8 values `b`, mask `bmask` at
// `boff`) is valid and true.
extern "C" __global__ void mask_flags(const int32_t* offs, const int32_t* rows,
                                      const int32_t* boffs, const uint8_t* b,
                                      const uint8_t* bmask, int64_t boff, int64_t total,
                                      uint8_t* out) {
  GRID_STRIDE(p, total) {
    int64_t i = rows[p];
    int64_t e = boffs[i] + (offs[0] + p - offs[i]);
    out[p] = row_valid(bmask, boff, e) && b[e] != 0;
  }
}

// The offsets of a list of lists flattened by one level: inner[outer[i]].
extern "C" __global__ void compose_offsets(const int32_t* outer, const int32_t* inner, int64_t n1,
                                           int32_t* out) {
  GRID_STRIDE(i, n1) { out[i] = inner[outer[i]]; }
}

// concatenate_list_elements: whether child row inner[0] + p is kept: its inner list
// (`irows`: its row among the inner lists) is valid (mask `imask` at `ioff`) and its outer
// row is valid and not nullified (`keep_row`, BOOL8 per outer row, via `orows`).
extern "C" __global__ void flatten_flags(const int32_t* irows, const uint8_t* imask, int64_t ioff,
                                         const int32_t* orows, const uint8_t* keep_row,
                                         int64_t total, uint8_t* out) {
  GRID_STRIDE(p, total) {
    int64_t r = irows[p];
    out[p] = row_valid(imask, ioff, r) && keep_row[orows[r]];
  }
}

// concatenate_list_elements' output validity: outer row i is valid and all (`any` = 0:
// NULLIFY_OUTPUT_ROW) or at least one (`any` = 1: IGNORE) of its inner lists is valid.
extern "C" __global__ void rows_of_valid_lists(const int32_t* offs, const uint8_t* mask,
                                               int64_t moff, int64_t n, const uint8_t* imask,
                                               int64_t ioff, int32_t any, uint8_t* out) {
  GRID_STRIDE(i, n) {
    bool all_valid = true, any_valid = false;
    for (int64_t r = offs[i]; r < offs[i + 1]; ++r) {
      bool v = row_valid(imask, ioff, r);
      all_valid = all_valid && v;
      any_valid = any_valid || v;
    }
    out[i] = row_valid(mask, moff, i) && (any ? any_valid : all_valid);
  }
}
