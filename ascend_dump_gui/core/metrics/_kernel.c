/* The compare's per-leaf kernels in C: msaccucmp's float32 element operations, summed along numpy's pairwise
 * tree (numpy's pairwise_sum: n < 8 in sequence; n <= 128 in eight accumulators combined as
 * ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then the tail in sequence; else split at n/2 rounded down to a multiple
 * of 8), so every float32 total has the bits ``ndarray.sum`` gives over the same elements. Several sums are
 * walked in one recursion, so one read of both tensors gives all of them.
 *
 * The eight accumulators are the eight lanes of a GCC/Clang vector (lane j sums elements i + j), so each
 * vector operation is eight IEEE float32 (or float64) operations, exactly the scalar ones numpy's loops do.
 * Built with -O3 -ffp-contract=off and no fast-math (setup.py); fused multiply-adds are written out only where
 * they round as the separate operations do (msprobe's float64 products) or where they compute a correctly rounded
 * quotient without dividing (passes B and C: see div8). The kernels are compiled for AVX2 and FMA (one 8-lane register per sum)
 * and used when the CPU has both; the walk of passes A and P (_kernel_walk.h) is compiled a second time for AVX-512VL,
 * the same 8-lane instructions with 32 registers, and runs that where the CPU has it. Elsewhere (another CPU,
 * architecture or compiler)
 * the module only answers isa() -> None and the compare runs its numpy path, which gives the same bits
 * (measured: without AVX2, GCC splits the 8-lane vectors into scalar code slower than numpy).
 * Buffers come through the buffer protocol (contiguous float32; the Python side checks dtypes), so the build
 * needs no numpy headers. The GIL is released while a leaf is computed.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#endif
#include <stdint.h>
#include <string.h>

static int cpu_ok = 0;      /* the kernels' instruction set is there: set at import */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_KERNELS 1
#define PW 128
#define EPS64F 0x1p-52f        /* msaccucmp's FLOAT_EPSILON (float64 eps), exact in float32 */
#define EPS32F 0x1p-23f        /* KL's floor: float32 eps */

typedef Py_ssize_t idx;
typedef float f8 __attribute__((vector_size(32)));
typedef int32_t i8 __attribute__((vector_size(32)));
typedef float f4 __attribute__((vector_size(16)));
typedef double d4 __attribute__((vector_size(32)));
typedef int64_t l4 __attribute__((vector_size(32)));
#define AI static inline __attribute__((always_inline))
#define AVX2 __attribute__((target("avx2,fma,f16c")))
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"     /* vector helpers are always inlined: no ABI crosses a call */
#endif

static inline idx split(idx n) { idx h = n / 2; return h - h % 8; }

/* max/min with NaN propagating, as numpy's maximum/minimum reductions */
AI float fmax_nan(float m, float v) { return ((v > m) | (v != v)) ? v : m; }
AI float fmin_nan(float m, float v) { return ((v < m) | (v != v)) ? v : m; }
AI double dmax_nan(double m, double v) { return ((v > m) | (v != v)) ? v : m; }

AI f8 ld8(const float *p) { f8 v; memcpy(&v, p, sizeof v); return v; }
AI void st8(float *p, f8 v) { memcpy(p, &v, sizeof v); }
AVX2 AI f8 bc8(float v) { return (f8)_mm256_set1_ps(v); }    /* one vbroadcastss, hoisted out of loops */
AI f8 abs8(f8 v) { return (f8)((i8)v & 0x7fffffff); }
AI d4 absd4(d4 v) { return (d4)((l4)v & 0x7fffffffffffffffLL); }
AI f8 and8(f8 v, i8 m) { return (f8)((i8)v & m); }      /* v where m is set, else +0 */
/* float32 lanes 0-3 / 4-7 as float64 (one vcvtps2pd each: GCC's generic conversion splits them) */
AVX2 AI d4 fmad4(d4 x, d4 y, d4 s) { return (d4)_mm256_fmadd_pd((__m256d)x, (__m256d)y, (__m256d)s); }
AVX2 AI d4 lo4(f8 v) { return (d4)_mm256_cvtps_pd(_mm256_castps256_ps128((__m256)v)); }
AVX2 AI d4 hi4(f8 v) { return (d4)_mm256_cvtps_pd(_mm256_extractf128_ps((__m256)v, 1)); }
/* numpy's combination of its eight accumulators */
AI float fold8(f8 r) { return ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); }

/* ---------------------------------------------------------------- element operations (scalar) */

enum { A_D2, A_AD, A_XX, A_YY, A_REL, A_X, A_Y, NA };
enum { M_AD, M_REL, M_XMAX, M_YMAX, NMAX };
enum { M_XMIN, M_YMIN, NMIN };

/* pass A's running max/min of the elements taken one at a time (a block's last n % 8, a leaf under 8 elements);
 * xabs: max |x| over the values that are not NaN (inf there = x holds an Inf, whatever NaN it holds too); nz: the
 * least nonzero |x| and |y| as (bits - 1) unsigned, so a zero (bits 0) wraps to the largest and never wins */
typedef struct { float mx[NMAX], mn[NMIN], xabs; uint32_t nz[2]; } OneA;

/* msaccucmp's relative error: |x / y - 1|, 0 where |y| <= eps (or y is NaN) */
AI float rel_a(float x, float y) { float t = fabsf(x / y - 1.0f); return (fabsf(y) > EPS64F) ? t : 0.0f; }

AI void elems_a(float x, float y, float e[NA], OneA *ex) {
    float d = x - y, ad = fabsf(d), t = rel_a(x, y);
    e[A_D2] = d * d; e[A_AD] = ad; e[A_XX] = x * x; e[A_YY] = y * y; e[A_REL] = t; e[A_X] = x; e[A_Y] = y;
    ex->mx[M_AD] = fmax_nan(ex->mx[M_AD], ad);
    ex->mx[M_REL] = fmax_nan(ex->mx[M_REL], t);
    ex->mx[M_XMAX] = fmax_nan(ex->mx[M_XMAX], x);
    ex->mx[M_YMAX] = fmax_nan(ex->mx[M_YMAX], y);
    ex->mn[M_XMIN] = fmin_nan(ex->mn[M_XMIN], x);
    ex->mn[M_YMIN] = fmin_nan(ex->mn[M_YMIN], y);
    ex->xabs = (fabsf(x) > ex->xabs) ? fabsf(x) : ex->xabs;
    uint32_t bx, by;
    float ax = fabsf(x), ay = fabsf(y);
    memcpy(&bx, &ax, 4);
    memcpy(&by, &ay, 4);
    if (bx - 1u < ex->nz[0]) ex->nz[0] = bx - 1u;
    if (by - 1u < ex->nz[1]) ex->nz[1] = by - 1u;
}

/* ---------------------------------------------------------------- division by a loop-invariant divisor
 * a / d correctly rounded without a divide instruction, which costs several multiply-adds here. y = RN(1/d) and
 * ylo = RN(RN(1 - d*y) * y) (the residual 1 - d*y is exact in one FMA) give 1/d to about 2^-47, so
 * q0 = RN(a*y + RN(a*ylo)) is within one ulp of a/d (a faithful rounding); then the remainder r = a - d*q0 is
 * exact in one FMA and RN(q0 + r*y) is the correctly rounded a/d (Markstein's theorem: y within half an ulp of
 * 1/d, q0 within one ulp of a/d). That holds where nothing overflows or underflows, which div_ok() checks
 * once per leaf from bounds on the leaf's dividends: |d| within 2^+-64, every nonzero |a| >= 2^-100 and
 * every |a / d| within 2^+-120 (so y, ylo, q0 are normal and the remainder's last bit is >= 2^-149); a leaf
 * outside them divides. A zero a gives a zero whose sign may differ from a / d's; the only zero dividends here
 * are cosine's x and y, whose products are summed, and a sum's bits never depend on the sign of a zero term
 * (the sums start at +0: x + (+-0) = x for x != 0, and a zero total is +0). Tested against numpy's division on
 * every significand for several divisors (test_metrics_kernel.py). */
