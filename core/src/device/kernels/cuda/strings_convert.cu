// Kernels of plc.strings.convert (integers, booleans, urls, ipv4) on top of strings.cuh.
// The grammars are those of the host path (ops/strings/convert/): both give the same
// values and the same validity.

// ------------------------------------------------------------------------------------
// integers
// ------------------------------------------------------------------------------------

__device__ __forceinline__ int hex_digit(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Parse p[0..len) as an integer. Decimal (hex = 0): an optional sign then one or more ASCII
// digits; `ok` also needs the value to fit `bits` (0: any value) signed or unsigned. Hex:
// an optional 0x/0X then one or more hex digits, any value (the low 64 bits are kept).
// Returns the value's 64 bits (two's complement for a negative value).
__device__ __forceinline__ int64_t parse_integer(const uint8_t* p, int64_t len, int hex,
                                                 int is_unsigned, int bits, bool& ok) {
  int64_t k = 0;
  bool neg = false, overflow = false;
  uint64_t mag = 0;
  if (hex) {
    if (len >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) k = 2;
  } else if (len > 0 && (p[0] == '-' || p[0] == '+')) {
    neg = p[0] == '-';
    k = 1;
  }
  ok = k < len;
  for (; k < len && ok; ++k) {
    if (hex) {
      int d = hex_digit(p[k]);
      ok = d >= 0;
      mag = (mag << 4) | (uint64_t)(d & 15);
    } else {
      ok = p[k] >= '0' && p[k] <= '9';
      uint64_t d = (uint64_t)(p[k] - '0');
      if (mag > (~(uint64_t)0 - d) / 10) overflow = true;
      mag = mag * 10 + d;
    }
  }
  if (ok && !hex && bits > 0) {
    if (overflow) {
      ok = false;
    } else if (is_unsigned) {
      ok = neg ? mag == 0 : bits == 64 || mag < ((uint64_t)1 << bits);
    } else {
      uint64_t limit = (uint64_t)1 << (bits - 1);
      ok = neg ? mag <= limit : mag < limit;
    }
  }
  return neg ? (int64_t)(0 - mag) : (int64_t)mag;
}

// out[i] (when out is not null): row i parsed (see parse_integer); ok[i]: 1 when row i is
// valid and parses, else 0.
extern "C" __global__ void str_parse_integers(const StrCol* in, int64_t n, int hex,
                                              int is_unsigned, int bits, int64_t* out,
                                              uint8_t* ok) {
  STR_GRID_LOOP(i, n) {
    bool good = false;
    int64_t v = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      v = parse_integer(p, len, hex, is_unsigned, bits, good);
    }
    if (out) out[i] = good ? v : 0;
    ok[i] = good;
  }
}

// Every valid row of the 64-bit integers `v` (read as unsigned when is_unsigned) in
// decimal; with hex, the low `width` bytes in upper-case hex, two digits a byte, leading
// zero bytes left out (0 is "00"). A null row (mask bit clear) stays empty.
extern "C" __global__ void str_from_integers(const int64_t* v, int64_t n, const uint8_t* mask,
                                             int64_t mask_off, int is_unsigned, int hex,
                                             int width, int write, int64_t* sizes,
                                             const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      uint8_t digits[20];
      int nd = 0;
      if (hex) {
        uint64_t u = (uint64_t)v[i];
        int top = width - 1;
        while (top > 0 && ((u >> (8 * top)) & 0xFF) == 0) --top;
        const char* h = "0123456789ABCDEF";
        for (int b = top; b >= 0; --b) {
          uint8_t byte = (uint8_t)(u >> (8 * b));
          o.put((uint8_t)h[byte >> 4]);
          o.put((uint8_t)h[byte & 15]);
        }
      } else {
        bool neg = !is_unsigned && v[i] < 0;
        uint64_t u = neg ? 0 - (uint64_t)v[i] : (uint64_t)v[i];
        do {
          digits[nd++] = (uint8_t)('0' + u % 10);
          u /= 10;
        } while (u);
        if (neg) o.put('-');
        while (nd) o.put(digits[--nd]);
      }
    }
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// booleans
// ------------------------------------------------------------------------------------

