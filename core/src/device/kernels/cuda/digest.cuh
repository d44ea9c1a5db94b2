// Streaming message digests for the row digests of hashing.cu: MD5 (RFC 1321), SHA-1 and
// the SHA-2 family (FIPS 180-4), each a state that takes bytes (`digest_update`) and ends
// in a lowercase hex string (`digest_finish`). One thread owns one state, so there is no
// shared memory and no intrinsic: the file is plain C++ that a host compiler can also
// build (FERRO_DIGEST_FN and FERRO_DIGEST_CONST default to the device spellings).
//
// The round constants are the specifications' (MD5: floor(|sin(i + 1)| * 2^32); SHA-2:
// the fractional parts of the cube roots of the first primes, the initial values those of
// their square roots).

#ifndef FERRO_DIGEST_FN
#define FERRO_DIGEST_FN __device__ __forceinline__
#endif
#ifndef FERRO_DIGEST_CONST
#define FERRO_DIGEST_CONST __constant__
#endif

FERRO_DIGEST_CONST uint32_t md5_k[64] = {
  0xd76aa478u, 0xe8c7b756u, 0x242070dbu, 0xc1bdceeeu, 0xf57c0fafu, 0x4787c62au, 0xa8304613u, 0xfd469501u,
  0x698098d8u, 0x8b44f7afu, 0xffff5bb1u, 0x895cd7beu, 0x6b901122u, 0xfd987193u, 0xa679438eu, 0x49b40821u,
  0xf61e2562u, 0xc040b340u, 0x265e5a51u, 0xe9b6c7aau, 0xd62f105du, 0x02441453u, 0xd8a1e681u, 0xe7d3fbc8u,
  0x21e1cde6u, 0xc33707d6u, 0xf4d50d87u, 0x455a14edu, 0xa9e3e905u, 0xfcefa3f8u, 0x676f02d9u, 0x8d2a4c8au,
  0xfffa3942u, 0x8771f681u, 0x6d9d6122u, 0xfde5380cu, 0xa4beea44u, 0x4bdecfa9u, 0xf6bb4b60u, 0xbebfbc70u,
  0x289b7ec6u, 0xeaa127fau, 0xd4ef3085u, 0x04881d05u, 0xd9d4d039u, 0xe6db99e5u, 0x1fa27cf8u, 0xc4ac5665u,
  0xf4292244u, 0x432aff97u, 0xab9423a7u, 0xfc93a039u, 0x655b59c3u, 0x8f0ccc92u, 0xffeff47du, 0x85845dd1u,
  0x6fa87e4fu, 0xfe2ce6e0u, 0xa3014314u, 0x4e0811a1u, 0xf7537e82u, 0xbd3af235u, 0x2ad7d2bbu, 0xeb86d391u,
};
// MD5's left rotations: four per round, repeated over the round's 16 steps.
FERRO_DIGEST_CONST uint8_t md5_r[16] = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};
FERRO_DIGEST_CONST uint32_t sha256_k[64] = {
  0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
  0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
  0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
  0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
  0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
  0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
  0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
  0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};
FERRO_DIGEST_CONST uint64_t sha512_k[80] = {
  0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
  0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
  0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
  0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
  0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
  0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
  0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
  0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
  0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
  0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
  0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
  0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
  0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
  0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
  0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
  0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
  0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
  0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
  0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
  0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};