typedef struct { f8 d, y, ylo; int fast; } Div;

AVX2 AI f8 fma8(f8 a, f8 b, f8 c) { return (f8)_mm256_fmadd_ps((__m256)a, (__m256)b, (__m256)c); }
AVX2 AI f8 fnma8(f8 a, f8 b, f8 c) { return (f8)_mm256_fnmadd_ps((__m256)a, (__m256)b, (__m256)c); }

/* whether a / d may be computed without dividing for every dividend a that is 0 or has amin <= |a| <= amax */
static int div_ok(float d, float amin, float amax) {
    float ad = fabsf(d);
    return ad >= 0x1p-64f && ad <= 0x1p64f && amin >= 0x1p-100f && amin >= 0x1p-120f * ad &&
           amax <= 0x1p120f * ad;          /* false for a NaN or infinite d, amin or amax */
}

AVX2 static Div divisor(float d, float amin, float amax) {
    Div v = {bc8(d), bc8(0), bc8(0), div_ok(d, amin, amax)};
    if (v.fast) {
        float y = 1.0f / d;
        float e = _mm_cvtss_f32(_mm_fnmadd_ss(_mm_set_ss(d), _mm_set_ss(y), _mm_set_ss(1.0f)));   /* 1 - d*y */
        v.y = bc8(y);
        v.ylo = bc8(e * y);
    }
    return v;
}

/* known: the caller checked v->fast for its whole loop, which then has no branch here */
AVX2 AI f8 div8(f8 a, const Div *v, int known) {
    if (!known && !v->fast) return a / v->d;
    f8 q0 = fma8(a, v->y, a * v->ylo);
    return fma8(fnma8(q0, v->d, a), v->y, q0);
}

/* pass B's divisors: cosine's norms and KL's spans, each with its leaf's bounds */
typedef struct { float nx, ny, xlo, xspan, ylo, yspan; Div cx, cy, kx, ky; int fast; } ParamB;
enum { B_COS, B_PX, B_PY, NB };

/* The divisors of one leaf: nx, ny and the spans (kl_ratio's psum/qsum: kl_divisors); xnz, ynz are the leaf's
 * least nonzero |x|, |y| (pass A), 0 when unknown (then every quotient divides). Cosine's |x| <= 2 nx: the float32
 * sum of squares is at least its largest term. KL's dividend v - lo lies in [0, span] and, unless 0, is at least
 * the last bit of v or lo: >= 2^-24 min(|v|, |lo|) (v, lo != 0), |lo| (v = 0) or |v| (lo = 0). */
AVX2 static float kl_least(float lo, float nz) { return lo == 0.0f ? nz : 0x1p-24f * fminf(nz, fabsf(lo)); }

AVX2 static void divisors(ParamB *p, float xnz, float ynz) {
    p->cx = divisor(p->nx, xnz, 2.0f * p->nx);
    p->cy = divisor(p->ny, ynz, 2.0f * p->ny);
    p->kx = divisor(p->xspan, kl_least(p->xlo, xnz), p->xspan);
    p->ky = divisor(p->yspan, kl_least(p->ylo, ynz), p->yspan);
    p->fast = p->cx.fast && p->cy.fast && p->kx.fast && p->ky.fast;
}

/* KL's normalisation: max((v - lo) / span, eps32), or max(v, eps32) where span == 0; NaN propagates */
AI float norm01(float v, float lo, float span) {
    float t = (span != 0.0f) ? (v - lo) / span : v;
    return ((t > EPS32F) | (t != t)) ? t : EPS32F;
}
/* eps > t ? eps : t (vmaxps): norm01's choice, NaN kept; known: as for div8 (a span without a divide is not 0) */
AVX2 AI f8 norm8(f8 v, float lo, const Div *span, int known) {
    f8 t = (known || span->d[0] != 0.0f) ? div8(v - lo, span, known) : v;
    return (f8)_mm256_max_ps((__m256)bc8(EPS32F), (__m256)t);
}

AI void elems_b(float x, float y, const ParamB *p, float e[NB]) {
    e[B_COS] = (x / p->nx) * (y / p->ny);
    e[B_PX] = norm01(x, p->xlo, p->xspan);
    e[B_PY] = norm01(y, p->ylo, p->yspan);
}

enum { P_NB, P_NN, P_BB, P_DD, NP };
/* msprobe's running max and counts of the elements taken one at a time (max_rel: a float32 value unless rel64) */
typedef struct { double max_abs, max_rel; int64_t below1, below5; } OneP;

/* msprobe's relative error |(x - y) / y|: in float32 (a pair of float32 or float16 tensors), or in float64 (rel64:
 * a bfloat16 side, which msprobe makes float64), compared with 0.001 and 0.005 in that type */
AI double rel_p(float x, float y, int rel64) {
    return rel64 ? fabs(((double)x - (double)y) / (double)y) : (double)fabsf((x - y) / y);
}

AI void elems_p(float x, float y, double e[NP], OneP *ex, int rel64) {
    double xd = x, yd = y, d = xd - yd, rel = rel_p(x, y, rel64);
    e[P_NB] = xd * yd; e[P_NN] = xd * xd; e[P_BB] = yd * yd; e[P_DD] = d * d;
    ex->max_abs = dmax_nan(ex->max_abs, fabs(d));
    ex->max_rel = dmax_nan(ex->max_rel, rel);
    ex->below1 += rel < (rel64 ? 0.001 : (double)0.001f);
    ex->below5 += rel < (rel64 ? 0.005 : (double)0.005f);
}

/* ---------------------------------------------------------------- the kernels (AVX2) */

/* The hardware prefetcher stops at each 4 KiB page, and a tensor's pages (a mapped file's above all) lie anywhere:
 * each block asks for the same lines one page ahead (a prefetch never faults, past the end included). Measured
 * over 2 x 512 MiB in process, two threads, best of 8: passes B and C about 30% faster, pass A unchanged. */
#define AHEAD 4096
AI void ahead(const void *p, idx byte) { __builtin_prefetch((const char *)p + byte + AHEAD); }

/* A tensor's values as the kernels read them: float32, or float16 / bfloat16 widened to float32 as they are read
 * (exactly: numpy's and ml_dtypes' casts), a block of at most PW values at a time */
enum { K_F32, K_F16, K_BF16 };
typedef struct { const char *p; int kind; } Src;

AI idx src_size(int kind) { return kind == K_F32 ? 4 : 2; }
AI Src src_at(Src s, idx i) { return (Src){s.p + i * src_size(s.kind), s.kind}; }
AI void ahead_src(Src s, idx n) {
    for (idx b = 0; b < n * src_size(s.kind); b += 64) ahead(s.p, b);     /* one 64-byte line each */
}

AVX2 AI float widen1(const char *p, int kind) {
    uint16_t h;
    memcpy(&h, p, 2);
    if (kind == K_F16) return _cvtsh_ss(h);
    uint32_t bits = (uint32_t)h << 16;                  /* a bfloat16 is a float32's upper half */
    float v;
    memcpy(&v, &bits, 4);
    return v;
}

AVX2 AI f8 widen8(const char *p, int kind) {
    __m128i h = _mm_loadu_si128((const __m128i *)p);
    if (kind == K_F16) return (f8)_mm256_cvtph_ps(h);
    return (f8)_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16);
}