// Every valid row of the BOOL8 values `v` as `t` (nonzero) or `f`; a null row stays empty.
extern "C" __global__ void str_from_booleans(const uint8_t* v, int64_t n, const uint8_t* mask,
                                             int64_t mask_off, const uint8_t* t, int64_t tlen,
                                             const uint8_t* f, int64_t flen, int write,
                                             int64_t* sizes, const int64_t* out_off,
                                             uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      if (v[i]) o.put_bytes(t, tlen); else o.put_bytes(f, flen);
    }
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// urls
// ------------------------------------------------------------------------------------

// Every byte but A-Z a-z 0-9 - . _ ~ as %XX (upper-case hex).
extern "C" __global__ void str_url_encode(const StrCol* in, int64_t n, int write,
                                          int64_t* sizes, const int64_t* out_off,
                                          uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    const char* h = "0123456789ABCDEF";
    for (int64_t k = 0; k < len; ++k) {
      uint8_t c = p[k];
      bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '.' || c == '_' || c == '~';
      if (keep) {
        o.put(c);
      } else {
        o.put('%');
        o.put((uint8_t)h[c >> 4]);
        o.put((uint8_t)h[c & 15]);
      }
    }
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// A UTF-8 check fed one byte at a time (Rust's str::from_utf8: shortest forms only, no
// surrogates, nothing above U+10FFFF): url_decode checks the bytes it writes.
struct Utf8Check {
  int need;
  uint8_t lo, hi;
  bool bad;
  __device__ __forceinline__ void feed(uint8_t c) {
    if (need == 0) {
      lo = 0x80;
      hi = 0xBF;
      if (c < 0x80) return;
      if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
      } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
      } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
      } else {
        bad = true;
      }
    } else {
      if (c < lo || c > hi) bad = true;
      lo = 0x80;
      hi = 0xBF;
      --need;
    }
  }
};

// %XX (two hex digits, either case) as the byte XX, every other byte as is. A row whose
// decoded bytes are not UTF-8 becomes null (flags[i] = 0), as does a null row.
extern "C" __global__ void str_url_decode(const StrCol* in, int64_t n, uint8_t* flags,
                                          int write, int64_t* sizes, const int64_t* out_off,
                                          uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    // The write pass skips the rows the size pass found bad (their size is 0).
    if (sc_valid(in[0], i) && (!write || flags[i])) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      Utf8Check u = {0, 0x80, 0xBF, false};
      for (int64_t k = 0; k < len; ++k) {
        uint8_t c = p[k];
        int hi = c == '%' && k + 2 < len ? hex_digit(p[k + 1]) : -1;
        int lo = hi >= 0 ? hex_digit(p[k + 2]) : -1;
        if (lo >= 0) {
          c = (uint8_t)(hi * 16 + lo);
          k += 2;
        }
        u.feed(c);
        o.put(c);
      }
      bool good = !u.bad && u.need == 0;
      if (!good) o.n = 0;
      if (!write) flags[i] = good;
    }
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// ipv4
// ------------------------------------------------------------------------------------

// Parse p[0..len) as a dotted IPv4 address: four parts of one to three ASCII digits, each
// at most 255. Returns the address as one integer (first part highest).
__device__ __forceinline__ uint32_t parse_ipv4(const uint8_t* p, int64_t len, bool& ok) {
  uint32_t addr = 0, part = 0;
  int parts = 0, digits = 0;
  ok = true;
  for (int64_t k = 0; k <= len && ok; ++k) {
    if (k == len || p[k] == '.') {
      ok = digits > 0 && part <= 255;
      addr = (addr << 8) | part;
      ++parts;
      part = 0;
      digits = 0;
    } else {
      ok = p[k] >= '0' && p[k] <= '9' && digits < 3;
      part = part * 10 + (p[k] - '0');
      ++digits;
    }
  }
  ok = ok && parts == 4;
  return addr;
}

// out[i] (when out is not null): row i as an address; ok[i]: 1 when row i is valid and an
// address, else 0.
extern "C" __global__ void str_parse_ipv4(const StrCol* in, int64_t n, uint32_t* out,
                                          uint8_t* ok) {
  STR_GRID_LOOP(i, n) {
    bool good = false;
    uint32_t v = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      v = parse_ipv4(p, len, good);
    }
    if (out) out[i] = good ? v : 0;
    ok[i] = good;
  }
}

