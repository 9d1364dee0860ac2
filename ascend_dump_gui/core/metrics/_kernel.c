/* The compare's per-leaf kernels in C: msaccucmp's float32 element operations, summed along numpy's pairwise
 * tree (numpy's pairwise_sum: n < 8 in sequence; n <= 128 in eight accumulators combined as
 * ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then the tail in sequence; else split at n/2 rounded down to a multiple
 * of 8), so every float32 total has the bits ``ndarray.sum`` gives over the same elements. Several sums are
 * walked in one recursion, so one read of both tensors gives all of them.
 *
 * The eight accumulators are the eight lanes of a GCC/Clang vector (lane j sums elements i + j), so each
 * vector operation is eight IEEE float32 (or float64) operations, exactly the scalar ones numpy's loops do.
 * Built with -O3 -ffp-contract=off and no fast-math (setup.py); the one fused multiply-add is written out where it
 * rounds as the separate operations do. The kernels are compiled for AVX2 and FMA (one 8-lane register per sum)
 * and used when the CPU has both; elsewhere (another CPU, architecture or compiler)
 * the module only answers isa() -> None and the compare runs its numpy path, which gives the same bits
 * (measured: without AVX2, GCC splits the 8-lane vectors into scalar code slower than numpy).
 * Buffers come through the buffer protocol (contiguous float32; the Python side checks dtypes), so the build
 * needs no numpy headers. The GIL is released while a leaf is computed.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
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
#define AVX2 __attribute__((target("avx2,fma")))
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
AI f8 bc8(float v) { return (f8){v, v, v, v, v, v, v, v}; }
AI f8 sel8(i8 m, f8 a, f8 b) { return (f8)((m & (i8)a) | (~m & (i8)b)); }
AI f8 abs8(f8 v) { return (f8)((i8)v & 0x7fffffff); }
AI d4 absd4(d4 v) { return (d4)((l4)v & 0x7fffffffffffffffLL); }
AI f8 and8(f8 v, i8 m) { return (f8)((i8)v & m); }      /* v where m is set, else +0 */
/* float32 lanes 0-3 / 4-7 as float64 (one vcvtps2pd each: GCC's generic conversion splits them) */
AVX2 AI d4 fmad4(d4 x, d4 y, d4 s) { return (d4)_mm256_fmadd_pd((__m256d)x, (__m256d)y, (__m256d)s); }
AVX2 AI d4 lo4(f8 v) { return (d4)_mm256_cvtps_pd(_mm256_castps256_ps128((__m256)v)); }
AVX2 AI d4 hi4(f8 v) { return (d4)_mm256_cvtps_pd(_mm256_extractf128_ps((__m256)v, 1)); }
/* numpy's combination of its eight accumulators */
AI float fold8(f8 r) { return ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7])); }
AI double foldd4(d4 a, d4 b) { return ((a[0] + a[1]) + (a[2] + a[3])) + ((b[0] + b[1]) + (b[2] + b[3])); }

/* ---------------------------------------------------------------- element operations (scalar) */

enum { A_D2, A_AD, A_XX, A_YY, A_REL, A_X, A_Y, NA };
enum { M_AD, M_REL, M_XMAX, M_YMAX, NMAX };
enum { M_XMIN, M_YMIN, NMIN };

/* pass A's running max/min, one per accumulator lane (lane 0 also takes the scalar elements); xabs: max |x|
 * over the values that are not NaN (inf there = x holds an Inf, whatever NaN it holds too) */
typedef struct { float mx[NMAX][8]; float mn[NMIN][8]; float xabs[8]; } ExtA;

/* msaccucmp's relative error: |x / y - 1|, 0 where |y| <= eps (or y is NaN) */
AI float rel_a(float x, float y) { float t = fabsf(x / y - 1.0f); return (fabsf(y) > EPS64F) ? t : 0.0f; }