/* the first n values of a float16 or bfloat16 s, widened into dst */
AVX2 AI void widen_into(Src s, idx n, float *dst) {
    idx i = 0;
    for (; i + 8 <= n; i += 8) st8(dst + i, widen8(s.p + 2 * i, s.kind));
    for (; i < n; i++) dst[i] = widen1(s.p + 2 * i, s.kind);
}

/* the first n (<= PW) values of s as float32: s itself, or widened into tmp */
AVX2 AI const float *block_of(Src s, idx n, float *tmp) {
    if (s.kind == K_F32) return (const float *)s.p;
    widen_into(s, n, tmp);
    return tmp;
}

AVX2 AI float first_of(Src s) { return s.kind == K_F32 ? *(const float *)s.p : widen1(s.p, s.kind); }

/* The vector loops' running max/min per lane: v > m ? v : m (one vmaxps; vminps alike), which is fmax_nan/fmin_nan
 * except where v is NaN: a NaN v leaves the lane as it was. The walk sets the max/min to NaN at its end where a NaN
 * was seen (its payload is not kept: every NaN reads "nan"), so they end as fmax_nan/fmin_nan leave them, the sign
 * of a zero included. Whether a NaN was seen needs no work in the loop where a sum of the walk adds a term that is
 * NaN exactly when v is and else >= 0 (|x - y| for max |x - y|, x * x for max/min x, ...): terms >= 0 (+inf
 * included) never add up to NaN, so that total is NaN exactly when a NaN was seen. */
AVX2 AI f8 max8x(f8 m, f8 v) { return (f8)_mm256_max_ps((__m256)v, (__m256)m); }
AVX2 AI f8 min8x(f8 m, f8 v) { return (f8)_mm256_min_ps((__m256)v, (__m256)m); }
AVX2 AI d4 maxd4x(d4 m, d4 v) { return (d4)_mm256_max_pd((__m256d)v, (__m256d)m); }

/* eight elements of pass A, one per accumulator lane: the sums start at them (first) or add them; the
 * running max/min take them */
AVX2 AI void step_a(f8 X, f8 Y, int first, f8 r[NA], f8 mx[NMAX], f8 mn[NMIN], f8 *xabs, i8 nz[2]) {
    f8 D = X - Y, AD = abs8(D), AX = abs8(X), AY = abs8(Y), T = and8(abs8(X / Y - 1.0f), AY > EPS64F);
    f8 e[NA] = {[A_D2] = D * D, [A_AD] = AD, [A_XX] = X * X, [A_YY] = Y * Y, [A_REL] = T, [A_X] = X, [A_Y] = Y};
    for (int k = 0; k < NA; k++) r[k] = first ? e[k] : r[k] + e[k];
    mx[M_AD] = max8x(mx[M_AD], AD); mx[M_REL] = max8x(mx[M_REL], T);
    mx[M_XMAX] = max8x(mx[M_XMAX], X); mx[M_YMAX] = max8x(mx[M_YMAX], Y);
    mn[M_XMIN] = min8x(mn[M_XMIN], X); mn[M_YMIN] = min8x(mn[M_YMIN], Y);
    *xabs = max8x(*xabs, AX);               /* a NaN |x| leaves it: the max over the values that are not NaN */
    nz[0] = (i8)_mm256_min_epu32((__m256i)nz[0], (__m256i)((i8)AX - 1));
    nz[1] = (i8)_mm256_min_epu32((__m256i)nz[1], (__m256i)((i8)AY - 1));
}

/* eight elements of msprobe's float64 sums in two 4-lane halves (lanes 0-3 in a[], 4-7 in b[]) and max |x - y| */
AVX2 AI void sums_p(d4 XA, d4 XB, d4 YA, d4 YB, d4 DA, d4 DB, int first, d4 a[NP], d4 b[NP], d4 *maa, d4 *mab) {
    if (first) {
        a[P_NB] = XA * YA; a[P_NN] = XA * XA; a[P_BB] = YA * YA; a[P_DD] = DA * DA;
        b[P_NB] = XB * YB; b[P_NN] = XB * XB; b[P_BB] = YB * YB; b[P_DD] = DB * DB;
    } else {   /* a product of two float32 values is exact in float64: s + x*y fused rounds as s + (x*y) does */
        a[P_NB] = fmad4(XA, YA, a[P_NB]); a[P_NN] = fmad4(XA, XA, a[P_NN]); a[P_BB] = fmad4(YA, YA, a[P_BB]);
        b[P_NB] = fmad4(XB, YB, b[P_NB]); b[P_NN] = fmad4(XB, XB, b[P_NN]); b[P_BB] = fmad4(YB, YB, b[P_BB]);
        a[P_DD] = a[P_DD] + DA * DA; b[P_DD] = b[P_DD] + DB * DB;    /* x - y is not always exact: not fused */
    }
    *maa = maxd4x(*maa, absd4(DA));
    *mab = maxd4x(*mab, absd4(DB));
}

/* eight elements of msprobe's columns, the relative errors in float32 */
AVX2 AI void step_p(f8 X, f8 Y, int first, d4 a[NP], d4 b[NP], d4 *maa, d4 *mab, f8 *mrel, i8 *c1, i8 *c5,
                    i8 *nan_rel) {
    d4 XA = lo4(X), XB = hi4(X), YA = lo4(Y), YB = hi4(Y);
    f8 R = abs8((X - Y) / Y);
    sums_p(XA, XB, YA, YB, XA - YA, XB - YB, first, a, b, maa, mab);
    *mrel = max8x(*mrel, R);
    *nan_rel |= R != R;
    *c1 -= R < 0.001f;
    *c5 -= R < 0.005f;
}

/* the same with the relative errors in float64 (rel64): r[0], r[1] their max in lanes 0-3 and 4-7, c[0..3] the
 * counts below 0.001 and 0.005 in those halves, *nan where one was NaN */
AVX2 AI void step_p64(f8 X, f8 Y, int first, d4 a[NP], d4 b[NP], d4 *maa, d4 *mab, d4 r[2], l4 c[4], l4 *nan) {
    d4 XA = lo4(X), XB = hi4(X), YA = lo4(Y), YB = hi4(Y), DA = XA - YA, DB = XB - YB;
    d4 RA = absd4(DA / YA), RB = absd4(DB / YB);
    sums_p(XA, XB, YA, YB, DA, DB, first, a, b, maa, mab);
    r[0] = maxd4x(r[0], RA);
    r[1] = maxd4x(r[1], RB);
    *nan |= (RA != RA) | (RB != RB);
    c[0] -= RA < 0.001; c[1] -= RB < 0.001;
    c[2] -= RA < 0.005; c[3] -= RB < 0.005;
}

/* ---------------------------------------------------------------- the walk of passes A and P */

/* The walk's state: the running max/min and counts of the elements taken one at a time (one_a, one_p) and of the
 * vector loops' lanes (see max8x; msprobe's counts per lane are added to one_p at the end of each subtree) */
typedef struct {
    OneA one_a;
    OneP one_p;
    f8 mx[NMAX], mn[NMIN], xabs, mrel;
    i8 nz[2], nan_rel;
    d4 maa, mab, mrel64[2];           /* mrel64, nan64: the relative errors' max and NaN in float64 (rel64) */
    l4 nan64;
} Walk;

#define CHUNK 8192                   /* a subtree walked with its block sums on the stack */
#define MAXBLOCKS (CHUNK / 64 + 2)   /* numpy's leaves hold 64 to 128 elements, except a whole tree under 129 */

/* the lengths of numpy's leaves (blocks) of the pairwise tree over n elements, in order, from lens[k] on */
static int tree_blocks(idx n, int *lens, int k) {
    if (n <= PW) {
        lens[k] = (int)n;
        return k + 1;
    }
    idx n2 = split(n);
    return tree_blocks(n - n2, lens, tree_blocks(n2, lens, k));
}