FERRO_DIGEST_CONST uint32_t sha224_h0[8] = {
  0xc1059ed8u, 0x367cd507u, 0x3070dd17u, 0xf70e5939u, 0xffc00b31u, 0x68581511u, 0x64f98fa7u, 0xbefa4fa4u,
};
FERRO_DIGEST_CONST uint32_t sha256_h0[8] = {
  0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au, 0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u,
};
FERRO_DIGEST_CONST uint64_t sha384_h0[8] = {
  0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
  0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL,
};
FERRO_DIGEST_CONST uint64_t sha512_h0[8] = {
  0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
  0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

FERRO_DIGEST_FN uint32_t dg_rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
FERRO_DIGEST_FN uint32_t dg_rotr32(uint32_t x, int r) { return (x >> r) | (x << (32 - r)); }
FERRO_DIGEST_FN uint64_t dg_rotr64(uint64_t x, int r) { return (x >> r) | (x << (64 - r)); }
FERRO_DIGEST_FN uint32_t dg_be32(const uint8_t* p) {
  return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}
FERRO_DIGEST_FN uint64_t dg_be64(const uint8_t* p) {
  return ((uint64_t)dg_be32(p) << 32) | (uint64_t)dg_be32(p + 4);
}
// Byte `b` as two lowercase hex digits at `out`.
FERRO_DIGEST_FN void dg_hex_byte(uint8_t b, char* out) {
  const char* digits = "0123456789abcdef";
  out[0] = digits[b >> 4];
  out[1] = digits[b & 15];
}

// MD5: 64-byte blocks read as little-endian words; the bit length ends the last block
// little-endian, and the digest is the state words' little-endian bytes.
struct Md5 {
  static constexpr int BLOCK = 64;
  static constexpr int LENGTH_BYTES = 8;
  static constexpr int HEX = 32;
  uint32_t h[4];
  uint8_t buf[64];
  int blen;
  uint64_t total;

  FERRO_DIGEST_FN void init() {
    h[0] = 0x67452301u; h[1] = 0xefcdab89u; h[2] = 0x98badcfeu; h[3] = 0x10325476u;
    blen = 0;
    total = 0;
  }
  FERRO_DIGEST_FN void compress() {
    uint32_t m[16];
    for (int j = 0; j < 16; ++j) {
      const uint8_t* p = buf + 4 * j;
      m[j] = (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      uint32_t f;
      int g;
      if (i < 16) { f = (b & c) | (~b & d); g = i; }
      else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) & 15; }
      else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) & 15; }
      else { f = c ^ (b | ~d); g = (7 * i) & 15; }
      f = f + a + md5_k[i] + m[g];
      a = d; d = c; c = b;
      b = b + dg_rotl32(f, md5_r[(i >> 4) * 4 + (i & 3)]);
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
  }
  FERRO_DIGEST_FN void put_length(uint64_t bits) {
    for (int j = 0; j < 8; ++j) buf[56 + j] = (uint8_t)(bits >> (8 * j));
  }
  FERRO_DIGEST_FN void hex(char* out) const {
    for (int w = 0; w < 4; ++w)
      for (int j = 0; j < 4; ++j) dg_hex_byte((uint8_t)(h[w] >> (8 * j)), out + 8 * w + 2 * j);
  }
};

// SHA-1: 64-byte blocks of big-endian words, the message schedule kept as a ring of 16.
struct Sha1 {
  static constexpr int BLOCK = 64;
  static constexpr int LENGTH_BYTES = 8;
  static constexpr int HEX = 40;
  uint32_t h[5];
  uint8_t buf[64];
  int blen;
  uint64_t total;

  FERRO_DIGEST_FN void init() {
    h[0] = 0x67452301u; h[1] = 0xefcdab89u; h[2] = 0x98badcfeu; h[3] = 0x10325476u;
    h[4] = 0xc3d2e1f0u;
    blen = 0;
    total = 0;
  }
  FERRO_DIGEST_FN void compress() {
    uint32_t w[16];
    for (int j = 0; j < 16; ++j) w[j] = dg_be32(buf + 4 * j);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; ++i) {
      if (i >= 16) {
        w[i & 15] = dg_rotl32(w[(i - 3) & 15] ^ w[(i - 8) & 15] ^ w[(i - 14) & 15] ^ w[i & 15], 1);
      }
      uint32_t f, k;
      if (i < 20) { f = (b & c) | (~b & d); k = 0x5a827999u; }
      else if (i < 40) { f = b ^ c ^ d; k = 0x6ed9eba1u; }
      else if (i < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8f1bbcdcu; }
      else { f = b ^ c ^ d; k = 0xca62c1d6u; }
      uint32_t t = dg_rotl32(a, 5) + f + e + k + w[i & 15];
      e = d; d = c; c = dg_rotl32(b, 30); b = a; a = t;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
  }
  FERRO_DIGEST_FN void put_length(uint64_t bits) {
    for (int j = 0; j < 8; ++j) buf[56 + j] = (uint8_t)(bits >> (56 - 8 * j));
  }
  FERRO_DIGEST_FN void hex(char* out) const {
    for (int w = 0; w < 5; ++w)
      for (int j = 0; j < 4; ++j) dg_hex_byte((uint8_t)(h[w] >> (24 - 8 * j)), out + 8 * w + 2 * j);
  }
};

// SHA-256, and SHA-224 (other initial values, the first 7 words in the digest).
template <bool IS224>
struct Sha256 {
  static constexpr int BLOCK = 64;
  static constexpr int LENGTH_BYTES = 8;
  static constexpr int HEX = IS224 ? 56 : 64;
  uint32_t h[8];
  uint8_t buf[64];
  int blen;
  uint64_t total;

