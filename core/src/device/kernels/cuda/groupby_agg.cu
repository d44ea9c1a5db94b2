// Hash groupby aggregations of one value type VAL_T (VAL_BOOL: BOOL8 bytes read as 0/1),
// defined by the launcher: atomics per group id (gid < 0: the row is in no group; null
// values are skipped). SUM_T is the SUM/PRODUCT/SUM_OF_SQUARES accumulator (INT64 for
// integers, the float type for floats); MM_T the MIN/MAX accumulator (a 64-bit type that
// holds every VAL_T exactly). The *_smem variants privatise the accumulators per block in
// shared memory (few groups: less contention on the global atomics).

#if VAL_IS_FLOAT
typedef VAL_T SUM_T;
typedef double MM_T;
#elif VAL_SIGNED
typedef int64_t SUM_T;
typedef int64_t MM_T;
#else
typedef int64_t SUM_T;
typedef uint64_t MM_T;
#endif

extern __shared__ __align__(16) unsigned char gb_smem[];

__device__ __forceinline__ VAL_T gb_value(const VAL_T* v, int64_t i) {
  return load_value<VAL_T, VAL_BOOL>(v, i);
}
__device__ __forceinline__ bool gb_valid(const uint8_t* mask, int64_t off, int64_t i) {
  return mask == nullptr || bit_is_set(mask, off + i);
}

// ---- atomics on the accumulator types (integers wrap: done on the unsigned bits) ----
__device__ __forceinline__ void gb_add(int64_t* p, int64_t v) {
  atomicAdd((unsigned long long*)p, (unsigned long long)v);
}
__device__ __forceinline__ void gb_add(float* p, float v) { atomicAdd(p, v); }
__device__ __forceinline__ void gb_add(double* p, double v) { atomicAdd(p, v); }
__device__ __forceinline__ void gb_add(int32_t* p, int32_t v) { atomicAdd(p, v); }

__device__ __forceinline__ void gb_mul(int64_t* p, int64_t v) {
  unsigned long long* q = (unsigned long long*)p;
  unsigned long long old = *q, assumed;
  do {
    assumed = old;
    old = atomicCAS(q, assumed, assumed * (unsigned long long)v);
  } while (assumed != old);
}
__device__ __forceinline__ void gb_mul(double* p, double v) {
  unsigned long long* q = (unsigned long long*)p;
  unsigned long long old = *q, assumed;
  do {
    assumed = old;
    old = atomicCAS(q, assumed,
                    (unsigned long long)__double_as_longlong(__longlong_as_double((long long)assumed) * v));
  } while (assumed != old);
}
__device__ __forceinline__ void gb_mul(float* p, float v) {
  unsigned int* q = (unsigned int*)p;
  unsigned int old = *q, assumed;
  do {
    assumed = old;
    old = atomicCAS(q, assumed, __float_as_uint(__uint_as_float(assumed) * v));
  } while (assumed != old);
}

__device__ __forceinline__ void acc_min(int64_t* p, int64_t v) { atomicMin((long long*)p, (long long)v); }
__device__ __forceinline__ void acc_max(int64_t* p, int64_t v) { atomicMax((long long*)p, (long long)v); }
__device__ __forceinline__ void acc_min(uint64_t* p, uint64_t v) { atomicMin((unsigned long long*)p, (unsigned long long)v); }
__device__ __forceinline__ void acc_max(uint64_t* p, uint64_t v) { atomicMax((unsigned long long*)p, (unsigned long long)v); }
// Floats: C's fmin/fmax (NaN only when every value is NaN), as the host path.
__device__ __forceinline__ void gb_fminmax(double* p, double v, bool is_min) {
  unsigned long long* q = (unsigned long long*)p;
  unsigned long long old = *q, assumed;
  do {
    assumed = old;
    double cur = __longlong_as_double((long long)assumed);
    double next = is_min ? fmin(cur, v) : fmax(cur, v);
    unsigned long long bits = (unsigned long long)__double_as_longlong(next);
    if (bits == assumed) return;
    old = atomicCAS(q, assumed, bits);
  } while (assumed != old);
}
__device__ __forceinline__ void acc_min(double* p, double v) { gb_fminmax(p, v, true); }
__device__ __forceinline__ void acc_max(double* p, double v) { gb_fminmax(p, v, false); }

