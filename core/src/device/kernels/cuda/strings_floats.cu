// Kernels of plc.strings.convert.convert_floats (strings.cuh, then the generated table of
// pow5_128.cuh, come first). Both directions give the bits of the host path
// (ops/strings/convert/convert_floats.rs), itself equal to pyarrow's casts:
//
// - Parsing (str_parse_floats) reads Rust's f64::from_str grammar and rounds correctly,
//   FLOAT32 directly (no double rounding): Eisel-Lemire on the first 19 significant digits
//   (the 128-bit powers of five of pow5_128.cuh, as Rust's core::num::dec2flt), and, for the
//   rows it cannot decide, an exact comparison of the decimal with the midpoints next to a
//   candidate, in big integers.
// - Formatting (str_from_floats) finds the shortest digits that read back as the value
//   (Burger and Dybvig's free-format digit generation in exact big-integer arithmetic; the
//   last digit the nearer of the two candidates, ties to the even digit, when both read
//   back), then lays them out as pyarrow's cast does.

// ------------------------------------------------------------------------------------
// shared helpers
// ------------------------------------------------------------------------------------

__device__ __forceinline__ int flt_clz64(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __clzll((long long)x);
#else
  return x ? __builtin_clzll(x) : 64;
#endif
}

__device__ __forceinline__ uint64_t flt_mulhi(uint64_t a, uint64_t b, uint64_t& lo) {
  unsigned __int128 p = (unsigned __int128)a * b;
  lo = (uint64_t)p;
  return (uint64_t)(p >> 64);
}

// The layout of one binary format: FLOAT64, or FLOAT32 (f32).
struct FltFormat {
  int mbits;          // explicit mantissa bits
  int min_exponent;   // Rust's RawFloat::MINIMUM_EXPONENT
  int inf_power;      // the biased exponent of infinity
  int min_round_even, max_round_even;  // decimal exponents where ties can be exact
  int smallest_pow10, largest_pow10;   // below: 0, above: infinity (for 19 digits)
  int min_e2;         // the binary exponent of the subnormals
};

__device__ __forceinline__ FltFormat flt_format(int f32) {
  FltFormat f;
  if (f32) {
    f.mbits = 23; f.min_exponent = -127; f.inf_power = 0xFF;
    f.min_round_even = -17; f.max_round_even = 10;
    f.smallest_pow10 = -65; f.largest_pow10 = 38; f.min_e2 = -149;
  } else {
    f.mbits = 52; f.min_exponent = -1023; f.inf_power = 0x7FF;
    f.min_round_even = -4; f.max_round_even = 23;
    f.smallest_pow10 = -342; f.largest_pow10 = 308; f.min_e2 = -1074;
  }
  return f;
}

// The non-negative float of bits `b` as m * 2^e (infinity as 2^(max exponent + 1)).
__device__ __forceinline__ void flt_decode(uint64_t b, const FltFormat& f, uint64_t& m, int& e) {
  uint64_t frac = b & (((uint64_t)1 << f.mbits) - 1);
  int ef = (int)(b >> f.mbits);
  if (ef == 0) {
    m = frac;
    e = f.min_e2;
  } else {
    m = frac | ((uint64_t)1 << f.mbits);
    e = f.min_e2 + ef - 1;
  }
}