// Every valid row of the UINT32 addresses `v` as a.b.c.d; a null row stays empty.
extern "C" __global__ void str_from_ipv4(const uint32_t* v, int64_t n, const uint8_t* mask,
                                         int64_t mask_off, int write, int64_t* sizes,
                                         const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      for (int b = 3; b >= 0; --b) {
        uint32_t part = (v[i] >> (8 * b)) & 0xFF;
        if (part >= 100) o.put((uint8_t)('0' + part / 100));
        if (part >= 10) o.put((uint8_t)('0' + part / 10 % 10));
        o.put((uint8_t)('0' + part % 10));
        if (b) o.put('.');
      }
    }
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// fixed point
// ------------------------------------------------------------------------------------

// Parse p[0..len) as a decimal number for a decimal of `scale` stored in `bits` bits (the
// host twin is convert_fixed_point::parse): an optional sign, digits with at most one '.',
// an optional exponent. The value is truncated toward zero to the scale; `ok` is false
// when the row is not a number or the value does not fit.
__device__ __int128 parse_fixed_point(const uint8_t* p, int64_t len, int scale, int bits,
                                      bool& ok) {
  ok = false;
  int64_t k = 0;
  bool neg = len > 0 && p[0] == '-';
  if (len > 0 && (p[0] == '-' || p[0] == '+')) k = 1;
  int64_t digits = 0, frac = 0, sig = 0, sig_start = -1;
  bool dot = false;
  for (; k < len; ++k) {
    uint8_t c = p[k];
    if (c == '.' && !dot) {
      dot = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    ++digits;
    frac += dot;
    if (c != '0' || sig > 0) {
      if (sig == 0) sig_start = k;
      ++sig;
    }
  }
  if (digits == 0) return 0;
  int64_t mantissa_end = k, exp = 0;
  if (k < len) {
    if (p[k] != 'e' && p[k] != 'E') return 0;
    ++k;
    bool eneg = k < len && p[k] == '-';
    if (k < len && (p[k] == '-' || p[k] == '+')) ++k;
    if (k == len) return 0;
    for (; k < len; ++k) {
      if (p[k] < '0' || p[k] > '9') return 0;
      exp = exp * 10 + (p[k] - '0');
      if (exp > 1000000000) exp = 1000000000;  // beyond it a value overflows or is 0
    }
    if (eneg) exp = -exp;
  }
  // value = significant digits * 10^(exp - frac - scale), truncated toward zero
  int64_t shift = exp - frac - scale;
  int64_t keep = sig + (shift < 0 ? shift : 0);
  const unsigned __int128 MAX = ~(unsigned __int128)0;
  unsigned __int128 v = 0;
  int64_t used = 0;
  for (int64_t j = sig_start; sig_start >= 0 && j < mantissa_end && used < keep; ++j) {
    if (p[j] == '.') continue;
    unsigned d = p[j] - '0';
    if (v > (MAX - d) / 10) return 0;
    v = v * 10 + d;
    ++used;
  }
  if (v != 0) {
    for (int64_t j = 0; j < shift; ++j) {
      if (v > MAX / 10) return 0;
      v *= 10;
    }
  }
  unsigned __int128 limit = (unsigned __int128)1 << (bits - 1);
  if (neg ? v > limit : v >= limit) return 0;
  ok = true;
  return neg ? (__int128)(0 - v) : (__int128)v;
}

// out[i] (when out is not null): row i as a decimal of `scale` in `bits` (32, 64 or 128)
// bits; ok[i]: 1 when row i is valid and parses, else 0.
extern "C" __global__ void str_parse_fixed_point(const StrCol* in, int64_t n, int scale,
                                                 int bits, void* out, uint8_t* ok) {
  STR_GRID_LOOP(i, n) {
    bool good = false;
    __int128 v = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      v = parse_fixed_point(p, len, scale, bits, good);
    }
    if (!good) v = 0;
    if (out) {
      if (bits == 32) ((int32_t*)out)[i] = (int32_t)v;
      else if (bits == 64) ((int64_t*)out)[i] = (int64_t)v;
      else ((__int128*)out)[i] = v;
    }
    ok[i] = good;
  }
}

