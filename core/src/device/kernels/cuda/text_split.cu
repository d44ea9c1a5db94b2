// io.text.multibyte_split (`device/kernels/text_split.rs`): the delimiter's matches, the
// leftmost non-overlapping ones among them, the rows a byte range keeps and their bytes.
// Compiled in the strings module after strings.cuh (Out, STR_GRID_LOOP). The host twin
// is io/text.rs.
//
// Row r of a text with k kept matches at pos[0..k) (r = 0..k) starts at 0 (r = 0) or
// pos[r - 1] + dl, and ends at pos[r] (+ dl with the delimiter), or at n for r = k.

__device__ __forceinline__ int64_t mbs_start(const int32_t* pos, int64_t r, int64_t dl) {
  return r == 0 ? 0 : (int64_t)pos[r - 1] + dl;
}

__device__ __forceinline__ int64_t mbs_end(const int32_t* pos, int64_t k, int64_t r,
                                           int64_t dl, int64_t n, int strip) {
  return r == k ? n : (int64_t)pos[r] + (strip ? 0 : dl);
}

// flags[p]: whether the delimiter d[0..dl) occurs at byte p.
extern "C" __global__ void mbs_find(const uint8_t* data, int64_t n, const uint8_t* d, int64_t dl,
                                    uint8_t* flags) {
  STR_GRID_LOOP(p, n) {
    bool m = p + dl <= n;
    for (int64_t k = 0; m && k < dl; ++k) m = data[p + k] == d[k];
    flags[p] = m;
  }
}

// keep[j]: whether match j (of m, ascending) is one of the leftmost non-overlapping ones.
// One thread walks them: launched only for a delimiter that can overlap itself ("aa" in
// "aaa"); the matches of any other delimiter never overlap.
extern "C" __global__ void mbs_greedy(const int32_t* pos, int64_t m, int64_t dl, uint8_t* keep) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  int64_t end = 0;
  for (int64_t j = 0; j < m; ++j) {
    bool k = pos[j] >= end;
    keep[j] = k;
    if (k) end = (int64_t)pos[j] + dl;
  }
}

// keep[r]: whether row r (of k + 1) starts in [lo, hi).
extern "C" __global__ void mbs_in_range(const int32_t* pos, int64_t k, int64_t dl, int64_t lo,
                                        int64_t hi, uint8_t* keep) {
  STR_GRID_LOOP(r, k + 1) {
    int64_t s = mbs_start(pos, r, dl);
    keep[r] = s >= lo && s < hi;
  }
}

// span[0..2): the first byte of row rows[0] and the last byte (delimiter included) of row
// rows[c - 1], the bytes the kept rows cover (checked for UTF-8 on the host).
extern "C" __global__ void mbs_span(const int32_t* pos, int64_t k, int64_t dl, int64_t n,
                                    const int32_t* rows, int64_t c, int64_t* span) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  span[0] = mbs_start(pos, rows[0], dl);
  span[1] = mbs_end(pos, k, rows[c - 1], dl, n, 0);
}

// Output row q: the bytes of row rows[q] (two passes, see build_strings).
extern "C" __global__ void mbs_take(const uint8_t* data, int64_t n, const int32_t* pos, int64_t k,
                                    int64_t dl, const int32_t* rows, int64_t c, int strip,
                                    int write, int64_t* sizes, const int64_t* out_off,
                                    uint8_t* out_chars) {
  STR_GRID_LOOP(q, c) {
    Out o = out_begin(q, write, out_off, out_chars);
    int64_t r = rows[q];
    int64_t s = mbs_start(pos, r, dl);
    o.put_bytes(data + s, mbs_end(pos, k, r, dl, n, strip) - s);
    out_end(q, write, o, sizes);
  }
}