// A non-negative big integer of N 32-bit words, least significant first; `n` words used.
// The callers bound their values well inside N words (a value that would not fit loses its
// top words instead of writing past the array).
template <int N>
struct FltBig {
  uint32_t w[N];
  int n;
  __device__ __forceinline__ void set(uint64_t v) {
    n = 0;
    while (v) {
      w[n++] = (uint32_t)v;
      v >>= 32;
    }
  }
  __device__ __forceinline__ void mul_add(uint32_t m, uint32_t a) {
    uint64_t carry = a;
    for (int k = 0; k < n; ++k) {
      uint64_t t = (uint64_t)w[k] * m + carry;
      w[k] = (uint32_t)t;
      carry = t >> 32;
    }
    if (carry && n < N) w[n++] = (uint32_t)carry;
  }
  __device__ __forceinline__ void mul_pow5(int64_t e) {
    for (; e >= 13; e -= 13) mul_add(1220703125u, 0);  // 5^13
    uint32_t p = 1;
    for (; e > 0; --e) p *= 5;
    mul_add(p, 0);
  }
  __device__ __forceinline__ void mul_pow10(int64_t e) {
    for (; e >= 9; e -= 9) mul_add(1000000000u, 0);
    uint32_t p = 1;
    for (; e > 0; --e) p *= 10;
    mul_add(p, 0);
  }
  __device__ __forceinline__ void shl(int64_t bits) {
    if (n == 0 || bits <= 0) return;
    int64_t words = bits >> 5;
    int b = (int)(bits & 31);
    int top = n + (int)(words < N ? words : N) + 1;
    if (top > N) top = N;
    for (int k = top - 1; k >= 0; --k) {
      int64_t s = k - words;
      uint64_t hi = s >= 0 && s < n ? w[s] : 0;
      uint64_t lo = s - 1 >= 0 && s - 1 < n ? w[s - 1] : 0;
      w[k] = b ? (uint32_t)((hi << b) | (lo >> (32 - b))) : (uint32_t)hi;
    }
    n = top;
    while (n > 0 && w[n - 1] == 0) --n;
  }
  __device__ __forceinline__ int cmp(const FltBig& o) const {
    if (n != o.n) return n < o.n ? -1 : 1;
    for (int k = n - 1; k >= 0; --k) {
      if (w[k] != o.w[k]) return w[k] < o.w[k] ? -1 : 1;
    }
    return 0;
  }
  __device__ __forceinline__ void add(const FltBig& o) {
    uint64_t carry = 0;
    int m = n > o.n ? n : o.n;
    for (int k = 0; k < m; ++k) {
      uint64_t t = carry + (k < n ? w[k] : 0) + (k < o.n ? o.w[k] : 0);
      w[k] = (uint32_t)t;
      carry = t >> 32;
    }
    n = m;
    if (carry && n < N) w[n++] = (uint32_t)carry;
  }
  // this -= o, for o <= this.
  __device__ __forceinline__ void sub(const FltBig& o) {
    int64_t borrow = 0;
    for (int k = 0; k < n; ++k) {
      int64_t t = (int64_t)w[k] - (k < o.n ? o.w[k] : 0) - borrow;
      borrow = t < 0;
      w[k] = (uint32_t)(t + (borrow << 32));
    }
    while (n > 0 && w[n - 1] == 0) --n;
  }
};

// ------------------------------------------------------------------------------------
// parsing
// ------------------------------------------------------------------------------------

// Where the parts of a float literal lie: digits [i0, i1) before the point, [f0, f1) after
// it, and the exponent (saturated as Rust's parser saturates it).
struct FltSyntax {
  int64_t i0, i1, f0, f1, exp;
};

__device__ __forceinline__ bool flt_digit(uint8_t c) { return c >= '0' && c <= '9'; }

// Whether p[0..len) spells `word` (lower case) in any case.
__device__ __forceinline__ bool flt_word(const uint8_t* p, int64_t len, const char* word) {
  int64_t k = 0;
  for (; word[k]; ++k) {
    if (k >= len || (p[k] | 0x20) != (uint8_t)word[k]) return false;
  }
  return k == len;
}

// Rust's grammar after the sign: digits with an optional point (at least one digit), then
// an optional e/E, sign and one or more digits; nothing else.
__device__ __forceinline__ bool flt_syntax(const uint8_t* p, int64_t len, int64_t k,
                                           FltSyntax& s) {
  s.i0 = k;
  while (k < len && flt_digit(p[k])) ++k;
  s.i1 = s.f0 = s.f1 = k;
  if (k < len && p[k] == '.') {
    s.f0 = ++k;
    while (k < len && flt_digit(p[k])) ++k;
    s.f1 = k;
  }
  if (s.i1 == s.i0 && s.f1 == s.f0) return false;
  s.exp = 0;
  if (k < len && (p[k] == 'e' || p[k] == 'E')) {
    ++k;
    bool neg = k < len && p[k] == '-';
    if (k < len && (p[k] == '-' || p[k] == '+')) ++k;
    if (k >= len || !flt_digit(p[k])) return false;
    for (; k < len && flt_digit(p[k]); ++k) {
      if (s.exp < 0x10000) s.exp = 10 * s.exp + (p[k] - '0');
    }
    if (neg) s.exp = -s.exp;
  }
  return k == len;
}

