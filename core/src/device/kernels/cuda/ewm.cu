// EWMA (libcudf's exponentially weighted moving average scan) of one float type EWM_T.
//
// The running state is v = (N, D, R): the weighted sum of the values seen, the sum of
// their weights, and the weight a new value is measured against. Every row is a linear
// map of v (beta = com / (com + 1), alpha = 1 - beta), so the scan is a scan of 3x3
// matrices and each output is N / D:
//   null row:               N' = beta N,              D' = beta D,             R' = R
//   valid x, adjust:        N' = beta N + x R,        D' = beta D + R,         R' = R
//   valid x, no adjust:     N' = beta N + alpha x R,  D' = beta D + alpha R,   R' = D'
// from v = (0, 0, 1). A null row decays the history without adding to it (pandas'
// ignore_na=False), and before the first valid value N = D = 0 gives NaN, as pandas. (With
// com = 0 a null row is the identity instead, and a run of nulls long enough for beta^k to
// underflow also gives 0 / 0 at its rows: the history's weight is then below 1e-308.)
//
// Three launches: per tile the product of its row maps (ewm_tiles, mode 0); one thread
// runs the state through the tile products in order (ewm_prefix); per tile each thread
// applies its rows to its incoming state and writes N / D (ewm_tiles, mode 1). Math is in
// double whatever EWM_T is.

#define EWM_THREADS 256
#define EWM_ITEMS 8
#define EWM_TILE (EWM_THREADS * EWM_ITEMS)

struct EwmMap {
  double m[9];  // row-major 3x3
};

__device__ __forceinline__ EwmMap ewm_identity() {
  EwmMap e;
  for (int k = 0; k < 9; ++k) e.m[k] = (k % 4 == 0) ? 1.0 : 0.0;
  return e;
}

// The map `a` followed by the map `b` (the product b * a).
__device__ __forceinline__ EwmMap ewm_then(const EwmMap& a, const EwmMap& b) {
  EwmMap c;
  for (int r = 0; r < 3; ++r)
    for (int col = 0; col < 3; ++col)
      c.m[r * 3 + col] = b.m[r * 3] * a.m[col] + b.m[r * 3 + 1] * a.m[3 + col] +
                         b.m[r * 3 + 2] * a.m[6 + col];
  return c;
}

__device__ __forceinline__ void ewm_apply(const EwmMap& a, double v[3]) {
  double n = a.m[0] * v[0] + a.m[1] * v[1] + a.m[2] * v[2];
  double d = a.m[3] * v[0] + a.m[4] * v[1] + a.m[5] * v[2];
  double r = a.m[6] * v[0] + a.m[7] * v[1] + a.m[8] * v[2];
  v[0] = n;
  v[1] = d;
  v[2] = r;
}

__device__ __forceinline__ EwmMap ewm_row(const EWM_T* x, const uint8_t* mask, int64_t off,
                                          int64_t i, double beta, int adjust) {
  EwmMap e;
  for (int k = 0; k < 9; ++k) e.m[k] = 0.0;
  e.m[0] = beta;
  e.m[4] = beta;
  bool valid = mask == nullptr || bit_is_set(mask, off + i);
  if (!valid) {
    // com = 0 (beta = 0) keeps no history: a null row must not wipe N / D to 0 / 0.
    if (beta == 0.0) e.m[0] = e.m[4] = 1.0;
    e.m[8] = 1.0;
  } else if (adjust) {
    e.m[2] = (double)x[i];
    e.m[5] = 1.0;
    e.m[8] = 1.0;
  } else {
    double alpha = 1.0 - beta;
    e.m[2] = alpha * (double)x[i];
    e.m[5] = alpha;
    e.m[7] = beta;
    e.m[8] = alpha;
  }
  return e;
}

// mode 0: tile_maps[9 b .. 9 b + 9) = the product of tile b's row maps.
// mode 1: out[i] = N / D after row i, starting tile b from the state tile_states[3 b ..].
extern "C" __global__ void __launch_bounds__(EWM_THREADS) ewm_tiles(
    const EWM_T* x, const uint8_t* mask, int64_t off, int64_t n, unsigned long long beta_bits,
    int adjust,
    double* tile_maps, const double* tile_states, EWM_T* out, int mode) {
  __shared__ double s_maps[EWM_THREADS * 9];
  __shared__ double s_states[EWM_THREADS * 3];
  // beta travels as its bits (the launcher passes 64-bit words).
  double beta = __longlong_as_double((long long)beta_bits);
  int64_t first = (int64_t)blockIdx.x * EWM_TILE + (int64_t)threadIdx.x * EWM_ITEMS;
  EwmMap acc = ewm_identity();
  for (int k = 0; k < EWM_ITEMS; ++k) {
    int64_t i = first + k;
    if (i < n) acc = ewm_then(acc, ewm_row(x, mask, off, i, beta, adjust));
  }
  for (int k = 0; k < 9; ++k) s_maps[threadIdx.x * 9 + k] = acc.m[k];
  __syncthreads();
  if (mode == 0) {
    if (threadIdx.x == 0) {
      EwmMap t = ewm_identity();
      for (int j = 0; j < EWM_THREADS; ++j) {
        EwmMap m;
        for (int k = 0; k < 9; ++k) m.m[k] = s_maps[j * 9 + k];
        t = ewm_then(t, m);
      }
      for (int k = 0; k < 9; ++k) tile_maps[(int64_t)blockIdx.x * 9 + k] = t.m[k];
    }
    return;
  }
  // Thread 0 runs the tile's incoming state through the thread products, leaving each
  // thread's incoming state.
  if (threadIdx.x == 0) {
    double v[3] = {tile_states[(int64_t)blockIdx.x * 3], tile_states[(int64_t)blockIdx.x * 3 + 1],
                   tile_states[(int64_t)blockIdx.x * 3 + 2]};
    for (int j = 0; j < EWM_THREADS; ++j) {
      for (int k = 0; k < 3; ++k) s_states[j * 3 + k] = v[k];
      EwmMap m;
      for (int k = 0; k < 9; ++k) m.m[k] = s_maps[j * 9 + k];
      ewm_apply(m, v);
    }
  }
  __syncthreads();
  double v[3] = {s_states[threadIdx.x * 3], s_states[threadIdx.x * 3 + 1],
                 s_states[threadIdx.x * 3 + 2]};
  for (int k = 0; k < EWM_ITEMS; ++k) {
    int64_t i = first + k;
    if (i < n) {
      ewm_apply(ewm_row(x, mask, off, i, beta, adjust), v);
      out[i] = (EWM_T)(v[0] / v[1]);
    }
  }
}

// One thread: tile_states[3 b ..] = the state entering tile b, from (0, 0, 1).
extern "C" __global__ void ewm_prefix(const double* tile_maps, int64_t tiles,
                                      double* tile_states) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  double v[3] = {0.0, 0.0, 1.0};
  for (int64_t b = 0; b < tiles; ++b) {
    for (int k = 0; k < 3; ++k) tile_states[b * 3 + k] = v[k];
    EwmMap m;
    for (int k = 0; k < 9; ++k) m.m[k] = tile_maps[b * 9 + k];
    ewm_apply(m, v);
  }
}
