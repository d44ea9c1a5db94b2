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