// Feed the first `cap` significant digits to push(d); returns the decimal exponent of the
// last one fed (the value is what was fed times 10^that, plus what was left out), with
// `count` the digits fed, `sticky` whether a left-out digit is not 0 and `any` whether some
// digit is not 0.
template <class F>
__device__ __forceinline__ int64_t flt_digits(const uint8_t* p, const FltSyntax& s, int cap,
                                              F push, int& count, bool& sticky, bool& any) {
  int64_t dexp = 0;
  count = 0;
  sticky = any = false;
  for (int64_t k = s.i0; k < s.i1; ++k) {
    int d = p[k] - '0';
    if (!any && d == 0) continue;
    any = true;
    if (count < cap) {
      push(d);
      ++count;
    } else {
      ++dexp;
      sticky |= d != 0;
    }
  }
  for (int64_t k = s.f0; k < s.f1; ++k) {
    int d = p[k] - '0';
    if (!any && d == 0) {
      --dexp;
      continue;
    }
    any = true;
    if (count < cap) {
      push(d);
      ++count;
      --dexp;
    } else {
      sticky |= d != 0;
    }
  }
  return dexp;
}

// Eisel-Lemire (Rust's dec2flt::lemire::compute_float): w * 10^q as biased exponent `e`
// and mantissa bits `m`; false when the 128-bit product cannot decide the rounding.
__device__ __forceinline__ bool flt_lemire(int64_t q, uint64_t w, const FltFormat& f,
                                           uint64_t& m, int& e) {
  if (w == 0 || q < f.smallest_pow10) {
    m = 0;
    e = 0;
    return true;
  }
  if (q > f.largest_pow10) {
    m = 0;
    e = f.inf_power;
    return true;
  }
  int lz = flt_clz64(w);
  w <<= lz;
  // The product of w and the 128-bit 5^q, to mbits + 3 bits (one more word when needed).
  int precision = f.mbits + 3;
  uint64_t mask = ~(uint64_t)0 >> precision;
  int index = 2 * (int)(q + 342);
  uint64_t lo, hi = flt_mulhi(w, FLT_POW5_128[index], lo);
  if ((hi & mask) == mask) {
    uint64_t lo2, hi2 = flt_mulhi(w, FLT_POW5_128[index + 1], lo2);
    lo += hi2;
    if (hi2 > lo) ++hi;
  }
  if (lo == ~(uint64_t)0 && (q < -27 || q > 55)) return false;
  int upperbit = (int)(hi >> 63);
  uint64_t mant = hi >> (upperbit + 64 - f.mbits - 3);
  int power = (int)(((q * (152170 + 65536)) >> 16) + 63);
  int power2 = power + upperbit - lz - f.min_exponent;
  if (power2 <= 0) {
    if (-power2 + 1 >= 64) {
      m = 0;
      e = 0;
      return true;
    }
    mant >>= -power2 + 1;
    mant += mant & 1;
    mant >>= 1;
    m = mant;
    e = mant >= ((uint64_t)1 << f.mbits) ? 1 : 0;
    m &= ((uint64_t)1 << f.mbits) - 1;
    return true;
  }
  if (lo <= 1 && q >= f.min_round_even && q <= f.max_round_even && (mant & 3) == 1 &&
      (mant << (upperbit + 64 - f.mbits - 3)) == hi) {
    mant &= ~(uint64_t)1;
  }
  mant += mant & 1;
  mant >>= 1;
  if (mant >= ((uint64_t)2 << f.mbits)) {
    mant = (uint64_t)1 << f.mbits;
    ++power2;
  }
  mant &= ~((uint64_t)1 << f.mbits);
  if (power2 >= f.inf_power) {
    m = 0;
    e = f.inf_power;
    return true;
  }
  m = mant;
  e = power2;
  return true;
}

// The exact decision of the rows Eisel-Lemire leaves open. Big integers of 96 words hold
// every comparison: at most 800 digits are read (a midpoint has at most 767 significant
// digits, so the digits after those only break ties: `sticky`), and the row's leading digit
// lies between 10^-330 and 10^310 (the caller decides the others).
typedef FltBig<96> FltParseBig;