// Every valid row of the decimals `v` (`bits` wide, `scale`) as text: [-]integer.fraction
// with -scale fraction digits, or for scale >= 0 the integer and `scale` zeros (0 alone
// for zero). A null row stays empty.
extern "C" __global__ void str_from_fixed_point(const void* v, int64_t n, const uint8_t* mask,
                                                int64_t mask_off, int bits, int scale,
                                                int write, int64_t* sizes,
                                                const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      __int128 x = bits == 32   ? (__int128)((const int32_t*)v)[i]
                   : bits == 64 ? (__int128)((const int64_t*)v)[i]
                                : ((const __int128*)v)[i];
      unsigned __int128 mag = x < 0 ? 0 - (unsigned __int128)x : (unsigned __int128)x;
      uint8_t d[40];
      int nd = 0;
      do {
        d[nd++] = (uint8_t)('0' + (int)(mag % 10));
        mag /= 10;
      } while (mag);
      if (x < 0) o.put('-');
      if (scale >= 0) {
        while (nd) o.put(d[--nd]);
        if (x != 0) for (int j = 0; j < scale; ++j) o.put('0');
      } else {
        int frac = -scale;
        if (nd > frac) {
          while (nd > frac) o.put(d[--nd]);
          o.put('.');
        } else {
          o.put('0');
          o.put('.');
          for (int j = nd; j < frac; ++j) o.put('0');
        }
        while (nd) o.put(d[--nd]);
      }
    }
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// durations
// ------------------------------------------------------------------------------------
// Formats come compiled by the host (convert_durations::compile) as byte pairs: (0, c) a
// literal byte, (1, '-') where a negative value's sign goes, (2, c) a specifier among
// D H I M S s (%OS) p R T r.

__device__ __forceinline__ void put_two_digits(Out& o, int64_t v) {
  o.put((uint8_t)('0' + v / 10));
  o.put((uint8_t)('0' + v % 10));
}

__device__ __forceinline__ void put_am_pm(Out& o, int64_t hour) {
  o.put(hour >= 12 ? 'P' : 'A');
  o.put('M');
}

// Every valid row of the durations `v` (INT32 days when per_sec is 0, else INT64 ticks with
// per_sec ticks a second and frac_digits fraction digits) written with the format items
// (the host twin is convert_durations::format). A null row stays empty.
extern "C" __global__ void str_from_durations(const void* v, int64_t n, const uint8_t* mask,
                                              int64_t mask_off, int64_t per_sec,
                                              int frac_digits, const uint8_t* items,
                                              int64_t n_items, int write, int64_t* sizes,
                                              const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      int64_t x = per_sec == 0 ? (int64_t)((const int32_t*)v)[i] : ((const int64_t*)v)[i];
      bool neg = x < 0;
      int64_t day = x, hour = 0, minute = 0, second = 0, sub = 0;
      if (per_sec != 0) {
        int64_t secs = x / per_sec;
        day = secs / 86400;
        hour = secs / 3600 % 24;
        minute = secs / 60 % 60;
        second = secs % 60;
        sub = x % per_sec;
        if (hour < 0) hour = -hour;
        if (minute < 0) minute = -minute;
        if (second < 0) second = -second;
        if (sub < 0) sub = -sub;
      }
      for (int64_t j = 0; j < n_items; ++j) {
        uint8_t kind = items[2 * j], c = items[2 * j + 1];
        if (kind == 0) {
          o.put(c);
          continue;
        }
        if (kind == 1) {
          if (neg) o.put('-');
          continue;
        }
        switch (c) {
          case 'D': {
            uint64_t mag = day < 0 ? 0 - (uint64_t)day : (uint64_t)day;
            uint8_t d[20];
            int nd = 0;
            do {
              d[nd++] = (uint8_t)('0' + mag % 10);
              mag /= 10;
            } while (mag);
            while (nd) o.put(d[--nd]);
            break;
          }
          case 'H': put_two_digits(o, hour); break;
          case 'I': put_two_digits(o, hour % 12); break;
          case 'M': put_two_digits(o, minute); break;
          case 's': put_two_digits(o, second); break;
          case 'S': {
            put_two_digits(o, second);
            if (sub != 0) {
              o.put('.');
              int64_t div = 1;
              for (int k = 1; k < frac_digits; ++k) div *= 10;
              for (; div > 0; div /= 10) o.put((uint8_t)('0' + sub / div % 10));
            }
            break;
          }
          case 'p': put_am_pm(o, hour); break;
          case 'R':
          case 'T':
            put_two_digits(o, hour);
            o.put(':');
            put_two_digits(o, minute);
            if (c == 'T') {
              o.put(':');
              put_two_digits(o, second);
            }
            break;
          default:  // 'r'
            put_two_digits(o, hour % 12);
            o.put(':');
            put_two_digits(o, minute);
            o.put(':');
            put_two_digits(o, second);
            o.put(' ');
            put_am_pm(o, hour);
        }
      }
    }
    out_end(i, write, o, sizes);
  }
}

