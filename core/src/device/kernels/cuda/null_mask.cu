// Combining validity bitmasks: out word w (bits 32w..32w+32 of the result) is the AND or
// OR of the same bits of every input mask, each read from its own bit offset. Input masks
// need not be word aligned or padded: bytes past a mask's last needed bit are not read.

// 32 bits of `m` starting at bit `bit`, reading no byte past bit `end` (exclusive).
__device__ __forceinline__ uint32_t load_bits32(const uint8_t* m, int64_t bit, int64_t end) {
  int64_t byte0 = bit >> 3;
  int64_t last = (end - 1) >> 3;
  uint64_t v = 0;
  for (int k = 0; k < 5; ++k) {
    if (byte0 + k <= last) v |= (uint64_t)m[byte0 + k] << (8 * k);
  }
  return (uint32_t)(v >> (bit & 7));
}

extern "C" __global__ void bitmask_binop(const uint64_t* masks, const int64_t* offsets, int nmasks,
                                         int is_or, int64_t n, uint32_t* out,
                                         unsigned long long* null_count) {
  int64_t words = (n + 31) / 32;
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  unsigned long long nulls = 0;
  for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < words; w += stride) {
    uint32_t acc = is_or ? 0u : 0xffffffffu;
    for (int j = 0; j < nmasks; ++j) {
      const uint8_t* m = (const uint8_t*)masks[j];
      int64_t off = offsets[j];
      uint32_t bits = load_bits32(m, off + 32 * w, off + n);
      acc = is_or ? (acc | bits) : (acc & bits);
    }
    int64_t valid_bits = n - 32 * w;
    if (valid_bits < 32) acc &= (1u << valid_bits) - 1u;
    int64_t in_word = valid_bits < 32 ? valid_bits : 32;
    nulls += (unsigned long long)(in_word - __popc(acc));
    out[w] = acc;
  }
  if (nulls) atomicAdd(null_count, nulls);
}
