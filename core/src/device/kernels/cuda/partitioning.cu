// Hash partitioning (ops::partitioning::hash_partition): a stable counting sort of the rows
// by partition id. Needs common.cuh in front.
//
// Rows are split into tiles of `tile` rows; counts[p * ntiles + t] counts tile t's rows of
// partition p. After an exclusive scan of counts (partition-major), one block per tile
// hands out stable positions, warp by warp, so rows keep their input order within a partition.

extern "C" __global__ void partition_ids(const uint32_t* hashes, int64_t n, uint32_t parts,
                                         int64_t tile, int64_t ntiles, int32_t* pid, int32_t* counts) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    int32_t p = (int32_t)(hashes[i] % parts);
    pid[i] = p;
    atomicAdd(&counts[(int64_t)p * ntiles + i / tile], 1);
  }
}

// One block (256 threads) per tile; `base` is the scanned counts, advanced in place.
extern "C" __global__ void partition_positions(const int32_t* pid, int64_t n, int64_t tile,
                                               int64_t ntiles, int32_t* base, int32_t* map) {
  int64_t t = blockIdx.x;
  int64_t begin = t * tile, end = begin + tile < n ? begin + tile : n;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = blockDim.x >> 5;
  for (int64_t round = begin; round < end; round += blockDim.x) {
    int64_t i = round + threadIdx.x;
    bool live = i < end;
    int32_t p = live ? pid[i] : -1;
    unsigned same = __match_any_sync(0xffffffffu, p);
    int rank = __popc(same & ((1u << lane) - 1));
    int leader = __ffs(same) - 1;
    for (int w = 0; w < nwarps; ++w) {
      if (w == warp && live) {
        int32_t* slot = &base[(int64_t)p * ntiles + t];
        int32_t start = *slot;
        map[start + rank] = (int32_t)i;
        __syncwarp(same);
        if (lane == leader) *slot = start + __popc(same);
      }
      __syncthreads();
    }
  }
}

// offsets[p] = scanned[p * ntiles] (the start of partition p), for p < parts.
extern "C" __global__ void partition_offsets(const int32_t* scanned, int64_t parts, int64_t ntiles,
                                             int32_t* offsets) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < parts; p += stride) {
    offsets[p] = scanned[p * ntiles];
  }
}