/* the block sums s[*k...] of a tree over n elements added along it, as numpy adds them (every lane one sum) */
AVX2 static f8 tree_add_f8(const f8 *s, idx n, int *k) {
    if (n <= PW) return s[(*k)++];
    idx n2 = split(n);
    f8 left = tree_add_f8(s, n2, k);
    return left + tree_add_f8(s, n - n2, k);
}

AVX2 static d4 tree_add_d4(const d4 *s, idx n, int *k) {
    if (n <= PW) return s[(*k)++];
    idx n2 = split(n);
    d4 left = tree_add_d4(s, n2, k);
    return left + tree_add_d4(s, n - n2, k);
}

/* fold8 of pass A's seven sums at once: lane k of the result is fold8(r[k]), the same additions of the same
 * lanes (level 1 adds lanes 0+1, 2+3, ... of two sums per vector, level 2 those pairs, level 3 the halves) */
AVX2 AI f8 pairs8(f8 a, f8 b) {
    return (f8)_mm256_shuffle_ps((__m256)a, (__m256)b, 0x88) + (f8)_mm256_shuffle_ps((__m256)a, (__m256)b, 0xdd);
}
AVX2 AI f8 fold_a(const f8 r[NA]) {
    f8 lo = pairs8(pairs8(r[0], r[1]), pairs8(r[2], r[3])), hi = pairs8(pairs8(r[4], r[5]), pairs8(r[6], bc8(0)));
    return (f8)_mm256_permute2f128_ps((__m256)lo, (__m256)hi, 0x20) +
           (f8)_mm256_permute2f128_ps((__m256)lo, (__m256)hi, 0x31);
}

/* fold8 of msprobe's four float64 sums at once, each in two halves: lane k is
 * ((lo[k][0] + lo[k][1]) + (lo[k][2] + lo[k][3])) + ((hi[k][0] + hi[k][1]) + (hi[k][2] + hi[k][3])) */
AVX2 AI d4 unpack_lo(d4 a, d4 b) { return (d4)_mm256_unpacklo_pd((__m256d)a, (__m256d)b); }
AVX2 AI d4 unpack_hi(d4 a, d4 b) { return (d4)_mm256_unpackhi_pd((__m256d)a, (__m256d)b); }
AVX2 AI d4 halves4(d4 p, d4 q) {
    return (d4)_mm256_permute2f128_pd((__m256d)p, (__m256d)q, 0x20) +
           (d4)_mm256_permute2f128_pd((__m256d)p, (__m256d)q, 0x31);
}
AVX2 AI d4 fold_p(const d4 lo[NP], const d4 hi[NP]) {
    d4 p[NP];
    for (int k = 0; k < NP; k++) p[k] = unpack_lo(lo[k], hi[k]) + unpack_hi(lo[k], hi[k]);  /* a0+a1 b0+b1 a2+a3 b2+b3 */
    d4 q01 = halves4(p[0], p[1]), q23 = halves4(p[2], p[3]);     /* A0 B0 A1 B1 / A2 B2 A3 B3 (A: lanes 0-3) */
    d4 t = unpack_lo(q01, q23) + unpack_hi(q01, q23);              /* sums 0, 2, 1, 3 */
    return (d4)_mm256_permute4x64_pd((__m256d)t, 0xd8);
}

/* one element taken alone (a block's last n % 8): its terms added to the block's sums in every lane at once;
 * with_p: 0 no msprobe columns, P32 or P64 (its relative errors in float32 or float64) */
enum { P32 = 1, P64 = 2 };
AVX2 AI void one_element(float x, float y, Walk *w, f8 *sv, d4 *sd, int with_a, int with_p) {
    if (with_a) {
        float e[8] = {0};
        elems_a(x, y, e, &w->one_a);
        *sv += ld8(e);
    }
    if (with_p) {
        double e[NP];
        elems_p(x, y, e, &w->one_p, with_p == P64);
        *sd += (d4){e[0], e[1], e[2], e[3]};
    }
}

/* the walk, compiled for AVX2 and FMA (every x86-64 CPU the kernels run on has them) and for AVX-512VL */
#define WALK_ISA(name) name##_avx2
#define WALK_TARGET AVX2
#include "_kernel_walk.h"
#undef WALK_ISA
#undef WALK_TARGET
#define WALK_ISA(name) name##_avx512
#define WALK_TARGET __attribute__((target("avx2,fma,f16c,avx512f,avx512vl")))
#include "_kernel_walk.h"
#undef WALK_ISA
#undef WALK_TARGET

typedef void (*ChunkFn)(Src, Src, idx, Walk *, f8 *, d4 *);
typedef struct { const char *name; ChunkFn a, p, ap, p64, ap64; } Isa;
static const Isa ISAS[] = {
    {"avx2+fma", chunk_a_avx2, chunk_p_avx2, chunk_ap_avx2, chunk_p64_avx2, chunk_ap64_avx2},
    {"avx512vl", chunk_a_avx512, chunk_p_avx512, chunk_ap_avx512, chunk_p64_avx512, chunk_ap64_avx512},
};
static const Isa *isa = NULL;       /* the walk's instruction set: the best this CPU has (set_isa() for tests) */
static int isa_count = 0;           /* how many of ISAS this CPU runs */

/* the tree over n elements cut into subtrees of at most CHUNK elements, each walked by chunk */
AVX2 static void walk_tree(Src x, Src y, idx n, ChunkFn chunk, Walk *w, f8 *sa, d4 *sp) {
    if (n <= CHUNK) {
        chunk(x, y, n, w, sa, sp);
        return;
    }
    idx n2 = split(n);
    f8 ra;
    d4 rp;
    walk_tree(x, y, n2, chunk, w, sa, sp);
    walk_tree(src_at(x, n2), src_at(y, n2), n - n2, chunk, w, &ra, &rp);
    *sa += ra;
    *sp += rp;
}

/* every lane's running max/min starts at the first element's values (numpy's reductions start there) */
AVX2 static void walk_start(Walk *w, float x0, float y0, int with_p) {
    float first_max[NMAX] = {fabsf(x0 - y0), rel_a(x0, y0), x0, y0}, first_min[NMIN] = {x0, y0};
    double first_abs = fabs((double)x0 - (double)y0), first_rel = rel_p(x0, y0, with_p == P64);
    for (int k = 0; k < NMAX; k++) w->mx[k] = bc8(w->one_a.mx[k] = first_max[k]);
    for (int k = 0; k < NMIN; k++) w->mn[k] = bc8(w->one_a.mn[k] = first_min[k]);
    w->xabs = bc8(w->one_a.xabs = 0.0f);
    w->one_a.nz[0] = w->one_a.nz[1] = UINT32_MAX;
    w->nz[0] = w->nz[1] = (i8)bc8(0) - 1;           /* UINT32_MAX in every lane */
    w->one_p = (OneP){first_abs, first_rel, 0, 0};
    w->maa = w->mab = (d4){first_abs, first_abs, first_abs, first_abs};
    w->mrel = bc8((float)first_rel);
    w->mrel64[0] = w->mrel64[1] = (d4){first_rel, first_rel, first_rel, first_rel};
    w->nan_rel = (i8){0};
    w->nan64 = (l4){0};
}

/* the lanes folded into one_a / one_p (lane 0 first, as numpy's reductions fold theirs), NaN set where one was
 * seen (see max8x), the sums started at +0 as numpy's reductions start */