// The lifted value each aggregation accumulates.
__device__ __forceinline__ SUM_T gb_lift(VAL_T v) { return (SUM_T)v; }
__device__ __forceinline__ SUM_T gb_square(VAL_T v) { return wrapping_mul<SUM_T>((SUM_T)v, (SUM_T)v); }

// ---- one kernel per aggregation, grid-stride over rows ----
#define GB_ROWS_LOOP                                                                      \
  int64_t stride = (int64_t)gridDim.x * blockDim.x;                                       \
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) { \
    int32_t g = gid[i];                                                                   \
    if (g < 0 || !gb_valid(mask, off, i)) continue;

extern "C" __global__ void gb_count(const int32_t* gid, int64_t n, const uint8_t* mask,
                                    int64_t off, int32_t* out) {
  GB_ROWS_LOOP
    atomicAdd(&out[g], 1);
  }
}

// The aggregations that fold each valid grouped row into its group's accumulator
// (`out[g]`) with one atomic UPDATE.
#define GB_ROW_KERNEL(NAME, ACC, UPDATE)                                                 \
  extern "C" __global__ void NAME(const VAL_T* v, const int32_t* gid, int64_t n,         \
                                  const uint8_t* mask, int64_t off, ACC* out) {          \
    GB_ROWS_LOOP                                                                         \
      UPDATE;                                                                            \
    }                                                                                    \
  }
GB_ROW_KERNEL(gb_sum, SUM_T, gb_add(&out[g], gb_lift(gb_value(v, i))))
GB_ROW_KERNEL(gb_sumsq, SUM_T, gb_add(&out[g], gb_square(gb_value(v, i))))
GB_ROW_KERNEL(gb_prod, SUM_T, gb_mul(&out[g], gb_lift(gb_value(v, i))))
// Sums in double (MEAN, VARIANCE, STD).
GB_ROW_KERNEL(gb_sum_f64, double, atomicAdd(&out[g], (double)gb_value(v, i)))
GB_ROW_KERNEL(gb_min, MM_T, acc_min(&out[g], (MM_T)gb_value(v, i)))
GB_ROW_KERNEL(gb_max, MM_T, acc_max(&out[g], (MM_T)gb_value(v, i)))

// Squared deviations from the group means (the second pass of VARIANCE and STD).
extern "C" __global__ void gb_sqdev(const VAL_T* v, const int32_t* gid, int64_t n,
                                    const uint8_t* mask, int64_t off, const double* means,
                                    double* out) {
  GB_ROWS_LOOP
    double d = (double)gb_value(v, i) - means[g];
    atomicAdd(&out[g], d * d);
  }
}

// ---- shared-memory privatised SUM, double SUM and COUNT (ng entries fit a block) ----
#define GB_SMEM_KERNEL(NAME, ACC, INIT, UPDATE)                                             \
  extern "C" __global__ void NAME(const VAL_T* v, const int32_t* gid, int64_t n,            \
                                  const uint8_t* mask, int64_t off, ACC* out, int ng) {     \
    ACC* s = (ACC*)gb_smem;                                                                 \
    for (int k = threadIdx.x; k < ng; k += blockDim.x) s[k] = (ACC)(INIT);                  \
    __syncthreads();                                                                        \
    GB_ROWS_LOOP                                                                            \
      UPDATE;                                                                               \
    }                                                                                       \
    __syncthreads();                                                                        \
    for (int k = threadIdx.x; k < ng; k += blockDim.x)                                      \
      if (s[k] != (ACC)(INIT)) gb_add(&out[k], s[k]);                                       \
  }