AI void elems_a(float x, float y, float e[NA], ExtA *ex) {
    float d = x - y, ad = fabsf(d), t = rel_a(x, y);
    e[A_D2] = d * d; e[A_AD] = ad; e[A_XX] = x * x; e[A_YY] = y * y; e[A_REL] = t; e[A_X] = x; e[A_Y] = y;
    ex->mx[M_AD][0] = fmax_nan(ex->mx[M_AD][0], ad);
    ex->mx[M_REL][0] = fmax_nan(ex->mx[M_REL][0], t);
    ex->mx[M_XMAX][0] = fmax_nan(ex->mx[M_XMAX][0], x);
    ex->mx[M_YMAX][0] = fmax_nan(ex->mx[M_YMAX][0], y);
    ex->mn[M_XMIN][0] = fmin_nan(ex->mn[M_XMIN][0], x);
    ex->mn[M_YMIN][0] = fmin_nan(ex->mn[M_YMIN][0], y);
    ex->xabs[0] = (fabsf(x) > ex->xabs[0]) ? fabsf(x) : ex->xabs[0];
}

typedef struct { float nx, ny, xlo, xspan, ylo, yspan; } ParamB;
enum { B_COS, B_PX, B_PY, NB };

/* KL's normalisation: max((v - lo) / span, eps32), or max(v, eps32) where span == 0; NaN propagates */
AI float norm01(float v, float lo, float span) {
    float t = (span != 0.0f) ? (v - lo) / span : v;
    return ((t > EPS32F) | (t != t)) ? t : EPS32F;
}
AVX2 AI f8 norm8(f8 v, float lo, float span) {     /* eps > t ? eps : t (vmaxps): norm01's choice, NaN kept */
    f8 t = (span != 0.0f) ? (v - lo) / span : v;
    return (f8)_mm256_max_ps((__m256)bc8(EPS32F), (__m256)t);
}

AI void elems_b(float x, float y, const ParamB *p, float e[NB]) {
    e[B_COS] = (x / p->nx) * (y / p->ny);
    e[B_PX] = norm01(x, p->xlo, p->xspan);
    e[B_PY] = norm01(y, p->ylo, p->yspan);
}

enum { P_NB, P_NN, P_BB, P_DD, NP };
typedef struct { double max_abs[8]; float max_rel[8]; int64_t below1, below5; } ExtP;

AI void elems_p(float x, float y, double e[NP], ExtP *ex) {
    double xd = x, yd = y, d = xd - yd;
    float rel = fabsf((x - y) / y);
    e[P_NB] = xd * yd; e[P_NN] = xd * xd; e[P_BB] = yd * yd; e[P_DD] = d * d;
    ex->max_abs[0] = dmax_nan(ex->max_abs[0], fabs(d));
    ex->max_rel[0] = fmax_nan(ex->max_rel[0], rel);
    ex->below1 += rel < 0.001f;
    ex->below5 += rel < 0.005f;
}

/* ---------------------------------------------------------------- the kernels (AVX2) */

/* The vector loops' running max/min per lane: v > m ? v : m (one vmaxps; vminps alike), which is fmax_nan/fmin_nan
 * except where v is NaN; those lanes are set to NaN at the end of the loop (with_nan), so every lane ends as
 * fmax_nan/fmin_nan leave it: NaN once a NaN was seen (its payload is not kept: every NaN reads "nan"), else the
 * same value, the sign of a zero included. Which lanes saw a NaN needs no work in the loop where a sum of the
 * loop adds a term that is NaN exactly when v is and else >= 0 (|x - y| for max |x - y|, x * x for max/min x, ...):
 * terms >= 0 (+inf included) never add up to NaN, so that lane's sum is NaN exactly when the lane saw a NaN. */
AVX2 AI f8 max8x(f8 m, f8 v) { return (f8)_mm256_max_ps((__m256)v, (__m256)m); }
AVX2 AI f8 min8x(f8 m, f8 v) { return (f8)_mm256_min_ps((__m256)v, (__m256)m); }
AVX2 AI d4 maxd4x(d4 m, d4 v) { return (d4)_mm256_max_pd((__m256d)v, (__m256d)m); }
AI f8 with_nan(f8 m, i8 seen) { return sel8(seen, bc8(NAN), m); }
AI d4 with_nand4(d4 m, l4 seen) { return (d4)((seen & (l4)(d4){NAN, NAN, NAN, NAN}) | (~seen & (l4)m)); }

/* eight elements of pass A, one per accumulator lane: the sums start at them (first) or add them; the
 * running max/min take them */