AVX2 static void walk_end(Walk *w, f8 va, d4 vp, float sa[NA], double sp[NP], int with_p) {
    OneA *a = &w->one_a;
    OneP *p = &w->one_p;
    float lanes[8];
    for (int k = 0; k < NA; k++) sa[k] = 0.0f + va[k];
    for (int k = 0; k < NP; k++) sp[k] = 0.0 + vp[k];
    for (int k = 0; k < NMAX; k++)
        for (int j = 0; j < 8; j++) a->mx[k] = fmax_nan(a->mx[k], w->mx[k][j]);
    for (int k = 0; k < NMIN; k++)
        for (int j = 0; j < 8; j++) a->mn[k] = fmin_nan(a->mn[k], w->mn[k][j]);
    st8(lanes, w->xabs);
    for (int j = 0; j < 8; j++) a->xabs = lanes[j] > a->xabs ? lanes[j] : a->xabs;
    for (int k = 0; k < 2; k++)
        for (int j = 0; j < 8; j++) a->nz[k] = (uint32_t)w->nz[k][j] < a->nz[k] ? (uint32_t)w->nz[k][j] : a->nz[k];
    for (int j = 0; j < 4; j++) p->max_abs = dmax_nan(dmax_nan(p->max_abs, w->maa[j]), w->mab[j]);
    int nan_rel = 0;
    if (with_p == P64) {
        for (int j = 0; j < 4; j++) p->max_rel = dmax_nan(dmax_nan(p->max_rel, w->mrel64[0][j]), w->mrel64[1][j]);
        for (int j = 0; j < 4; j++) nan_rel |= w->nan64[j] != 0;
    } else {
        for (int j = 0; j < 8; j++) p->max_rel = dmax_nan(p->max_rel, w->mrel[j]);
        for (int j = 0; j < 8; j++) nan_rel |= w->nan_rel[j];
    }
    if (sa[A_AD] != sa[A_AD]) a->mx[M_AD] = NAN;
    if (sa[A_REL] != sa[A_REL]) a->mx[M_REL] = NAN;
    if (sa[A_XX] != sa[A_XX]) a->mx[M_XMAX] = a->mn[M_XMIN] = NAN;
    if (sa[A_YY] != sa[A_YY]) a->mx[M_YMAX] = a->mn[M_YMIN] = NAN;
    if (sp[P_DD] != sp[P_DD]) p->max_abs = NAN;
    if (nan_rel) p->max_rel = NAN;
}

/* passes A and/or P over one non-empty leaf (called with the GIL released) */
AVX2 static void run_walk(Src x, Src y, idx n, int with_a, int with_p, Walk *w, float sa[NA], double sp[NP]) {
    f8 va = bc8(0);
    d4 vp = {0, 0, 0, 0};
    ChunkFn chunk = !with_p ? isa->a : with_p == P64 ? (with_a ? isa->ap64 : isa->p64) : with_a ? isa->ap : isa->p;
    walk_start(w, first_of(x), first_of(y), with_p);
    walk_tree(x, y, n, chunk, w, &va, &vp);
    walk_end(w, va, vp, sa, sp, with_p);
}

/* eight elements of pass B: the sums start at them (first) or add them */
AVX2 AI void step_b(f8 X, f8 Y, const ParamB *p, int first, f8 r[NB], int fast) {
    f8 e[NB] = {[B_COS] = div8(X, &p->cx, fast) * div8(Y, &p->cy, fast), [B_PX] = norm8(X, p->xlo, &p->kx, fast),
                [B_PY] = norm8(Y, p->ylo, &p->ky, fast)};
    for (int k = 0; k < NB; k++) r[k] = first ? e[k] : r[k] + e[k];
}

/* fast: p->fast, so the loop has no branch (leaf_b_fast; leaf_b_any checks each divisor) */
AVX2 AI void leaf_b(Src xs, Src ys, idx n, const ParamB *p, float out[NB], const int fast) {
    float e[NB], tx[PW], ty[PW];
    ahead_src(xs, n);
    ahead_src(ys, n);
    const float *x = block_of(xs, n, tx), *y = block_of(ys, n, ty);
    if (n < 8) {
        for (int k = 0; k < NB; k++) out[k] = -0.0f;
        for (idx i = 0; i < n; i++) { elems_b(x[i], y[i], p, e); for (int k = 0; k < NB; k++) out[k] += e[k]; }
        return;
    }
    f8 r[NB];
    idx i, end = n - n % 8;
    step_b(ld8(x), ld8(y), p, 1, r, fast);
    for (i = 8; i < end; i += 8) step_b(ld8(x + i), ld8(y + i), p, 0, r, fast);
    for (int k = 0; k < NB; k++) out[k] = fold8(r[k]);
    for (; i < n; i++) { elems_b(x[i], y[i], p, e); for (int k = 0; k < NB; k++) out[k] += e[k]; }
}

AVX2 static void leaf_b_fast(Src x, Src y, idx n, const ParamB *p, float out[NB]) { leaf_b(x, y, n, p, out, 1); }
AVX2 static void leaf_b_any(Src x, Src y, idx n, const ParamB *p, float out[NB]) { leaf_b(x, y, n, p, out, 0); }

AVX2 static void rec_b(Src x, Src y, idx n, const ParamB *p, float *out) {
    if (n <= PW) {
        if (p->fast) leaf_b_fast(x, y, n, p, out);
        else leaf_b_any(x, y, n, p, out);
        return;
    }
    idx n2 = split(n);
    float b[NB];
    rec_b(x, y, n2, p, out);
    rec_b(src_at(x, n2), src_at(y, n2), n - n2, p, b);
    for (int k = 0; k < NB; k++) out[k] += b[k];
}

/* kl()'s divisors by psum and qsum: the normalised values lie in [eps32, 1] (span != 0) or are max(lo, eps32) */
AVX2 static void kl_divisors(const ParamB *p, float psum, float qsum, Div *dp, Div *dq) {
    float px = fmaxf(p->xlo, EPS32F), py = fmaxf(p->ylo, EPS32F);
    *dp = p->xspan != 0.0f ? divisor(psum, EPS32F, 1.0f) : divisor(psum, px, px);
    *dq = p->yspan != 0.0f ? divisor(qsum, EPS32F, 1.0f) : divisor(qsum, py, py);
}

/* fast: every divisor goes without a divide, so the loop has no branch; the parameters are copied into locals, which
 * stay in registers (the stores to po and ro might otherwise alias them) */
AVX2 AI void kl_loop(Src xs, Src ys, idx n, const ParamB *p, const Div *dp, const Div *dq, float *po, float *ro,
                     const int fast) {
    float psum = dp->d[0], qsum = dq->d[0], xlo = p->xlo, ylo = p->ylo, tx[PW], ty[PW];
    const Div kx = p->kx, ky = p->ky, dpl = *dp, dql = *dq;
    for (idx off = 0; off < n; off += PW, po += PW, ro += PW) {       /* a block of PW values at a time */
        idx m = n - off < PW ? n - off : PW, i, end = m - m % 8;
        Src xb = src_at(xs, off), yb = src_at(ys, off);
        ahead_src(xb, m);
        ahead_src(yb, m);
        const float *x = block_of(xb, m, tx), *y = block_of(yb, m, ty);
        for (i = 0; i < end; i += 8) {
            f8 P = div8(norm8(ld8(x + i), xlo, &kx, fast), &dpl, fast);
            f8 Q = div8(norm8(ld8(y + i), ylo, &ky, fast), &dql, fast);
            st8(po + i, P);
            st8(ro + i, P / Q);
        }
        for (; i < m; i++) {
            po[i] = norm01(x[i], p->xlo, p->xspan) / psum;
            ro[i] = po[i] / (norm01(y[i], p->ylo, p->yspan) / qsum);
        }
    }
}

AVX2 static void kl(Src x, Src y, idx n, const ParamB *p, const Div *dp, const Div *dq, float *po, float *ro) {
    if (p->kx.fast && p->ky.fast && dp->fast && dq->fast) kl_loop(x, y, n, p, dp, dq, po, ro, 1);
    else kl_loop(x, y, n, p, dp, dq, po, ro, 0);
}

