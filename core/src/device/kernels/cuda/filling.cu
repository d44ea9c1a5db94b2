// The filling family's repeat map: output row p of `repeat` comes from the source row
// whose exclusive count offsets hold p.

// repeat: output row p comes from the source row whose [offsets[k], offsets[k+1]) holds p.
extern "C" __global__ void repeat_map(const int64_t* offsets, int64_t n, int64_t total,
                                      int32_t* out) {
  GRID_STRIDE(p, total) {
    int64_t lo = 0, hi = n;  // last k with offsets[k] <= p
    while (hi - lo > 1) {
      int64_t mid = (lo + hi) >> 1;
      if (offsets[mid] <= p) lo = mid; else hi = mid;
    }
    out[p] = (int32_t)lo;
  }
}