AVX2 AI void step_a(f8 X, f8 Y, int first, f8 r[NA], f8 mx[NMAX], f8 mn[NMIN], f8 *xabs) {
    f8 D = X - Y, AD = abs8(D), T = and8(abs8(X / Y - 1.0f), abs8(Y) > EPS64F);
    f8 e[NA] = {[A_D2] = D * D, [A_AD] = AD, [A_XX] = X * X, [A_YY] = Y * Y, [A_REL] = T, [A_X] = X, [A_Y] = Y};
    for (int k = 0; k < NA; k++) r[k] = first ? e[k] : r[k] + e[k];
    mx[M_AD] = max8x(mx[M_AD], AD); mx[M_REL] = max8x(mx[M_REL], T);
    mx[M_XMAX] = max8x(mx[M_XMAX], X); mx[M_YMAX] = max8x(mx[M_YMAX], Y);
    mn[M_XMIN] = min8x(mn[M_XMIN], X); mn[M_YMIN] = min8x(mn[M_YMIN], Y);
    *xabs = max8x(*xabs, abs8(X));          /* a NaN |x| leaves it: the max over the values that are not NaN */
}

/* eight elements of msprobe's columns: float64 sums in two 4-lane halves (lanes 0-3 in a[], 4-7 in b[]) */
AVX2 AI void step_p(f8 X, f8 Y, int first, d4 a[NP], d4 b[NP], d4 *maa, d4 *mab, f8 *mrel, i8 *c1, i8 *c5,
                    i8 *nan_rel) {
    d4 XA = lo4(X), XB = hi4(X), YA = lo4(Y), YB = hi4(Y), DA = XA - YA, DB = XB - YB;
    f8 R = abs8((X - Y) / Y);
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
    *mrel = max8x(*mrel, R);
    *nan_rel |= R != R;
    *c1 -= R < 0.001f;
    *c5 -= R < 0.005f;
}

AVX2 static void leaf_a(const float *x, const float *y, idx n, float out[NA], ExtA *ex) {
    float e[NA];
    if (n < 8) {
        for (int k = 0; k < NA; k++) out[k] = -0.0f;
        for (idx i = 0; i < n; i++) {
            elems_a(x[i], y[i], e, ex);
            for (int k = 0; k < NA; k++) out[k] += e[k];
        }
        return;
    }
    f8 r[NA], mx[NMAX], mn[NMIN], xabs = ld8(ex->xabs);
    for (int k = 0; k < NMAX; k++) mx[k] = ld8(ex->mx[k]);
    for (int k = 0; k < NMIN; k++) mn[k] = ld8(ex->mn[k]);
    idx i, end = n - n % 8;
    step_a(ld8(x), ld8(y), 1, r, mx, mn, &xabs);   /* numpy starts each accumulator at its first element */
    for (i = 8; i < end; i += 8) step_a(ld8(x + i), ld8(y + i), 0, r, mx, mn, &xabs);
    i8 nan_ad = r[A_AD] != r[A_AD], nan_rel = r[A_REL] != r[A_REL];     /* the lanes that saw a NaN (see max8x) */
    i8 nan_x = r[A_XX] != r[A_XX], nan_y = r[A_YY] != r[A_YY];
    mx[M_AD] = with_nan(mx[M_AD], nan_ad); mx[M_REL] = with_nan(mx[M_REL], nan_rel);
    mx[M_XMAX] = with_nan(mx[M_XMAX], nan_x); mn[M_XMIN] = with_nan(mn[M_XMIN], nan_x);
    mx[M_YMAX] = with_nan(mx[M_YMAX], nan_y); mn[M_YMIN] = with_nan(mn[M_YMIN], nan_y);
    for (int k = 0; k < NMAX; k++) st8(ex->mx[k], mx[k]);
    for (int k = 0; k < NMIN; k++) st8(ex->mn[k], mn[k]);
    st8(ex->xabs, xabs);
    for (int k = 0; k < NA; k++) out[k] = fold8(r[k]);
    for (; i < n; i++) {
        elems_a(x[i], y[i], e, ex);
        for (int k = 0; k < NA; k++) out[k] += e[k];
    }
}