/* the pairwise float32 sum of P * log(P / Q), from kl()'s P and the log of its ratio */
AVX2 static float leaf_kl(const float *pp, const float *lr, idx n) {
    float out = -0.0f;
    if (n < 8) {
        for (idx i = 0; i < n; i++) out += pp[i] * lr[i];
        return out;
    }
    f8 r = bc8(0);
    idx i, end = n - n % 8;
    for (i = 0; i < end; i += 8) {
        f8 T = ld8(pp + i) * ld8(lr + i);
        if (i == 0) r = T; else r += T;
    }
    out = fold8(r);
    for (; i < n; i++) out += pp[i] * lr[i];
    return out;
}

AVX2 static float rec_kl(const float *pp, const float *lr, idx n) {
    if (n <= PW) return leaf_kl(pp, lr, n);
    idx n2 = split(n);
    float a = rec_kl(pp, lr, n2);
    return a + rec_kl(pp + n2, lr + n2, n - n2);
}


/* ---------------------------------------------------------------- Python bindings */

static int two_float32(Py_buffer *a, Py_buffer *b, idx *n) {
    if (!cpu_ok) {
        PyErr_SetString(PyExc_RuntimeError, "this CPU lacks AVX2: use the numpy path");
        return 0;
    }
    if (a->len % 4 || b->len != a->len) {
        PyErr_SetString(PyExc_ValueError, "two float32 buffers of the same length expected");
        return 0;
    }
    *n = a->len / 4;
    return 1;
}

/* x and y as sources of kinds kx and ky (K_F32, K_F16 or K_BF16): buffers of as many values */
static int two_sources(Py_buffer *a, int ka, Py_buffer *b, int kb, Src *x, Src *y, idx *n) {
    if (!cpu_ok) {
        PyErr_SetString(PyExc_RuntimeError, "this CPU lacks AVX2: use the numpy path");
        return 0;
    }
    if (ka < K_F32 || ka > K_BF16 || kb < K_F32 || kb > K_BF16) {
        PyErr_SetString(PyExc_ValueError, "kinds 0 (float32), 1 (float16) or 2 (bfloat16) expected");
        return 0;
    }
    idx sa = src_size(ka), sb = src_size(kb);
    if (a->len % sa || b->len % sb || a->len / sa != b->len / sb) {
        PyErr_SetString(PyExc_ValueError, "two buffers of the same length (in values of their kinds) expected");
        return 0;
    }
    *n = a->len / sa;
    *x = (Src){a->buf, ka};
    *y = (Src){b->buf, kb};
    return 1;
}

static int not_empty(idx n) {
    if (n == 0) PyErr_SetString(PyExc_ValueError, "empty leaf");
    return n > 0;
}

PyDoc_STRVAR(pass_a_doc,
"pass_a(x, y, rel64=False, kx=0, ky=0) -> (d2, ad_sum, xx, yy, rel_sum, xsum, ysum, ad_max, rel_max, xmax,\n"
"ymax, xmin, ymin, xabs, xnz, ynz)\n\n"
"Pass A of one non-empty leaf of two contiguous buffers of float32 values (float16 / bfloat16 ones, as uint16,\n"
"with kx, ky = 1 / 2: widened exactly as they are read; every kernel takes kx, ky): numpy's float32 pairwise sums\n"
"of (x-y)^2, |x-y|, x^2, y^2, msaccucmp's relative error, x and y; then the NaN-propagating max/min; xabs: max |x|\n"
"over the values that are not NaN (inf when x holds an Inf); xnz, ynz: the least nonzero |x| and |y| of the values\n"
"that are not NaN (inf when there is none, NaN when every nonzero value is NaN), which admit the leaf to the\n"
"division-free quotients of passes B/C. rel64 is msprobe's (pass_ap).");

/* the least nonzero |value| from its (bits - 1) minimum: inf where every value was zero */
static float least_nonzero(uint32_t m) {
    float v;
    m = (m == UINT32_MAX) ? 0x7f800000u : m + 1u;
    memcpy(&v, &m, 4);
    return v;
}

enum { VA = 16, VP = 8 };      /* the values of pass A's answer and of msprobe's */

/* pass A's answer in its order (build_a's tuple, leaves_ap's rows) */
static void values_a(const float s[NA], const OneA *a, double v[VA]) {
    const double out[VA] = {s[A_D2], s[A_AD], s[A_XX], s[A_YY], s[A_REL], s[A_X], s[A_Y], a->mx[M_AD], a->mx[M_REL],
                            a->mx[M_XMAX], a->mx[M_YMAX], a->mn[M_XMIN], a->mn[M_YMIN], a->xabs,
                            least_nonzero(a->nz[0]), least_nonzero(a->nz[1])};
    memcpy(v, out, sizeof out);
}

/* msprobe's answer in its order (the counts exact in float64); 0 when it is None (a value not finite) */
static int values_p(const double s[NP], const OneP *p, double v[VP]) {
    const double out[VP] = {s[P_NB], s[P_NN], s[P_BB], s[P_DD], p->max_abs, p->max_rel, (double)p->below1,
                            (double)p->below5};
    memcpy(v, out, sizeof out);
    return isfinite(s[P_NN]) && isfinite(s[P_BB]) && isfinite(p->max_rel);
}

static PyObject *build_a(const float s[NA], const OneA *a) {
    double v[VA];
    values_a(s, a, v);
    return Py_BuildValue("(dddddddddddddddd)", v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10],
                         v[11], v[12], v[13], v[14], v[15]);
}

static PyObject *build_p(const double s[NP], const OneP *p) {
    double v[VP];
    if (values_p(s, p, v))
        return Py_BuildValue("(ddddddLL)", v[0], v[1], v[2], v[3], v[4], v[5], (long long)v[6], (long long)v[7]);
    Py_RETURN_NONE;
}

/* pass_a, msprobe and pass_ap: passes A and/or P over one non-empty leaf, as build_a, build_p or both */
static PyObject *walk_leaf(PyObject *args, PyObject *kwargs, const char *format, int with_a, int with_p) {
    static char *names[] = {"x", "y", "rel64", "kx", "ky", NULL};
    Py_buffer bx, by;
    int rel64 = 0, kx = K_F32, ky = K_F32;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, format, names, &bx, &by, &rel64, &kx, &ky)) return NULL;
    if (with_p && rel64) with_p = P64;
    idx n;
    Src x, y;
    PyObject *res = NULL;
    if (two_sources(&bx, kx, &by, ky, &x, &y, &n) && not_empty(n)) {
        float sa[NA];
        double sp[NP];
        Walk w;
        Py_BEGIN_ALLOW_THREADS
        run_walk(x, y, n, with_a, with_p, &w, sa, sp);
        Py_END_ALLOW_THREADS
        PyObject *a = with_a ? build_a(sa, &w.one_a) : NULL, *p = with_p ? build_p(sp, &w.one_p) : NULL;
        if (with_a && with_p) {
            res = a && p ? PyTuple_Pack(2, a, p) : NULL;
            Py_XDECREF(a);
            Py_XDECREF(p);
        } else {
            res = with_a ? a : p;
        }
    }
    PyBuffer_Release(&bx);
    PyBuffer_Release(&by);
    return res;
}

static PyObject *py_pass_a(PyObject *self, PyObject *args, PyObject *kwargs) {
    return walk_leaf(args, kwargs, "y*y*|pii:pass_a", 1, 0);
}

PyDoc_STRVAR(pass_b_doc,
"pass_b(x, y, nx, ny, xlo, xspan, ylo, yspan, xnz=0, ynz=0) -> (cos, px, py)\n\n"
"Pass B of one leaf: numpy's float32 pairwise sums of (x/nx)*(y/ny) and of KL's normalised values\n"
"max((v - lo) / span, eps32) (max(v, eps32) where span == 0). Every parameter is a float32 value; xnz, ynz:\n"
"the leaf's least nonzero |x|, |y| from pass_a, which let the quotients skip the divide instruction (the same\n"
"bits; 0: divide).");