// Compare the row's value (its first 800 significant digits times 10^q, plus `sticky`)
// with M * 2^E: -1, 0 or 1.
__device__ __forceinline__ int flt_cmp_mid(const uint8_t* p, const FltSyntax& s, uint64_t M,
                                           int E, FltParseBig& L, FltParseBig& R) {
  L.set(0);
  // Nine digits a step: one multiply-add per word.
  uint32_t chunk = 0, scale = 1;
  auto push = [&](int d) {
    chunk = chunk * 10 + (uint32_t)d;
    scale *= 10;
    if (scale == 1000000000u) {
      if (L.n == 0) L.set(chunk); else L.mul_add(scale, chunk);
      chunk = 0;
      scale = 1;
    }
  };
  int count;
  bool sticky, any;
  int64_t q = flt_digits(p, s, 800, push, count, sticky, any) + s.exp;
  if (scale > 1) {
    if (L.n == 0) L.set(chunk); else L.mul_add(scale, chunk);
  }
  R.set(M);
  if (q >= 0) L.mul_pow5(q); else R.mul_pow5(-q);
  int64_t twos = q - E;
  if (twos >= 0) L.shl(twos); else R.shl(-twos);
  int c = L.cmp(R);
  return c == 0 && sticky ? 1 : c;
}

// The midpoint of the adjacent non-negative floats of bits a < b as M * 2^E.
__device__ __forceinline__ void flt_midpoint(uint64_t a, uint64_t b, const FltFormat& f,
                                             uint64_t& M, int& E) {
  uint64_t ma, mb;
  int ea, eb;
  flt_decode(a, f, ma, ea);
  flt_decode(b, f, mb, eb);
  int e = ea < eb ? ea : eb;
  M = (ma << (ea - e)) + (mb << (eb - e));
  E = e - 1;
}

// The correctly rounded bits of the row's value, starting from `c` (a few units off at
// most): step to the neighbour while the value lies beyond the midpoint towards it, ties
// to the even bits.
__device__ uint64_t flt_slow(const uint8_t* p, const FltSyntax& s, const FltFormat& f,
                             uint64_t c) {
  FltParseBig L, R;
  const uint64_t inf = (uint64_t)f.inf_power << f.mbits;
  if (c > inf) c = inf;
  for (int it = 0; it < 64; ++it) {
    uint64_t M;
    int E;
    if (c < inf) {
      flt_midpoint(c, c + 1, f, M, E);
      int r = flt_cmp_mid(p, s, M, E, L, R);
      if (r > 0) {
        ++c;
        continue;
      }
      if (r == 0) return (c & 1) ? c + 1 : c;
    }
    if (c > 0) {
      flt_midpoint(c - 1, c, f, M, E);
      int r = flt_cmp_mid(p, s, M, E, L, R);
      if (r < 0) {
        --c;
        continue;
      }
      if (r == 0) return (c & 1) ? c - 1 : c;
    }
    break;
  }
  return c;
}