GB_SMEM_KERNEL(gb_sum_smem, SUM_T, 0, gb_add(&s[g], gb_lift(gb_value(v, i))))
GB_SMEM_KERNEL(gb_sum_f64_smem, double, 0, atomicAdd(&s[g], (double)gb_value(v, i)))
GB_SMEM_KERNEL(gb_count_smem, int32_t, 0, atomicAdd(&s[g], 1))

// ---- initialisation and finishing ----
extern "C" __global__ void gb_fill_sum(SUM_T* out, int64_t ng, int one) {
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < ng;
       k += (int64_t)gridDim.x * blockDim.x)
    out[k] = one ? (SUM_T)1 : (SUM_T)0;
}

// MIN starts from the largest value (NaN for floats: fmin skips it), MAX from the smallest.
extern "C" __global__ void gb_fill_minmax(MM_T* out, int64_t ng, int is_min) {
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < ng;
       k += (int64_t)gridDim.x * blockDim.x) {
#if VAL_IS_FLOAT
    out[k] = __longlong_as_double(0x7ff8000000000000LL);
#else
    out[k] = is_min ? traits<MM_T>::highest() : traits<MM_T>::lowest();
#endif
  }
}

extern "C" __global__ void gb_store_minmax(const MM_T* acc, int64_t ng, VAL_T* out) {
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < ng;
       k += (int64_t)gridDim.x * blockDim.x)
    out[k] = (VAL_T)acc[k];
}

// ---- BITWISE_AGG: AND/OR/XOR on the 64 bits of the MIN/MAX accumulator ----
// Signed values are sign-extended to 64 bits, so the low bits of the folded word are the
// fold of the narrow values (gb_store_minmax truncates back). Only integer value types are
// launched; float modules compile the kernels but never run them.
__device__ __forceinline__ unsigned long long gb_bits(VAL_T v) {
  return (unsigned long long)(MM_T)v;
}
GB_ROW_KERNEL(gb_bit_and, MM_T, atomicAnd((unsigned long long*)&out[g], gb_bits(gb_value(v, i))))
GB_ROW_KERNEL(gb_bit_or, MM_T, atomicOr((unsigned long long*)&out[g], gb_bits(gb_value(v, i))))
GB_ROW_KERNEL(gb_bit_xor, MM_T, atomicXor((unsigned long long*)&out[g], gb_bits(gb_value(v, i))))

// AND starts from all ones, OR and XOR from zero.
extern "C" __global__ void gb_fill_bits(unsigned long long* out, int64_t ng, int ones) {
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < ng;
       k += (int64_t)gridDim.x * blockDim.x)
    out[k] = ones ? ~0ULL : 0ULL;
}

// ---- COVARIANCE / CORRELATION of two value columns sharing one mask ----
// Co-deviations from the group means: out[g] += (v - mv[g]) * (w - mw[g]).
extern "C" __global__ void gb_codev(const VAL_T* v, const VAL_T* w, const int32_t* gid,
                                    int64_t n, const uint8_t* mask, int64_t off,
                                    const double* mv, const double* mw, double* out) {
  GB_ROWS_LOOP
    double dv = (double)gb_value(v, i) - mv[g];
    double dw = (double)gb_value(w, i) - mw[g];
    atomicAdd(&out[g], dv * dw);
  }
}

// The covariance (codev / (count - ddof)) or the Pearson correlation
// (codev / sqrt(ssv) / sqrt(ssw), where ddof cancels) of each group; the validity mask is
// built separately from the counts.
extern "C" __global__ void gb_cov_finish(const double* codev, const double* ssv,
                                         const double* ssw, const int32_t* counts, int64_t ng,
                                         int ddof, int corr, double* out) {
  for (int64_t k = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; k < ng;
       k += (int64_t)gridDim.x * blockDim.x) {
    if (corr) {
      out[k] = codev[k] / (sqrt(ssv[k]) * sqrt(ssw[k]));
    } else {
      double den = (double)counts[k] - (double)ddof;
      out[k] = den > 0.0 ? codev[k] / den : 0.0;
    }
  }
}
