/* The few operations the compiled paths need beyond standard C, written once for every compiler.
 *
 * GCC's and Clang's builtins and their unsigned __int128 are neither MSVC's nor a 32-bit target's:
 * used bare, the extensions did not build there and the plain code served unasked. Here each has
 * a fallback in standard C that gives the same result on every platform (its integers are
 * fixed-width: a ``long`` is 32 bits on Windows and 32-bit targets), chosen wherever the compiler
 * offers no builtin, and everywhere when BOOMERANG_RULES_GENERIC_C is defined (what
 * tests/test_portable_c.py builds, to compare the fallbacks with the plain code).
 *
 * MSVC's intrinsics (<intrin.h>'s _BitScanForward64, _BitScanReverse64, __popcnt64) are left out on
 * purpose: no MSVC build or run tests them, _BitScan*64 do not exist on 32-bit x86, __popcnt64 is x64's
 * alone (Microsoft's table of intrinsics) and an illegal instruction on a CPU without POPCNT. The loops
 * are exact on every target and are the code tests/test_portable_c.py runs. */
#ifndef BOOMERANG_RULES_PORTABLE_H
#define BOOMERANG_RULES_PORTABLE_H

#include <limits.h>
#include <stdint.h>

#if (defined(__GNUC__) || defined(__clang__)) && !defined(BOOMERANG_RULES_GENERIC_C)
#define BR_BUILTINS 1
#endif
#if defined(BR_BUILTINS) && defined(__SIZEOF_INT128__)
#define BR_INT128 1
#endif

/* The number of leading zero bits of x != 0. */
static inline int
br_clz64(uint64_t x)
{
#ifdef BR_BUILTINS
    return __builtin_clzll(x);
#else
    int n = 0;
    while (!(x & (UINT64_C(1) << 63))) {
        x <<= 1;
        n++;
    }
    return n;
#endif
}

/* The number of trailing zero bits of x != 0. */
static inline int
br_ctz64(uint64_t x)
{
#ifdef BR_BUILTINS
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

static inline int
br_popcount64(uint64_t x)
{
#ifdef BR_BUILTINS
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1) {
        n++;
    }
    return n;
#endif
}

static inline uint64_t
br_bswap64(uint64_t x)
{
#ifdef BR_BUILTINS
    return __builtin_bswap64(x);
#else
    uint64_t out = 0;
    for (int i = 0; i < 8; i++, x >>= 8) {
        out = out << 8 | (x & 255);
    }
    return out;
#endif
}

/* a + b into *out: 1 when the true sum does not fit 64 bits (then *out is unspecified). */
static inline int
br_add_overflow_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    *out = a + b; /* unsigned: wraps, defined */
    return *out < a;
}

/* a - b into *out: 1 when the true difference does not fit a long long (64 bits everywhere). */
static inline int
br_sub_overflow_ll(long long a, long long b, long long *out)
{
    if ((b > 0 && a < LLONG_MIN + b) || (b < 0 && a > LLONG_MAX + b)) {
        return 1;
    }
    *out = a - b;
    return 0;
}

/* a * b + c (each below 2**64) as two words: the low one returned, the high one in *high. */
static inline uint64_t
br_mul_add(uint64_t a, uint64_t b, uint64_t c, uint64_t *high)
{
#ifdef BR_INT128
    unsigned __int128 x = (unsigned __int128)a * b + c;
    *high = (uint64_t)(x >> 64);
    return (uint64_t)x;
#else
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    uint64_t low = (middle << 32) | (p00 & 0xFFFFFFFFu);
    uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
    uint64_t sum = low + c;
    *high = hi + (sum < low);
    return sum;
#endif
}

/* (high * 2**64 + low) divided by d, for high < d (so the quotient fits 64 bits): the quotient
 * returned, the remainder in *rem. */
static inline uint64_t
br_div_128_64(uint64_t high, uint64_t low, uint64_t d, uint64_t *rem)
{
#ifdef BR_INT128
    unsigned __int128 x = (unsigned __int128)high << 64 | low;
    *rem = (uint64_t)(x % d);
    return (uint64_t)(x / d);
#else
    uint64_t q = 0, r = high; /* shift-subtract, one quotient bit a step: r < d throughout */
    for (int i = 63; i >= 0; i--) {
        uint64_t carry = r >> 63;
        r = r << 1 | (low >> i & 1);
        q <<= 1;
        if (carry || r >= d) {
            r -= d;
            q |= 1;
        }
    }
    *rem = r;
    return q;
#endif
}

#endif