  FERRO_DIGEST_FN void init() {
    for (int j = 0; j < 8; ++j) h[j] = IS224 ? sha224_h0[j] : sha256_h0[j];
    blen = 0;
    total = 0;
  }
  FERRO_DIGEST_FN void compress() {
    uint32_t w[16];
    for (int j = 0; j < 16; ++j) w[j] = dg_be32(buf + 4 * j);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; ++i) {
      if (i >= 16) {
        // w[i & 15] still holds w[i - 16].
        uint32_t x = w[(i - 15) & 15], y = w[(i - 2) & 15];
        uint32_t s0 = dg_rotr32(x, 7) ^ dg_rotr32(x, 18) ^ (x >> 3);
        uint32_t s1 = dg_rotr32(y, 17) ^ dg_rotr32(y, 19) ^ (y >> 10);
        w[i & 15] += s0 + w[(i - 7) & 15] + s1;
      }
      uint32_t S1 = dg_rotr32(e, 6) ^ dg_rotr32(e, 11) ^ dg_rotr32(e, 25);
      uint32_t ch = (e & f) ^ (~e & g);
      uint32_t t1 = hh + S1 + ch + sha256_k[i] + w[i & 15];
      uint32_t S0 = dg_rotr32(a, 2) ^ dg_rotr32(a, 13) ^ dg_rotr32(a, 22);
      uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
      uint32_t t2 = S0 + maj;
      hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  FERRO_DIGEST_FN void put_length(uint64_t bits) {
    for (int j = 0; j < 8; ++j) buf[56 + j] = (uint8_t)(bits >> (56 - 8 * j));
  }
  FERRO_DIGEST_FN void hex(char* out) const {
    for (int w = 0; w < HEX / 8; ++w)
      for (int j = 0; j < 4; ++j) dg_hex_byte((uint8_t)(h[w] >> (24 - 8 * j)), out + 8 * w + 2 * j);
  }
};

// SHA-512, and SHA-384 (other initial values, the first 6 words in the digest): 128-byte
// blocks of big-endian 64-bit words and a 128-bit length (its upper half is zero here).
template <bool IS384>
struct Sha512 {
  static constexpr int BLOCK = 128;
  static constexpr int LENGTH_BYTES = 16;
  static constexpr int HEX = IS384 ? 96 : 128;
  uint64_t h[8];
  uint8_t buf[128];
  int blen;
  uint64_t total;

  FERRO_DIGEST_FN void init() {
    for (int j = 0; j < 8; ++j) h[j] = IS384 ? sha384_h0[j] : sha512_h0[j];
    blen = 0;
    total = 0;
  }
  FERRO_DIGEST_FN void compress() {
    uint64_t w[16];
    for (int j = 0; j < 16; ++j) w[j] = dg_be64(buf + 8 * j);
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 80; ++i) {
      if (i >= 16) {
        uint64_t x = w[(i - 15) & 15], y = w[(i - 2) & 15];
        uint64_t s0 = dg_rotr64(x, 1) ^ dg_rotr64(x, 8) ^ (x >> 7);
        uint64_t s1 = dg_rotr64(y, 19) ^ dg_rotr64(y, 61) ^ (y >> 6);
        w[i & 15] += s0 + w[(i - 7) & 15] + s1;
      }
      uint64_t S1 = dg_rotr64(e, 14) ^ dg_rotr64(e, 18) ^ dg_rotr64(e, 41);
      uint64_t ch = (e & f) ^ (~e & g);
      uint64_t t1 = hh + S1 + ch + sha512_k[i] + w[i & 15];
      uint64_t S0 = dg_rotr64(a, 28) ^ dg_rotr64(a, 34) ^ dg_rotr64(a, 39);
      uint64_t maj = (a & b) ^ (a & c) ^ (b & c);
      uint64_t t2 = S0 + maj;
      hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  FERRO_DIGEST_FN void put_length(uint64_t bits) {
    for (int j = 0; j < 8; ++j) buf[112 + j] = 0;
    for (int j = 0; j < 8; ++j) buf[120 + j] = (uint8_t)(bits >> (56 - 8 * j));
  }
  FERRO_DIGEST_FN void hex(char* out) const {
    for (int w = 0; w < HEX / 16; ++w)
      for (int j = 0; j < 8; ++j) dg_hex_byte((uint8_t)(h[w] >> (56 - 8 * j)), out + 16 * w + 2 * j);
  }
};

// Feed `len` bytes at `p` into digest `d`.
template <class D>
FERRO_DIGEST_FN void digest_update(D& d, const uint8_t* p, int64_t len) {
  d.total += (uint64_t)len;
  for (int64_t i = 0; i < len; ++i) {
    d.buf[d.blen++] = p[i];
    if (d.blen == D::BLOCK) {
      d.compress();
      d.blen = 0;
    }
  }
}

// Pad the message (0x80, zeros, the bit length) and write the D::HEX hex digits at `out`.
template <class D>
FERRO_DIGEST_FN void digest_finish(D& d, char* out) {
  uint64_t bits = d.total * 8;
  d.buf[d.blen++] = 0x80;
  if (d.blen > D::BLOCK - D::LENGTH_BYTES) {
    while (d.blen < D::BLOCK) d.buf[d.blen++] = 0;
    d.compress();
    d.blen = 0;
  }
  while (d.blen < D::BLOCK - D::LENGTH_BYTES) d.buf[d.blen++] = 0;
  d.put_length(bits);
  d.compress();
  d.hex(out);
}
