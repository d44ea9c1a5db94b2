// Helpers of the small data-movement modules (copying, stream_compaction, filling,
// concatenate, movement): a grid-stride loop, the condition test of a BOOL8 condition
// column, and a 16-byte value type for the fixed-width kernels.

#define GRID_STRIDE(i, n)                                                              \
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (n);          \
       i += (int64_t)gridDim.x * blockDim.x)

// Condition row i is true: valid and non-zero.
__device__ __forceinline__ bool cond_true(const uint8_t* cond, const uint8_t* cmask,
                                          int64_t coff, int64_t i) {
  return (!cmask || bit_is_set(cmask, coff + i)) && cond[i] != 0;
}

struct alignas(16) Bytes16m { uint64_t lo, hi; };