// Row p[0..len) as a float of `f32` (else FLOAT64) bits (the host twin is Rust's
// str::parse): `ok` false when the row is not a float literal (an optional sign, then
// inf, infinity or nan in any case, or digits with an optional point and exponent).
// Values out of range are infinities or zeros.
__device__ uint64_t flt_parse(const uint8_t* p, int64_t len, int f32, bool& ok) {
  const FltFormat f = flt_format(f32);
  const uint64_t sign = (uint64_t)1 << (f32 ? 31 : 63);
  const uint64_t inf = (uint64_t)f.inf_power << f.mbits;
  int64_t k = 0;
  bool neg = false;
  if (len > 0 && (p[0] == '+' || p[0] == '-')) {
    neg = p[0] == '-';
    k = 1;
  }
  ok = true;
  uint64_t s_bit = neg ? sign : 0;
  if (flt_word(p + k, len - k, "inf") || flt_word(p + k, len - k, "infinity")) {
    return inf | s_bit;
  }
  if (flt_word(p + k, len - k, "nan")) return inf | ((uint64_t)1 << (f.mbits - 1)) | s_bit;
  FltSyntax s;
  if (!flt_syntax(p, len, k, s)) {
    ok = false;
    return 0;
  }
  uint64_t w = 0;
  int count;
  bool many, any;
  int64_t q = flt_digits(p, s, 19, [&](int d) { w = w * 10 + (uint64_t)d; }, count, many, any);
  if (!any) return s_bit;
  q += s.exp;
  // Beyond these the value is surely 0 or infinity; Eisel-Lemire short-circuits them too.
  int64_t lead = q + count - 1;
  if (lead > 310) return inf | s_bit;
  if (lead < -330) return s_bit;
  uint64_t m, m2;
  int e, e2;
  bool done = flt_lemire(q, w, f, m, e);
  if (done && many) {
    // w * 10^q and (w + 1) * 10^q bound the value: decided when they round alike.
    done = flt_lemire(q, w + 1, f, m2, e2) && m2 == m && e2 == e;
  }
  if (done) return (((uint64_t)e << f.mbits) | m) | s_bit;
  // A candidate a unit or so from the value: Eisel-Lemire's product (its first word)
  // truncated to mbits + 1 bits, without its checks.
  int lz = flt_clz64(w);
  uint64_t lo, hi = flt_mulhi(w << lz, FLT_POW5_128[2 * (int)(q + 342)], lo);
  int upperbit = (int)(hi >> 63);
  uint64_t mant = hi >> (upperbit + 64 - f.mbits - 2);
  int power2 = (int)(((q * (152170 + 65536)) >> 16) + 63) + upperbit - lz - f.min_exponent;
  uint64_t c;
  if (power2 >= f.inf_power) {
    c = inf;
  } else if (power2 > 0) {
    c = ((uint64_t)power2 << f.mbits) | (mant & (((uint64_t)1 << f.mbits) - 1));
  } else {
    c = 1 - power2 >= 64 ? 0 : mant >> (1 - power2);
  }
  return flt_slow(p, s, f, c) | s_bit;
}

// out[i] (when out is not null): row i as FLOAT32 (f32) or FLOAT64 bits, 0 where it is not
// a float; ok[i]: 1 when row i is valid and a float literal, else 0. The grammar does not
// depend on the type, so is_float runs this with f32 = 0 and no out.
extern "C" __global__ void str_parse_floats(const StrCol* in, int64_t n, int f32, void* out,
                                            uint8_t* ok) {
  STR_GRID_LOOP(i, n) {
    bool good = false;
    uint64_t b = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      b = flt_parse(p, len, f32, good);
    }
    if (!good) b = 0;
    if (out && f32) ((uint32_t*)out)[i] = (uint32_t)b;
    if (out && !f32) ((uint64_t*)out)[i] = b;
    ok[i] = good;
  }
}

// ------------------------------------------------------------------------------------
// formatting
// ------------------------------------------------------------------------------------

// Big integers of the digit generation: its values stay below 2^1100 (FLOAT64's extremes).
typedef FltBig<40> FltFmtBig;