// One to `max` ASCII digits at p[k]: their value in v, k moved past them.
__device__ __forceinline__ bool duration_digits(const uint8_t* p, int64_t len, int64_t& k,
                                                int max, int64_t& v) {
  int nd = 0;
  v = 0;
  while (nd < max && k < len && p[k] >= '0' && p[k] <= '9') {
    v = v * 10 + (p[k++] - '0');
    ++nd;
  }
  return nd > 0;
}

__device__ __forceinline__ bool duration_byte(const uint8_t* p, int64_t len, int64_t& k,
                                              uint8_t c) {
  if (k >= len || p[k] != c) return false;
  ++k;
  return true;
}

// AM (shift 0) or PM (shift 12) at p[k].
__device__ __forceinline__ bool duration_am_pm(const uint8_t* p, int64_t len, int64_t& k,
                                               int64_t& shift) {
  if (k + 2 > len || p[k + 1] != 'M' || (p[k] != 'A' && p[k] != 'P')) return false;
  shift = p[k] == 'P' ? 12 : 0;
  k += 2;
  return true;
}

// Row p[0..len) read with the format items (the host twin is convert_durations::parse):
// nanoseconds, `ok` false when the row does not match.
__device__ __int128 parse_duration(const uint8_t* p, int64_t len, const uint8_t* items,
                                   int64_t n_items, bool& ok) {
  ok = false;
  bool neg = false;
  int64_t k = 0, day = 0, hour = 0, minute = 0, second = 0, nanos = 0, shift = 0;
  for (int64_t j = 0; j < n_items; ++j) {
    uint8_t kind = items[2 * j], c = items[2 * j + 1];
    if (kind == 0) {
      if (!duration_byte(p, len, k, c)) return 0;
      continue;
    }
    if (kind == 1) {
      if (k < len && p[k] == '-') {
        neg = true;
        ++k;
      }
      continue;
    }
    switch (c) {
      case 'D':
        if (!duration_digits(p, len, k, 18, day)) return 0;
        break;
      case 'H':
        if (!duration_digits(p, len, k, 2, hour)) return 0;
        shift = 0;
        break;
      case 'I':
        if (!duration_digits(p, len, k, 2, hour)) return 0;
        break;
      case 'M':
        if (!duration_digits(p, len, k, 2, minute)) return 0;
        break;
      case 's':
        if (!duration_digits(p, len, k, 2, second)) return 0;
        break;
      case 'S':
        if (!duration_digits(p, len, k, 2, second)) return 0;
        if (k < len && p[k] == '.') {
          int64_t start = ++k, f;
          if (!duration_digits(p, len, k, 9, f)) return 0;
          for (int64_t d = k - start; d < 9; ++d) f *= 10;
          nanos = f;
        }
        break;
      case 'p':
        if (!duration_am_pm(p, len, k, shift)) return 0;
        break;
      case 'R':
      case 'T':
        if (!duration_digits(p, len, k, 2, hour)) return 0;
        shift = 0;
        if (!duration_byte(p, len, k, ':') || !duration_digits(p, len, k, 2, minute)) return 0;
        if (c == 'T' &&
            (!duration_byte(p, len, k, ':') || !duration_digits(p, len, k, 2, second)))
          return 0;
        break;
      default:  // 'r'
        if (!duration_digits(p, len, k, 2, hour) || !duration_byte(p, len, k, ':') ||
            !duration_digits(p, len, k, 2, minute) || !duration_byte(p, len, k, ':') ||
            !duration_digits(p, len, k, 2, second) || !duration_byte(p, len, k, ' ') ||
            !duration_am_pm(p, len, k, shift))
          return 0;
    }
  }
  if (k != len) return 0;
  __int128 secs = (((__int128)day * 24 + hour + shift) * 60 + minute) * 60 + second;
  __int128 ns = secs * 1000000000 + nanos;
  ok = true;
  return neg ? -ns : ns;
}