static PyObject *py_pass_b(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"x", "y", "nx", "ny", "xlo", "xspan", "ylo", "yspan", "xnz", "ynz", "kx", "ky", NULL};
    Py_buffer bx, by;
    ParamB p;
    float xnz = 0.0f, ynz = 0.0f;
    int kx = K_F32, ky = K_F32;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*y*ffffff|ffii:pass_b", names, &bx, &by, &p.nx, &p.ny, &p.xlo,
                                     &p.xspan, &p.ylo, &p.yspan, &xnz, &ynz, &kx, &ky))
        return NULL;
    idx n;
    Src x, y;
    PyObject *res = NULL;
    if (two_sources(&bx, kx, &by, ky, &x, &y, &n)) {
        float s[NB];
        divisors(&p, xnz, ynz);
        Py_BEGIN_ALLOW_THREADS
        rec_b(x, y, n, &p, s);
        for (int k = 0; k < NB; k++) s[k] = 0.0f + s[k];
        Py_END_ALLOW_THREADS
        res = Py_BuildValue("(ddd)", (double)s[B_COS], (double)s[B_PX], (double)s[B_PY]);
    }
    PyBuffer_Release(&bx);
    PyBuffer_Release(&by);
    return res;
}

PyDoc_STRVAR(kl_ratio_doc,
"kl_ratio(x, y, xlo, xspan, ylo, yspan, psum, qsum, p_out, r_out, xnz=0, ynz=0) -> None\n\n"
"KL's float32 element operations before the log: P into p_out and P / Q into r_out (writable float32 buffers\n"
"of the leaf's length), with P = norm(x) / psum, Q = norm(y) / qsum and norm(v) = max((v - lo) / span, eps32);\n"
"xnz, ynz as for pass_b.");

static PyObject *py_kl_ratio(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"x", "y", "xlo", "xspan", "ylo", "yspan", "psum", "qsum", "p_out", "r_out", "xnz", "ynz",
                            "kx", "ky", NULL};
    Py_buffer bx, by, bp, br;
    ParamB p = {.nx = 1.0f, .ny = 1.0f};
    float psum, qsum, xnz = 0.0f, ynz = 0.0f;
    int kx = K_F32, ky = K_F32;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*y*ffffffw*w*|ffii:kl_ratio", names, &bx, &by, &p.xlo, &p.xspan,
                                     &p.ylo, &p.yspan, &psum, &qsum, &bp, &br, &xnz, &ynz, &kx, &ky))
        return NULL;
    idx n;
    Src x, y;
    PyObject *res = NULL;
    if (two_sources(&bx, kx, &by, ky, &x, &y, &n)) {
        if (bp.len != 4 * n || br.len != 4 * n || bp.buf == br.buf) {
            PyErr_SetString(PyExc_ValueError, "the output buffers must be two, of the leaf's length");
        } else {
            Div dp, dq;
            divisors(&p, xnz, ynz);
            kl_divisors(&p, psum, qsum, &dp, &dq);
            Py_BEGIN_ALLOW_THREADS
            kl(x, y, n, &p, &dp, &dq, bp.buf, br.buf);
            Py_END_ALLOW_THREADS
            res = Py_None;
            Py_INCREF(res);
        }
    }
    PyBuffer_Release(&bx);
    PyBuffer_Release(&by);
    PyBuffer_Release(&bp);
    PyBuffer_Release(&br);
    return res;
}

PyDoc_STRVAR(kl_sum_doc,
"kl_sum(p, log_r) -> float\n\n"
"numpy's float32 pairwise sum of p * log_r over a leaf (kl_ratio's P and the log of its ratio).");

static PyObject *py_kl_sum(PyObject *self, PyObject *args) {
    Py_buffer bx, bl;
    if (!PyArg_ParseTuple(args, "y*y*:kl_sum", &bx, &bl)) return NULL;
    idx n;
    PyObject *res = NULL;
    if (two_float32(&bx, &bl, &n)) {
        float s;
        Py_BEGIN_ALLOW_THREADS
        s = 0.0f + rec_kl(bx.buf, bl.buf, n);
        Py_END_ALLOW_THREADS
        res = PyFloat_FromDouble((double)s);
    }
    PyBuffer_Release(&bx);
    PyBuffer_Release(&bl);
    return res;
}

PyDoc_STRVAR(msprobe_doc,
"msprobe(x, y, rel64=False) -> (nb, nn, bb, dd, max_abs, max_rel, below1, below5) or None\n\n"
"msprobe's columns for one non-empty leaf of two float32 buffers: float64 sums of x*y, x^2, y^2, (x-y)^2\n"
"(eight-accumulator pairwise), max|x-y| in float64, |(x-y)/y| in float32 (in float64 with rel64: msprobe's\n"
"type for a bfloat16 side): its max and how many are below 0.001 and 0.005. None when a value is not finite or a\n"
"golden value is 0 (msprobe's special rules apply).");

static PyObject *py_msprobe(PyObject *self, PyObject *args, PyObject *kwargs) {
    return walk_leaf(args, kwargs, "y*y*|pii:msprobe", 0, P32);
}

PyDoc_STRVAR(pass_ap_doc,
"pass_ap(x, y, rel64=False) -> (pass_a(x, y), msprobe(x, y, rel64))\n\n"
"Both in one walk over the leaf (each block of 128 elements read from memory once), with the same values.");

static PyObject *py_pass_ap(PyObject *self, PyObject *args, PyObject *kwargs) {
    return walk_leaf(args, kwargs, "y*y*|pii:pass_ap", 1, P32);
}

PyDoc_STRVAR(leaves_ap_doc,
"leaves_ap(x, y, bounds, out, state, rel64=False, kx=0, ky=0) -> None\n\n"
"pass_ap over many leaves of x and y, in order, without the GIL: bounds holds int64 (start, stop) pairs, one per\n"
"leaf; leaf i's answer goes to out[i * LEAF_AP_WIDTH:] (float64: pass_a's 16 values, msprobe's 8, then 1.0 when\n"
"msprobe's answer is a tuple and 0.0 for None). state is two int64: the caller sets state[0] to stop the walk\n"
"before the next leaf; state[1] counts the leaves done (all of out before it is written).");

#define LEAF_AP_WIDTH (VA + VP + 1)     /* float64 per leaf: pass_a's answer, msprobe's, 1 when it is a tuple */