// The shortest digits (d[0..returned), no leading or trailing zeros) that read back as the
// positive finite float m * 2^e2 of format f, and k: the value is 0.d * 10^k. Among the
// shortest, the nearer of the two candidates around the value, ties to the even digit, when
// both read back (the host's `shortest`).
__device__ int flt_shortest(uint64_t b, const FltFormat& f, uint8_t* d, int& k) {
  uint64_t mant;
  int e2;
  flt_decode(b, f, mant, e2);
  bool even = (mant & 1) == 0;
  // The gap below is half the one above at the bottom of a binade (not the subnormals').
  int asym = (b & (((uint64_t)1 << f.mbits) - 1)) == 0 && (b >> f.mbits) > 1;
  // value = r / s, upper bound (r + mp) / s, lower bound (r - mm) / s.
  FltFmtBig r, s, mp, mm, t;
  if (e2 >= 0) {
    r.set(mant);
    r.shl(e2 + 1 + asym);
    s.set((uint64_t)2 << asym);
    mm.set(1);
    mm.shl(e2);
  } else {
    r.set(mant << (1 + asym));
    s.set(1);
    s.shl(1 - e2 + asym);
    mm.set(1);
  }
  mp = mm;
  mp.shl(asym);
  // k: the least with upper bound < 10^k (<= when the bound reads back as another float);
  // the estimate from the bit length is k or k - 1.
  int x = e2 + 63 - flt_clz64(mant);
  k = (int)(((int64_t)x * 78913) >> 18) + 1;
  if (k >= 0) {
    s.mul_pow10(k);
  } else {
    r.mul_pow10(-k);
    mp.mul_pow10(-k);
    mm.mul_pow10(-k);
  }
  for (;;) {
    t = r;
    t.add(mp);
    int c = t.cmp(s);
    if (even ? c < 0 : c <= 0) break;
    s.mul_pow10(1);
    ++k;
  }
  int n = 0;
  for (;;) {
    r.mul_add(10, 0);
    mp.mul_add(10, 0);
    mm.mul_add(10, 0);
    int digit = 0;
    while (r.cmp(s) >= 0) {
      r.sub(s);
      ++digit;
    }
    int lo = r.cmp(mm);
    bool low_ok = even ? lo <= 0 : lo < 0;
    t = r;
    t.add(mp);
    int hi = t.cmp(s);
    bool high_ok = even ? hi >= 0 : hi > 0;
    if (!low_ok && !high_ok && n < 24) {
      d[n++] = (uint8_t)digit;
      continue;
    }
    if (low_ok && high_ok) {
      t = r;
      t.shl(1);
      int half = t.cmp(s);
      if (half > 0 || (half == 0 && (digit & 1))) ++digit;
    } else if (high_ok) {
      ++digit;
    }
    d[n++] = (uint8_t)digit;
    break;
  }
  // Carry a last digit of 10 (...9 rounded up).
  while (n > 1 && d[n - 1] == 10) {
    --n;
    ++d[n - 1];
  }
  if (d[0] == 10) {
    d[0] = 1;
    n = 1;
    ++k;
  }
  while (n > 1 && d[n - 1] == 0) --n;
  return n;
}

// Float bits b (FLOAT32 when f32) as pyarrow's cast writes them: the shortest digits in
// positional notation for decimal exponents -6 to 9, else as 1.5e+20 / 1e-7; nan, inf,
// -inf, -0.
__device__ void flt_write(uint64_t b, int f32, Out& o) {
  const FltFormat f = flt_format(f32);
  const int top = f32 ? 31 : 63;
  const uint64_t inf = (uint64_t)f.inf_power << f.mbits;
  bool neg = (b >> top) & 1;
  b &= ~((uint64_t)1 << top);
  if (b > inf) {
    o.put_bytes((const uint8_t*)"nan", 3);
    return;
  }
  if (neg) o.put('-');
  if (b == inf) {
    o.put_bytes((const uint8_t*)"inf", 3);
    return;
  }
  if (b == 0) {
    o.put('0');
    return;
  }
  uint8_t d[26];
  int k;
  int n = flt_shortest(b, f, d, k);
  int x = k - 1;  // the exponent of the first digit
  if (x < -6 || x >= 10) {
    o.put('0' + d[0]);
    if (n > 1) o.put('.');
    for (int j = 1; j < n; ++j) o.put('0' + d[j]);
    o.put('e');
    o.put(x < 0 ? '-' : '+');
    int ax = x < 0 ? -x : x;
    uint8_t ed[4];
    int ne = 0;
    do {
      ed[ne++] = (uint8_t)('0' + ax % 10);
      ax /= 10;
    } while (ax);
    while (ne) o.put(ed[--ne]);
  } else if (x < 0) {
    o.put('0');
    o.put('.');
    for (int j = 0; j < -x - 1; ++j) o.put('0');
    for (int j = 0; j < n; ++j) o.put('0' + d[j]);
  } else {
    for (int j = 0; j < n || j <= x; ++j) {
      if (j == x + 1) o.put('.');
      o.put(j < n ? '0' + d[j] : '0');
    }
  }
}

// Every valid row of the floats `v` (FLOAT32 when f32, else FLOAT64) as pyarrow's cast to
// string writes it (see flt_write; the host twin is convert_floats::from_floats). A null
// row (mask bit clear) stays empty.
extern "C" __global__ void str_from_floats(const void* v, int64_t n, const uint8_t* mask,
                                           int64_t mask_off, int f32, int write, int64_t* sizes,
                                           const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      uint64_t b = f32 ? (uint64_t)((const uint32_t*)v)[i] : ((const uint64_t*)v)[i];
      flt_write(b, f32, o);
    }
    out_end(i, write, o, sizes);
  }
}