// out[i]: row i read with the format items in ticks of ns_per_tick nanoseconds (INT32 when
// days, else INT64); ok[i]: 1 when row i is valid, matches and fits, else 0.
extern "C" __global__ void str_parse_durations(const StrCol* in, int64_t n,
                                               const uint8_t* items, int64_t n_items,
                                               int64_t ns_per_tick, int days, void* out,
                                               uint8_t* ok) {
  STR_GRID_LOOP(i, n) {
    bool good = false;
    __int128 t = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      t = parse_duration(p, len, items, n_items, good) / ns_per_tick;
      __int128 hi = days ? (__int128)2147483647 : (__int128)9223372036854775807LL;
      __int128 lo = -hi - 1;
      good = good && t >= lo && t <= hi;
    }
    if (!good) t = 0;
    if (days) ((int32_t*)out)[i] = (int32_t)t;
    else ((int64_t*)out)[i] = (int64_t)t;
    ok[i] = good;
  }
}

// ------------------------------------------------------------------------------------
// datetime
// ------------------------------------------------------------------------------------
// Formats come compiled by the host (convert_datetime::code) as byte triples: (0, c, 0) a
// literal byte, (1, c, w) the specifier %c with its digit count w (%Y 4, %j 3, %f 1-9,
// the others 2). The calendar is calendar.cuh's, shared with the datetime module.

// Exactly n ASCII digits at p[k].
__device__ __forceinline__ bool sc_fixed_digits(const uint8_t* p, int64_t len, int64_t& k,
                                                int n, int64_t& v) {
  if (k + n > len) return false;
  v = 0;
  for (int j = 0; j < n; ++j) {
    uint8_t c = p[k + j];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  k += n;
  return true;
}

__device__ __forceinline__ uint8_t sc_upper(uint8_t c) {
  return (c >= 'a' && c <= 'z') ? (uint8_t)(c - 32) : c;
}

// Row p[0..len) read with the format items (the host twin is convert_datetime::parse):
// nanoseconds since the epoch, `ok` false when the row does not match or a field is out
// of range.
__device__ __int128 parse_timestamp(const uint8_t* s, int64_t len, const uint8_t* items,
                                    int64_t n_items, bool& ok) {
  ok = false;
  int64_t y = 1970, mo = 1, d = 1, yday = -1, h = 0, mi = 0, sec = 0, ns = 0, off = 0;
  int64_t h12 = -1, v = 0, k = 0;
  int pm = -1;
  for (int64_t j = 0; j < n_items; ++j) {
    uint8_t kind = items[3 * j], c = items[3 * j + 1];
    int w = items[3 * j + 2];
    if (kind == 0) {
      if (k >= len || s[k] != c) return 0;
      ++k;
      continue;
    }
    if (c == 'p') {
      if (k + 2 > len || sc_upper(s[k + 1]) != 'M') return 0;
      uint8_t a = sc_upper(s[k]);
      if (a != 'A' && a != 'P') return 0;
      pm = a == 'P';
      k += 2;
      continue;
    }
    if (c == 'z') {
      if (k >= len || (s[k] != '+' && s[k] != '-')) return 0;
      int64_t sign = s[k] == '+' ? 1 : -1, oh, om;
      ++k;
      if (!sc_fixed_digits(s, len, k, 2, oh) || !sc_fixed_digits(s, len, k, 2, om)) return 0;
      if (oh > 23 || om > 59) return 0;
      off = sign * (oh * 60 + om);
      continue;
    }
    if (!sc_fixed_digits(s, len, k, w, v)) return 0;
    switch (c) {
      case 'Y': y = v; break;
      case 'y': y = v < 69 ? 2000 + v : 1900 + v; break;
      case 'm': mo = v; break;
      case 'd': d = v; break;
      case 'j': yday = v; break;
      case 'H': h = v; break;
      case 'I': h12 = v; break;
      case 'M': mi = v; break;
      case 'S': sec = v; break;
      default: {  // 'f'
        for (int e = w; e < 9; ++e) v *= 10;
        ns = v;
      }
    }
  }
  if (k != len || mo < 1 || mo > 12 || d < 1 || d > dt_days_in_month(y, mo)) return 0;
  if (h12 >= 0) {
    if (h12 < 1 || h12 > 12) return 0;
    h = h12 % 12 + (pm == 1 ? 12 : 0);
  }
  if (h > 23 || mi > 59 || sec > 59) return 0;
  int64_t days;
  if (yday >= 0) {
    if (yday < 1 || yday > 365 + dt_is_leap(y)) return 0;
    days = days_from_civil(y, 1, 1) + yday - 1;
  } else {
    days = days_from_civil(y, mo, d);
  }
  int64_t secs = days * 86400 + h * 3600 + mi * 60 + sec - off * 60;
  ok = true;
  return (__int128)secs * 1000000000 + ns;
}

// ok[i]: row i is valid and matches (with flags_only, whatever the unit's range); else
// out[i]: its timestamp floored to ticks of ns_per_tick nanoseconds (INT32 when days,
// else INT64), ok[i] also needing the value to fit.
extern "C" __global__ void str_parse_timestamps(const StrCol* in, int64_t n,
                                                const uint8_t* items, int64_t n_items,
                                                int64_t ns_per_tick, int days, int flags_only,
                                                void* out, uint8_t* ok) {
  STR_GRID_LOOP(i, n) {
    bool good = false;
    __int128 t = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      __int128 ns = parse_timestamp(p, len, items, n_items, good);
      if (good && !flags_only) {
        t = ns / ns_per_tick;
        if (ns % ns_per_tick != 0 && ns < 0) t -= 1;  // floor
        __int128 hi = days ? (__int128)2147483647 : (__int128)9223372036854775807LL;
        good = t >= -hi - 1 && t <= hi;
      }
    }
    if (!good) t = 0;
    if (!flags_only) {
      if (days) ((int32_t*)out)[i] = (int32_t)t;
      else ((int64_t*)out)[i] = (int64_t)t;
    }
    ok[i] = good;
  }
}