AVX2 static void rec_a(const float *x, const float *y, idx n, float *out, ExtA *ex) {
    if (n <= PW) { leaf_a(x, y, n, out, ex); return; }
    idx n2 = split(n);
    float b[NA];
    rec_a(x, y, n2, out, ex);
    rec_a(x + n2, y + n2, n - n2, b, ex);
    for (int k = 0; k < NA; k++) out[k] += b[k];
}

/* eight elements of pass B: the sums start at them (first) or add them */
AVX2 AI void step_b(f8 X, f8 Y, const ParamB *p, int first, f8 r[NB]) {
    f8 e[NB] = {[B_COS] = (X / p->nx) * (Y / p->ny), [B_PX] = norm8(X, p->xlo, p->xspan),
                [B_PY] = norm8(Y, p->ylo, p->yspan)};
    for (int k = 0; k < NB; k++) r[k] = first ? e[k] : r[k] + e[k];
}

AVX2 static void leaf_b(const float *x, const float *y, idx n, const ParamB *p, float out[NB]) {
    float e[NB];
    if (n < 8) {
        for (int k = 0; k < NB; k++) out[k] = -0.0f;
        for (idx i = 0; i < n; i++) { elems_b(x[i], y[i], p, e); for (int k = 0; k < NB; k++) out[k] += e[k]; }
        return;
    }
    f8 r[NB];
    idx i, end = n - n % 8;
    step_b(ld8(x), ld8(y), p, 1, r);
    for (i = 8; i < end; i += 8) step_b(ld8(x + i), ld8(y + i), p, 0, r);
    for (int k = 0; k < NB; k++) out[k] = fold8(r[k]);
    for (; i < n; i++) { elems_b(x[i], y[i], p, e); for (int k = 0; k < NB; k++) out[k] += e[k]; }
}

AVX2 static void rec_b(const float *x, const float *y, idx n, const ParamB *p, float *out) {
    if (n <= PW) { leaf_b(x, y, n, p, out); return; }
    idx n2 = split(n);
    float b[NB];
    rec_b(x, y, n2, p, out);
    rec_b(x + n2, y + n2, n - n2, p, b);
    for (int k = 0; k < NB; k++) out[k] += b[k];
}

