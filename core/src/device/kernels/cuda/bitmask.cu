// Count the set bits among bits [bit_offset, bit_offset + n) of a validity mask.
extern "C" __global__ void count_set_bits(const uint8_t* mask, int64_t bit_offset, int64_t n,
                                          unsigned long long* out) {
  int64_t first = bit_offset >> 3;
  int64_t last = (bit_offset + n - 1) >> 3;
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  unsigned long long count = 0;
  for (int64_t b = first + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; b <= last; b += stride) {
    unsigned v = mask[b];
    int64_t lo = b * 8;
    if (lo < bit_offset) v &= 0xffu << (bit_offset - lo);
    int64_t end = bit_offset + n;
    if (lo + 8 > end) v &= (1u << (end - lo)) - 1u;
    count += __popc(v);
  }
  for (int d = 16; d > 0; d >>= 1) count += __shfl_down_sync(0xffffffffu, count, d);
  if ((threadIdx.x & 31) == 0 && count) atomicAdd(out, count);
}
