/* Passes A and P over one subtree of numpy's pairwise tree of at most CHUNK elements: included by _kernel.c once
 * per instruction set, WALK_ISA(name) naming the functions and WALK_TARGET giving their target. The same C, so the
 * same operations and bits; with AVX-512VL the compiler has 32 vector registers and keeps every running sum, max
 * and count of the loop in them (with 16 some live in memory, and each loop turn waits on a store and a load).
 *
 * The subtree's blocks (numpy's leaves of at most 128 elements) are walked in order (a float16 or bfloat16 block
 * widened on the stack first), with the running max/min and counts in registers across blocks; each block's sums are folded (fold_a, fold_p) into one vector, and the block
 * sums are added along the subtree (tree_add_*), as numpy adds them. */

WALK_TARGET AI void WALK_ISA(chunk)(Src x, Src y, idx n, Walk *w, f8 *sa, d4 *sp, const int with_a,
                                    const int with_p) {
    int lens[MAXBLOCKS];
    float tx[PW], ty[PW];          /* a block of float16 / bfloat16 values widened */
    f8 bsa[MAXBLOCKS];
    d4 bsp[MAXBLOCKS];
    int nb = tree_blocks(n, lens, 0);
    f8 mx[NMAX], mn[NMIN], xabs = w->xabs, mrel = w->mrel;
    i8 nz[2] = {w->nz[0], w->nz[1]}, c1 = {0}, c5 = {0}, nan_rel = w->nan_rel;
    d4 maa = w->maa, mab = w->mab, mrel64[2] = {w->mrel64[0], w->mrel64[1]};
    l4 c64[4] = {{0}, {0}, {0}, {0}}, nan64 = w->nan64;
    for (int k = 0; k < NMAX; k++) mx[k] = w->mx[k];
    for (int k = 0; k < NMIN; k++) mn[k] = w->mn[k];
    idx off = 0;
    for (int b = 0; b < nb; b++) {
        Src xs = src_at(x, off), ys = src_at(y, off);
        idx m = lens[b], i = 0;
        off += m;
        ahead_src(xs, m);
        ahead_src(ys, m);
        const float *xb = block_of(xs, m, tx), *yb = block_of(ys, m, ty);
        f8 sv = bc8(-0.0f);             /* numpy sums fewer than 8 elements in sequence from -0 */
        d4 sd = (d4){-0.0, -0.0, -0.0, -0.0};
        if (m >= 8) {                   /* each of the eight lanes starts at its first element */
            idx end = m - m % 8;
            if (with_a) {
                f8 r[NA];
                step_a(ld8(xb), ld8(yb), 1, r, mx, mn, &xabs, nz);
                for (i = 8; i < end; i += 8) step_a(ld8(xb + i), ld8(yb + i), 0, r, mx, mn, &xabs, nz);
                sv = fold_a(r);
            }
            if (with_p == P32) {
                d4 lo[NP], hi[NP];
                step_p(ld8(xb), ld8(yb), 1, lo, hi, &maa, &mab, &mrel, &c1, &c5, &nan_rel);
                for (i = 8; i < end; i += 8)
                    step_p(ld8(xb + i), ld8(yb + i), 0, lo, hi, &maa, &mab, &mrel, &c1, &c5, &nan_rel);
                sd = fold_p(lo, hi);
            } else if (with_p == P64) {
                d4 lo[NP], hi[NP];
                step_p64(ld8(xb), ld8(yb), 1, lo, hi, &maa, &mab, mrel64, c64, &nan64);
                for (i = 8; i < end; i += 8)
                    step_p64(ld8(xb + i), ld8(yb + i), 0, lo, hi, &maa, &mab, mrel64, c64, &nan64);
                sd = fold_p(lo, hi);
            }
            i = end;
        }
        for (; i < m; i++) one_element(xb[i], yb[i], w, &sv, &sd, with_a, with_p);
        bsa[b] = sv;
        bsp[b] = sd;
    }
    int ka = 0, kp = 0;
    *sa = with_a ? tree_add_f8(bsa, n, &ka) : bc8(0);
    *sp = with_p ? tree_add_d4(bsp, n, &kp) : (d4){0, 0, 0, 0};
    for (int k = 0; k < NMAX; k++) w->mx[k] = mx[k];
    for (int k = 0; k < NMIN; k++) w->mn[k] = mn[k];
    w->xabs = xabs; w->nz[0] = nz[0]; w->nz[1] = nz[1];
    w->maa = maa; w->mab = mab; w->mrel = mrel; w->nan_rel = nan_rel;
    w->mrel64[0] = mrel64[0]; w->mrel64[1] = mrel64[1]; w->nan64 = nan64;
    for (int j = 0; j < 8; j++) { w->one_p.below1 += c1[j]; w->one_p.below5 += c5[j]; }
    for (int j = 0; j < 4; j++) {
        w->one_p.below1 += c64[0][j] + c64[1][j];
        w->one_p.below5 += c64[2][j] + c64[3][j];
    }
}

WALK_TARGET static void WALK_ISA(chunk_a)(Src x, Src y, idx n, Walk *w, f8 *sa, d4 *sp) {
    WALK_ISA(chunk)(x, y, n, w, sa, sp, 1, 0);
}
WALK_TARGET static void WALK_ISA(chunk_p)(Src x, Src y, idx n, Walk *w, f8 *sa, d4 *sp) {
    WALK_ISA(chunk)(x, y, n, w, sa, sp, 0, P32);
}
WALK_TARGET static void WALK_ISA(chunk_ap)(Src x, Src y, idx n, Walk *w, f8 *sa, d4 *sp) {
    WALK_ISA(chunk)(x, y, n, w, sa, sp, 1, P32);
}
WALK_TARGET static void WALK_ISA(chunk_p64)(Src x, Src y, idx n, Walk *w, f8 *sa, d4 *sp) {
    WALK_ISA(chunk)(x, y, n, w, sa, sp, 0, P64);
}
WALK_TARGET static void WALK_ISA(chunk_ap64)(Src x, Src y, idx n, Walk *w, f8 *sa, d4 *sp) {
    WALK_ISA(chunk)(x, y, n, w, sa, sp, 1, P64);
}