static PyObject *py_leaves_ap(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"x", "y", "bounds", "out", "state", "rel64", "kx", "ky", NULL};
    Py_buffer bx, by, bb, bo, bs;
    int rel64 = 0, kx = K_F32, ky = K_F32;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*y*y*w*w*|pii:leaves_ap", names, &bx, &by, &bb, &bo, &bs,
                                     &rel64, &kx, &ky)) return NULL;
    idx n, count = bb.len / 16;
    Src x, y;
    int ok = two_sources(&bx, kx, &by, ky, &x, &y, &n);
    const int64_t *bounds = bb.buf;
    if (ok && (bb.len % 16 || bo.len < count * LEAF_AP_WIDTH * (idx)sizeof(double) || bs.len < 16)) {
        PyErr_SetString(PyExc_ValueError, "bounds of int64 pairs, out of LEAF_AP_WIDTH float64 per leaf and a state of "
                                          "two int64 expected");
        ok = 0;
    }
    for (idx i = 0; ok && i < count; i++) {
        if (bounds[2 * i] < 0 || bounds[2 * i] >= bounds[2 * i + 1] || bounds[2 * i + 1] > n) {
            PyErr_SetString(PyExc_ValueError, "a leaf outside the buffers, or empty");
            ok = 0;
        }
    }
    if (ok) {
        double *out = bo.buf;
        int64_t *state = bs.buf;
        int with_p = rel64 ? P64 : P32;
        Py_BEGIN_ALLOW_THREADS
        for (idx i = 0; i < count && !__atomic_load_n(&state[0], __ATOMIC_ACQUIRE); i++) {
            idx a = bounds[2 * i];
            float sa[NA];
            double sp[NP];
            Walk w;
            run_walk(src_at(x, a), src_at(y, a), bounds[2 * i + 1] - a, 1, with_p, &w, sa, sp);
            double *o = out + i * LEAF_AP_WIDTH;
            values_a(sa, &w.one_a, o);
            o[VA + VP] = values_p(sp, &w.one_p, o + VA);
            __atomic_store_n(&state[1], (int64_t)(i + 1), __ATOMIC_RELEASE);
        }
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&bx);
    PyBuffer_Release(&by);
    PyBuffer_Release(&bb);
    PyBuffer_Release(&bo);
    PyBuffer_Release(&bs);
    if (!ok) return NULL;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(widen_doc,
"widen(src, dst, bfloat16=False) -> None\n\n"
"The float16 values (bfloat16 with bfloat16=True) of src, a contiguous buffer of 2-byte items, into dst, a\n"
"writable float32 buffer of as many items: exact for every value, as numpy's and ml_dtypes' casts (a NaN stays a\n"
"NaN): the kernels' own widening of the blocks they read (block_of), exposed for a whole buffer.");

AVX2 static void widen_all(const void *src, int kind, float *dst, idx n) { widen_into((Src){src, kind}, n, dst); }

static PyObject *py_widen(PyObject *self, PyObject *args) {
    Py_buffer bs, bd;
    int bf16 = 0;
    if (!PyArg_ParseTuple(args, "y*w*|p:widen", &bs, &bd, &bf16)) return NULL;
    PyObject *res = NULL;
    if (!cpu_ok) {
        PyErr_SetString(PyExc_RuntimeError, "this CPU lacks AVX2: use the numpy path");
    } else if (bs.len % 2 || bd.len != 2 * bs.len) {
        PyErr_SetString(PyExc_ValueError, "a buffer of 2-byte items and a float32 buffer of as many expected");
    } else {
        idx n = bs.len / 2;
        Py_BEGIN_ALLOW_THREADS
        widen_all(bs.buf, bf16 ? K_BF16 : K_F16, bd.buf, n);
        Py_END_ALLOW_THREADS
        res = Py_None;
        Py_INCREF(res);
    }
    PyBuffer_Release(&bs);
    PyBuffer_Release(&bd);
    return res;
}

PyDoc_STRVAR(nonfinite_doc, "nonfinite(x) -> (has_inf, has_nan) of a float32 buffer.");

static PyObject *py_nonfinite(PyObject *self, PyObject *args) {
    Py_buffer bx;
    if (!PyArg_ParseTuple(args, "y*:nonfinite", &bx)) return NULL;
    const uint32_t *x = bx.buf;
    idx n = bx.len / 4;
    int inf = 0, nan = 0;
    Py_BEGIN_ALLOW_THREADS
    const idx block = 4096;
    for (idx a = 0; a < n && !(inf && nan); a += block) {
        idx b = a + block < n ? a + block : n;
        uint32_t hit = 0;
        for (idx i = a; i < b; i++) hit |= ((x[i] & 0x7f800000u) == 0x7f800000u);
        if (hit)
            for (idx i = a; i < b; i++)
                if ((x[i] & 0x7f800000u) == 0x7f800000u) {
                    if (x[i] & 0x007fffffu) nan = 1; else inf = 1;
                }
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&bx);
    return Py_BuildValue("(OO)", inf ? Py_True : Py_False, nan ? Py_True : Py_False);
}

PyDoc_STRVAR(isas_doc, "isas() -> the instruction sets of the walk of passes A and P this CPU runs, the best last.");

static PyObject *py_isas(PyObject *self, PyObject *args) {
    PyObject *out = PyTuple_New(isa_count);
    for (int i = 0; out && i < isa_count; i++) PyTuple_SET_ITEM(out, i, PyUnicode_FromString(ISAS[i].name));
    return out;
}

PyDoc_STRVAR(set_isa_doc,
"set_isa(name) -> the previous name: the walk of passes A and P runs that instruction set from now on, in every\n"
"thread (one of isas(); for tests and benchmarks: every one gives the same bits).");

static PyObject *py_set_isa(PyObject *self, PyObject *args) {
    const char *name;
    if (!PyArg_ParseTuple(args, "s:set_isa", &name)) return NULL;
    for (int i = 0; i < isa_count; i++)
        if (strcmp(ISAS[i].name, name) == 0) {
            const char *previous = isa->name;
            isa = &ISAS[i];
            return PyUnicode_FromString(previous);
        }
    PyErr_Format(PyExc_ValueError, "this CPU does not run %s", name);
    return NULL;
}

#endif  /* HAVE_KERNELS */


PyDoc_STRVAR(isa_doc,
"isa() -> the instruction set the walk of passes A and P runs ('avx2+fma', or 'avx512vl' where the CPU has it:\n"
"the same instructions with 32 vector registers), or None when this CPU or build has no kernels (use the numpy\n"
"path).");

static PyObject *py_isa(PyObject *self, PyObject *args) {
#ifdef HAVE_KERNELS
    if (cpu_ok) return PyUnicode_FromString(isa->name);
#endif
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
#ifdef HAVE_KERNELS
    {"pass_a", (PyCFunction)(void (*)(void))py_pass_a, METH_VARARGS | METH_KEYWORDS, pass_a_doc},
    {"pass_b", (PyCFunction)(void (*)(void))py_pass_b, METH_VARARGS | METH_KEYWORDS, pass_b_doc},
    {"kl_ratio", (PyCFunction)(void (*)(void))py_kl_ratio, METH_VARARGS | METH_KEYWORDS, kl_ratio_doc},
    {"kl_sum", py_kl_sum, METH_VARARGS, kl_sum_doc},
    {"msprobe", (PyCFunction)(void (*)(void))py_msprobe, METH_VARARGS | METH_KEYWORDS, msprobe_doc},
    {"pass_ap", (PyCFunction)(void (*)(void))py_pass_ap, METH_VARARGS | METH_KEYWORDS, pass_ap_doc},
    {"leaves_ap", (PyCFunction)(void (*)(void))py_leaves_ap, METH_VARARGS | METH_KEYWORDS, leaves_ap_doc},
    {"nonfinite", py_nonfinite, METH_VARARGS, nonfinite_doc},
    {"widen", py_widen, METH_VARARGS, widen_doc},
    {"isas", py_isas, METH_NOARGS, isas_doc},
    {"set_isa", py_set_isa, METH_VARARGS, set_isa_doc},
#endif
    {"isa", py_isa, METH_NOARGS, isa_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel",
    "The compare's per-leaf C kernels (optional; core.metrics.kernel falls back to numpy without them).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
#ifdef HAVE_KERNELS
    __builtin_cpu_init();
    unsigned int eax, ebx, ecx = 0, edx;
    int f16c = __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C);     /* every AVX2 CPU has it */
    cpu_ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && f16c;
    isa_count = !cpu_ok ? 0 : __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") ? 2 : 1;
    isa = isa_count ? &ISAS[isa_count - 1] : NULL;
#endif
    PyObject *m = PyModule_Create(&module);
#ifdef HAVE_KERNELS
    if (m != NULL && PyModule_AddIntConstant(m, "LEAF_AP_WIDTH", LEAF_AP_WIDTH) < 0) Py_CLEAR(m);
#endif
    return m;
}