// v written in at least `width` digits, zero-padded after a '-' (Rust's {:0width$}).
__device__ __forceinline__ void sc_put_padded(Out& o, int64_t v, int width) {
  uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  uint8_t dg[20];
  int nd = 0;
  do {
    dg[nd++] = (uint8_t)('0' + mag % 10);
    mag /= 10;
  } while (mag);
  if (v < 0) {
    o.put('-');
    --width;
  }
  for (int j = nd; j < width; ++j) o.put('0');
  while (nd) o.put(dg[--nd]);
}

// Every valid row of the timestamps `v` (INT32 days when days, else INT64 ticks of
// ns_per_tick nanoseconds) written with the format items (the host twin is
// convert_datetime::from_timestamps); `names`, when it has 40 rows, gives %p %A %a %B %b.
extern "C" __global__ void str_from_timestamps(const void* v, int64_t n, const uint8_t* mask,
                                               int64_t mask_off, int64_t ns_per_tick, int days,
                                               const uint8_t* items, int64_t n_items,
                                               const StrCol* names, int has_names, int write,
                                               int64_t* sizes, const int64_t* out_off,
                                               uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      int64_t ticks = days ? (int64_t)((const int32_t*)v)[i] : ((const int64_t*)v)[i];
      const __int128 day_ns = (__int128)86400000000000LL;
      __int128 ns = (__int128)ticks * ns_per_tick;
      __int128 dq = ns / day_ns;
      if (ns % day_ns != 0 && ns < 0) dq -= 1;
      int64_t dd = (int64_t)dq;
      int64_t rem = (int64_t)(ns - dq * day_ns);
      int64_t y, mo, d;
      civil_from_days(dd, y, mo, d);
      int64_t h = rem / 3600000000000LL, mi = rem / 60000000000LL % 60;
      int64_t sec = rem / 1000000000 % 60, sub = rem % 1000000000;
      int64_t yday = dd - days_from_civil(y, 1, 1);
      int64_t wday = ((dd + 4) % 7 + 7) % 7;
      for (int64_t j = 0; j < n_items; ++j) {
        uint8_t kind = items[3 * j], c = items[3 * j + 1];
        int w = items[3 * j + 2];
        if (kind == 0) {
          o.put(c);
          continue;
        }
        int name = -1;
        switch (c) {
          case 'Y': sc_put_padded(o, y, 4); break;
          case 'y': sc_put_padded(o, ((y % 100) + 100) % 100, 2); break;
          case 'm': sc_put_padded(o, mo, 2); break;
          case 'd': sc_put_padded(o, d, 2); break;
          case 'j': sc_put_padded(o, yday + 1, 3); break;
          case 'H': sc_put_padded(o, h, 2); break;
          case 'I': sc_put_padded(o, h % 12 == 0 ? 12 : h % 12, 2); break;
          case 'M': sc_put_padded(o, mi, 2); break;
          case 'S': sc_put_padded(o, sec, 2); break;
          case 'f': {
            int64_t div = 100000000;
            for (int e = 0; e < w; ++e, div /= 10) o.put((uint8_t)('0' + sub / div % 10));
            break;
          }
          case 'z': o.put_bytes((const uint8_t*)"+0000", 5); break;
          case 'Z': o.put_bytes((const uint8_t*)"UTC", 3); break;
          case 'u': sc_put_padded(o, wday == 0 ? 7 : wday, 1); break;
          case 'w': sc_put_padded(o, wday, 1); break;
          case 'U': sc_put_padded(o, (yday + 7 - wday) / 7, 2); break;
          case 'W': sc_put_padded(o, (yday + 7 - (wday + 6) % 7) / 7, 2); break;
          case 'p':
            if (has_names) name = h >= 12;
            else o.put_bytes((const uint8_t*)(h >= 12 ? "PM" : "AM"), 2);
            break;
          case 'A': name = 2 + (int)wday; break;
          case 'a': name = 9 + (int)wday; break;
          case 'B': name = 15 + (int)mo; break;
          default: name = 27 + (int)mo;  // 'b'
        }
        if (name >= 0 && has_names) {
          const uint8_t* np;
          int64_t nl;
          sc_get(names[0], name, np, nl);
          o.put_bytes(np, nl);
        }
      }
    }
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// format_list_column
// ------------------------------------------------------------------------------------