AVX2 static void kl(const float *x, const float *y, idx n, const ParamB *p, float psum, float qsum, float *po,
                    float *ro) {
    idx i, end = n - n % 8;
    for (i = 0; i < end; i += 8) {
        f8 P = norm8(ld8(x + i), p->xlo, p->xspan) / psum, Q = norm8(ld8(y + i), p->ylo, p->yspan) / qsum;
        st8(po + i, P);
        st8(ro + i, P / Q);
    }
    for (; i < n; i++) {
        po[i] = norm01(x[i], p->xlo, p->xspan) / psum;
        ro[i] = po[i] / (norm01(y[i], p->ylo, p->yspan) / qsum);
    }
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

AVX2 static void leaf_p(const float *x, const float *y, idx n, double out[NP], ExtP *ex) {
    double e[NP];
    if (n < 8) {
        for (int k = 0; k < NP; k++) out[k] = -0.0;
        for (idx i = 0; i < n; i++) { elems_p(x[i], y[i], e, ex); for (int k = 0; k < NP; k++) out[k] += e[k]; }
        return;
    }
    d4 a[NP], b[NP], maa, mab;
    f8 mrel = ld8(ex->max_rel);
    i8 c1 = {0}, c5 = {0};
    memcpy(&maa, ex->max_abs, sizeof maa);
    memcpy(&mab, ex->max_abs + 4, sizeof mab);
    idx i, end = n - n % 8;
    i8 nan_rel = {0};
    step_p(ld8(x), ld8(y), 1, a, b, &maa, &mab, &mrel, &c1, &c5, &nan_rel);
    for (i = 8; i < end; i += 8)
        step_p(ld8(x + i), ld8(y + i), 0, a, b, &maa, &mab, &mrel, &c1, &c5, &nan_rel);
    maa = with_nand4(maa, a[P_DD] != a[P_DD]);        /* sums of (x - y)^2: NaN where a NaN |x - y| was seen */
    mab = with_nand4(mab, b[P_DD] != b[P_DD]);
    mrel = with_nan(mrel, nan_rel);
    memcpy(ex->max_abs, &maa, sizeof maa);
    memcpy(ex->max_abs + 4, &mab, sizeof mab);
    st8(ex->max_rel, mrel);
    for (int j = 0; j < 8; j++) { ex->below1 += c1[j]; ex->below5 += c5[j]; }
    for (int k = 0; k < NP; k++) out[k] = foldd4(a[k], b[k]);
    for (; i < n; i++) { elems_p(x[i], y[i], e, ex); for (int k = 0; k < NP; k++) out[k] += e[k]; }
}

AVX2 static void rec_p(const float *x, const float *y, idx n, double *out, ExtP *ex) {
    if (n <= PW) { leaf_p(x, y, n, out, ex); return; }
    idx n2 = split(n);
    double b[NP];
    rec_p(x, y, n2, out, ex);
    rec_p(x + n2, y + n2, n - n2, b, ex);
    for (int k = 0; k < NP; k++) out[k] += b[k];
}

/* rec_a and rec_p in one walk of the same tree: each block of at most PW elements is read from memory once
 * (leaf_p reads it again from L1), the sums are added in the same order as the two walks add them */
AVX2 static void rec_ap(const float *x, const float *y, idx n, float *oa, ExtA *ea, double *op, ExtP *ep) {
    if (n <= PW) { leaf_a(x, y, n, oa, ea); leaf_p(x, y, n, op, ep); return; }
    idx n2 = split(n);
    float ba[NA];
    double bp[NP];
    rec_ap(x, y, n2, oa, ea, op, ep);
    rec_ap(x + n2, y + n2, n - n2, ba, ea, bp, ep);
    for (int k = 0; k < NA; k++) oa[k] += ba[k];
    for (int k = 0; k < NP; k++) op[k] += bp[k];
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

static int not_empty(idx n) {
    if (n == 0) PyErr_SetString(PyExc_ValueError, "empty leaf");
    return n > 0;
}

PyDoc_STRVAR(pass_a_doc,
"pass_a(x, y) -> (d2, ad_sum, xx, yy, rel_sum, xsum, ysum, ad_max, rel_max, xmax, ymax, xmin, ymin, xabs)\n\n"
"Pass A of one non-empty leaf of two contiguous float32 buffers: numpy's float32 pairwise sums of (x-y)^2,\n"
"|x-y|, x^2, y^2, msaccucmp's relative error, x and y; then the NaN-propagating max/min; xabs: max |x| over\n"
"the values that are not NaN (inf when x holds an Inf).");

/* pass A's running max/min start at the first element's values in every lane */
static void start_a(const float *x, const float *y, ExtA *ex) {
    float first_max[NMAX] = {fabsf(x[0] - y[0]), rel_a(x[0], y[0]), x[0], y[0]}, first_min[NMIN] = {x[0], y[0]};
    for (int j = 0; j < 8; j++) {
        for (int k = 0; k < NMAX; k++) ex->mx[k][j] = first_max[k];
        for (int k = 0; k < NMIN; k++) ex->mn[k][j] = first_min[k];
        ex->xabs[j] = 0.0f;
    }
}

/* numpy's reduction starts at +0; the lanes' max/min folded into lane 0 */
static void finish_a(float s[NA], ExtA *ex) {
    for (int k = 0; k < NA; k++) s[k] = 0.0f + s[k];
    for (int j = 1; j < 8; j++) {
        for (int k = 0; k < NMAX; k++) ex->mx[k][0] = fmax_nan(ex->mx[k][0], ex->mx[k][j]);
        for (int k = 0; k < NMIN; k++) ex->mn[k][0] = fmin_nan(ex->mn[k][0], ex->mn[k][j]);
        ex->xabs[0] = (ex->xabs[j] > ex->xabs[0]) ? ex->xabs[j] : ex->xabs[0];
    }
}

static PyObject *build_a(const float s[NA], const ExtA *ex) {
    return Py_BuildValue("(dddddddddddddd)", (double)s[A_D2], (double)s[A_AD], (double)s[A_XX],
                         (double)s[A_YY], (double)s[A_REL], (double)s[A_X], (double)s[A_Y],
                         (double)ex->mx[M_AD][0], (double)ex->mx[M_REL][0], (double)ex->mx[M_XMAX][0],
                         (double)ex->mx[M_YMAX][0], (double)ex->mn[M_XMIN][0], (double)ex->mn[M_YMIN][0],
                         (double)ex->xabs[0]);
}

static PyObject *py_pass_a(PyObject *self, PyObject *args) {
    Py_buffer bx, by;
    if (!PyArg_ParseTuple(args, "y*y*:pass_a", &bx, &by)) return NULL;
    idx n;
    PyObject *res = NULL;
    if (two_float32(&bx, &by, &n) && not_empty(n)) {
        float s[NA];
        ExtA ex;
        start_a(bx.buf, by.buf, &ex);
        Py_BEGIN_ALLOW_THREADS
        rec_a(bx.buf, by.buf, n, s, &ex);
        finish_a(s, &ex);
        Py_END_ALLOW_THREADS
        res = build_a(s, &ex);
    }
    PyBuffer_Release(&bx);
    PyBuffer_Release(&by);
    return res;
}

PyDoc_STRVAR(pass_b_doc,
"pass_b(x, y, nx, ny, xlo, xspan, ylo, yspan) -> (cos, px, py)\n\n"
"Pass B of one leaf: numpy's float32 pairwise sums of (x/nx)*(y/ny) and of KL's normalised values\n"
"max((v - lo) / span, eps32) (max(v, eps32) where span == 0). Every parameter is a float32 value.");

static PyObject *py_pass_b(PyObject *self, PyObject *args) {
    Py_buffer bx, by;
    ParamB p;
    if (!PyArg_ParseTuple(args, "y*y*ffffff:pass_b", &bx, &by, &p.nx, &p.ny, &p.xlo, &p.xspan, &p.ylo,
                          &p.yspan))
        return NULL;
    idx n;
    PyObject *res = NULL;
    if (two_float32(&bx, &by, &n)) {
        float s[NB];
        Py_BEGIN_ALLOW_THREADS
        rec_b(bx.buf, by.buf, n, &p, s);
        for (int k = 0; k < NB; k++) s[k] = 0.0f + s[k];
        Py_END_ALLOW_THREADS
        res = Py_BuildValue("(ddd)", (double)s[B_COS], (double)s[B_PX], (double)s[B_PY]);
    }
    PyBuffer_Release(&bx);
    PyBuffer_Release(&by);
    return res;
}

PyDoc_STRVAR(kl_ratio_doc,
"kl_ratio(x, y, xlo, xspan, ylo, yspan, psum, qsum, p_out, r_out) -> None\n\n"
"KL's float32 element operations before the log: P into p_out and P / Q into r_out (writable float32 buffers\n"
"of the leaf's length), with P = norm(x) / psum, Q = norm(y) / qsum and norm(v) = max((v - lo) / span, eps32).");

static PyObject *py_kl_ratio(PyObject *self, PyObject *args) {
    Py_buffer bx, by, bp, br;
    ParamB p = {1.0f, 1.0f, 0, 0, 0, 0};
    float psum, qsum;
    if (!PyArg_ParseTuple(args, "y*y*ffffffw*w*:kl_ratio", &bx, &by, &p.xlo, &p.xspan, &p.ylo, &p.yspan, &psum,
                          &qsum, &bp, &br))
        return NULL;
    idx n;
    PyObject *res = NULL;
    if (two_float32(&bx, &by, &n)) {
        if (bp.len != bx.len || br.len != bx.len || bp.buf == br.buf) {
            PyErr_SetString(PyExc_ValueError, "the output buffers must be two, of the leaf's length");
        } else {
            Py_BEGIN_ALLOW_THREADS
            kl(bx.buf, by.buf, n, &p, psum, qsum, bp.buf, br.buf);
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
"msprobe(x, y) -> (nb, nn, bb, dd, max_abs, max_rel, below1, below5) or None\n\n"
"msprobe's columns for one non-empty leaf of two float32 buffers: float64 sums of x*y, x^2, y^2, (x-y)^2\n"
"(eight-accumulator pairwise), max|x-y| in float64, |(x-y)/y| in float32: its max and how many are below\n"
"0.001 and 0.005. None when a value is not finite or a golden value is 0 (msprobe's special rules apply).");

static void start_p(const float *x, const float *y, ExtP *ex) {
    double first_abs = fabs((double)x[0] - (double)y[0]);
    float first_rel = fabsf((x[0] - y[0]) / y[0]);
    ex->below1 = 0;
    ex->below5 = 0;
    for (int j = 0; j < 8; j++) { ex->max_abs[j] = first_abs; ex->max_rel[j] = first_rel; }
}

static void finish_p(double s[NP], ExtP *ex) {
    for (int k = 0; k < NP; k++) s[k] = 0.0 + s[k];
    for (int j = 1; j < 8; j++) {
        ex->max_abs[0] = dmax_nan(ex->max_abs[0], ex->max_abs[j]);
        ex->max_rel[0] = fmax_nan(ex->max_rel[0], ex->max_rel[j]);
    }
}

static PyObject *build_p(const double s[NP], const ExtP *ex) {
    if (isfinite(s[P_NN]) && isfinite(s[P_BB]) && isfinite(ex->max_rel[0]))
        return Py_BuildValue("(ddddddLL)", s[P_NB], s[P_NN], s[P_BB], s[P_DD], ex->max_abs[0],
                             (double)ex->max_rel[0], (long long)ex->below1, (long long)ex->below5);
    Py_RETURN_NONE;
}

static PyObject *py_msprobe(PyObject *self, PyObject *args) {
    Py_buffer bx, by;
    if (!PyArg_ParseTuple(args, "y*y*:msprobe", &bx, &by)) return NULL;
    idx n;
    PyObject *res = NULL;
    if (two_float32(&bx, &by, &n) && not_empty(n)) {
        double s[NP];
        ExtP ex;
        start_p(bx.buf, by.buf, &ex);
        Py_BEGIN_ALLOW_THREADS
        rec_p(bx.buf, by.buf, n, s, &ex);
        finish_p(s, &ex);
        Py_END_ALLOW_THREADS
        res = build_p(s, &ex);
    }
    PyBuffer_Release(&bx);
    PyBuffer_Release(&by);
    return res;
}

PyDoc_STRVAR(pass_ap_doc,
"pass_ap(x, y) -> (pass_a(x, y), msprobe(x, y))\n\n"
"Both in one walk over the leaf (each block of 128 elements read from memory once), with the same values.");

static PyObject *py_pass_ap(PyObject *self, PyObject *args) {
    Py_buffer bx, by;
    if (!PyArg_ParseTuple(args, "y*y*:pass_ap", &bx, &by)) return NULL;
    idx n;
    PyObject *res = NULL;
    if (two_float32(&bx, &by, &n) && not_empty(n)) {
        float sa[NA];
        double sp[NP];
        ExtA ea;
        ExtP ep;
        start_a(bx.buf, by.buf, &ea);
        start_p(bx.buf, by.buf, &ep);
        Py_BEGIN_ALLOW_THREADS
        rec_ap(bx.buf, by.buf, n, sa, &ea, sp, &ep);
        finish_a(sa, &ea);
        finish_p(sp, &ep);
        Py_END_ALLOW_THREADS
        PyObject *a = build_a(sa, &ea), *p = a ? build_p(sp, &ep) : NULL;
        res = p ? PyTuple_Pack(2, a, p) : NULL;
        Py_XDECREF(a);
        Py_XDECREF(p);
    }
    PyBuffer_Release(&bx);
    PyBuffer_Release(&by);
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

#endif  /* HAVE_KERNELS */


PyDoc_STRVAR(isa_doc, "isa() -> 'avx2', or None when this CPU or build has no kernels (use the numpy path).");

static PyObject *py_isa(PyObject *self, PyObject *args) {
    if (cpu_ok) return PyUnicode_FromString("avx2+fma");
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
#ifdef HAVE_KERNELS
    {"pass_a", py_pass_a, METH_VARARGS, pass_a_doc},
    {"pass_b", py_pass_b, METH_VARARGS, pass_b_doc},
    {"kl_ratio", py_kl_ratio, METH_VARARGS, kl_ratio_doc},
    {"kl_sum", py_kl_sum, METH_VARARGS, kl_sum_doc},
    {"msprobe", py_msprobe, METH_VARARGS, msprobe_doc},
    {"pass_ap", py_pass_ap, METH_VARARGS, pass_ap_doc},
    {"nonfinite", py_nonfinite, METH_VARARGS, nonfinite_doc},
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
    cpu_ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
    return PyModule_Create(&module);
}

