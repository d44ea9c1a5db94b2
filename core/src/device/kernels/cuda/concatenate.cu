// The concatenate family's offset rebasing (also used by gathers that narrow offsets).

// out[i] = in[i] - base + add, converting between offset widths.
#define FERRO_REBASE(NAME, I, O)                                                            \
  extern "C" __global__ void NAME(const I* in, int64_t n, int64_t base, int64_t add, O* out) { \
    GRID_STRIDE(i, n) out[i] = (O)((int64_t)in[i] - base + add);                            \
  }
FERRO_REBASE(rebase_o32_o32, int32_t, int32_t)
FERRO_REBASE(rebase_o32_o64, int32_t, int64_t)
FERRO_REBASE(rebase_o64_o32, int64_t, int32_t)
FERRO_REBASE(rebase_o64_o64, int64_t, int64_t)

// Many fixed-width pieces into one buffer in one launch (the concatenation of many small
// columns, where a copy call per piece would cost more than the bytes): block row y copies
// piece y from its source address to its byte offset in `out`, 16-byte words when both
// ends are aligned.
extern "C" __global__ void batched_copy(const uint64_t* src, const uint64_t* dst_off,
                                        const uint64_t* len, int64_t pieces, uint8_t* out) {
  const int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t p = blockIdx.y; p < pieces; p += gridDim.y) {
    const uint8_t* s = (const uint8_t*)src[p];
    uint8_t* d = out + dst_off[p];
    const int64_t n = (int64_t)len[p];
    int64_t done = 0;
    if ((((uint64_t)s | (uint64_t)d) & 15) == 0) {
      const int64_t words = n / 16;
      for (int64_t i = t; i < words; i += stride) ((uint4*)d)[i] = ((const uint4*)s)[i];
      done = words * 16;
    }
    for (int64_t i = done + t; i < n; i += stride) d[i] = s[i];
  }
}