// The deepest list nesting the device writes (deeper columns are formatted on the host).
#define FMT_MAX_DEPTH 16

// Rows [s, e) of the next level that row j of the list level c holds.
__device__ __forceinline__ void fmt_bounds(const StrCol& c, int64_t j, int64_t& s, int64_t& e) {
  if (c.off64) {
    s = ((const int64_t*)c.offsets)[j];
    e = ((const int64_t*)c.offsets)[j + 1];
  } else {
    s = ((const int32_t*)c.offsets)[j];
    e = ((const int32_t*)c.offsets)[j + 1];
  }
}

// Row i of a LIST column as libcudf writes it: in[0 .. depth) are the list levels (offsets
// and validity in StrCol layout, level l + 1's row k being element k of level l) and
// in[depth] the strings. marks holds na_rep, the separator, the left and the right
// enclosure one after the other, their lengths in lens[0..4). Null lists and strings at any
// depth are na_rep. The nesting is walked with an explicit stack (no device recursion).
extern "C" __global__ void str_format_lists(const StrCol* in, int32_t depth, int64_t n,
                                            const uint8_t* marks, const int64_t* lens,
                                            int write, int64_t* sizes, const int64_t* out_off,
                                            uint8_t* out_chars) {
  const uint8_t* na = marks;
  const uint8_t* sep = na + lens[0];
  const uint8_t* left = sep + lens[1];
  const uint8_t* right = left + lens[2];
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (!sc_valid(in[0], i)) {
      o.put_bytes(na, lens[0]);
    } else {
      int64_t start[FMT_MAX_DEPTH], cur[FMT_MAX_DEPTH], end[FMT_MAX_DEPTH];
      int l = 0;
      o.put_bytes(left, lens[2]);
      fmt_bounds(in[0], i, start[0], end[0]);
      cur[0] = start[0];
      while (true) {
        if (cur[l] == end[l]) {
          o.put_bytes(right, lens[3]);
          if (l == 0) break;
          --l;
          continue;
        }
        int64_t k = cur[l]++;
        if (k > start[l]) o.put_bytes(sep, lens[1]);
        if (!sc_valid(in[l + 1], k)) {
          o.put_bytes(na, lens[0]);
        } else if (l + 1 == depth) {
          const uint8_t* p;
          int64_t len;
          sc_get(in[depth], k, p, len);
          o.put_bytes(p, len);
        } else {
          ++l;
          o.put_bytes(left, lens[2]);
          fmt_bounds(in[l], k, start[l], end[l]);
          cur[l] = start[l];
        }
      }
    }
    out_end(i, write, o, sizes);
  }
}
