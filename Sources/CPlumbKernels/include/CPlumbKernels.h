#ifndef CPLUMB_KERNELS_H
#define CPLUMB_KERNELS_H
// Hot sparse and dense kernels for PlumbSolver. Indices are 32-bit; matrices
// are compressed sparse row (CSR): row r's entries are start[r] ..< start[r+1].
// Nothing here allocates; callers own every buffer.

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The kernels are PlumbSolver's own: hidden, so that a shared library built
// from it (libplumbc) exports only its documented API, not these names.
#if defined(__GNUC__) || defined(__clang__)
#define PLUMB_KERNEL __attribute__((visibility("hidden")))
#else
#define PLUMB_KERNEL
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// Asks the processor to bring the cache line holding `address` into its
/// caches ahead of a load that will need it (no fault, no effect on what
/// the program computes; any address may be given). Inline, so that a Swift
/// loop calling it issues one instruction.
static inline void plumb_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

/// The eight bytes at `address` (any alignment) as a native-order word.
/// Inline, so that a Swift caller reads them with one load: Swift's generic
/// `loadUnaligned(as:)` was left as a call in the Simple Format Language's
/// fast path (two calls a constraint string).
static inline uint64_t plumb_load_unaligned_u64(const void *address) {
    uint64_t word;
    __builtin_memcpy(&word, address, sizeof word);
    return word;
}

#if defined(__SSE2__)
/// The bytes of `b` that may continue a name (see plumb_name_prefix16), one bit each.
static inline int plumb_name_mask16(__m128i b) {
    const __m128i flip = _mm_set1_epi8((char)0x80);
    // Unsigned `x - lo < n` as the signed `(x - lo) ^ 0x80 < n - 128`.
    const __m128i folded = _mm_or_si128(b, _mm_set1_epi8(0x20));
    const __m128i letter = _mm_cmplt_epi8(_mm_xor_si128(_mm_sub_epi8(folded, _mm_set1_epi8(0x61)), flip),
                                          _mm_set1_epi8((char)(-128 + 26)));
    const __m128i digit = _mm_cmplt_epi8(_mm_xor_si128(_mm_sub_epi8(b, _mm_set1_epi8(0x30)), flip),
                                         _mm_set1_epi8((char)(-128 + 10)));
    const __m128i underscore = _mm_cmpeq_epi8(b, _mm_set1_epi8(0x5F));
    const __m128i high = _mm_cmplt_epi8(b, _mm_setzero_si128());
    return _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letter, digit), _mm_or_si128(underscore, high)));
}
#endif

/// How many of the sixteen bytes at `address` (all readable) may continue
/// a name in the layout languages before the first that may not: ASCII
/// letters, digits, '_' and bytes of 0x80 and above may (as Swift's
/// `ByteScanner.isNameContinuation` says); 16 when all may. Inline, with
/// SSE2 where there is SSE2: Swift's `SIMD16<Int8>` operators were compiled
/// lane by lane (BENCHMARKS.md, "parse34").
static inline int plumb_name_prefix16(const void *address) {
#if defined(__SSE2__)
    const int name = plumb_name_mask16(_mm_loadu_si128((const __m128i *)address));
    return __builtin_ctz((unsigned)~name | 0x10000u);
#else
    const unsigned char *p = (const unsigned char *)address;
    int i = 0;
    while (i < 16) {
        const unsigned char c = p[i];
        const int name = (unsigned char)((c | 0x20) - 'a') < 26 || (unsigned char)(c - '0') < 10 || c == '_' || c >= 0x80;
        if (!name) break;
        i++;
    }
    return i;
#endif
}

#if defined(__SSE2__)
/// The bytes of `b` that plumb_json_special16 looks for, one bit each.
static inline int plumb_json_special_mask16(__m128i b) {
    const __m128i marked = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8(0x22)),
                                                     _mm_cmpeq_epi8(b, _mm_set1_epi8(0x5C))),
                                        _mm_cmplt_epi8(b, _mm_set1_epi8(0x20)));
    return _mm_movemask_epi8(marked);
}
#endif

/// The index of the first of the sixteen bytes at `address` (all readable)
/// that a JSON string cannot hold as it is: '"', '\\', a byte below 0x20,
/// or one of 0x80 and above (the start or rest of a multi-byte sequence,
/// checked elsewhere); 16 when there is none. Compared as signed bytes,
/// every byte of 0x80 and above is negative, so one comparison with 0x20
/// finds both. Inline, SSE2 where there is SSE2: written with Swift's
/// `SIMD16<Int8>`, the mask was tested as two words and the index found
/// from them (BENCHMARKS.md, "parse35").
static inline int plumb_json_special16(const void *address) {
#if defined(__SSE2__)
    const int marked = plumb_json_special_mask16(_mm_loadu_si128((const __m128i *)address));
    return __builtin_ctz((unsigned)marked | 0x10000u);
#else
    const unsigned char *p = (const unsigned char *)address;
    int i = 0;
    while (i < 16 && p[i] != 0x22 && p[i] != 0x5C && p[i] >= 0x20 && p[i] < 0x80) i++;
    return i;
#endif
}

/// `plumb_json_special16` and `plumb_name_prefix16` of the same sixteen
/// bytes (all readable) from one load: the first in the low byte, the
/// second shifted up by eight. The JSON reader's first block of a
/// constraint string gives, with the string's end, where its first name
/// ends, which the Simple Format templates then need not find again.
static inline int plumb_json_special_name16(const void *address) {
#if defined(__SSE2__)
    const __m128i b = _mm_loadu_si128((const __m128i *)address);
    return __builtin_ctz((unsigned)plumb_json_special_mask16(b) | 0x10000u)
        | __builtin_ctz((unsigned)~plumb_name_mask16(b) | 0x10000u) << 8;
#else
    return plumb_json_special16(address) | plumb_name_prefix16(address) << 8;
#endif
}

/// The places among the sixteen at `address` where a key of `n` bytes (at
/// least four) may start: bit `i` set when byte `i` is `first0`, byte
/// `i + 1` is `first1`, byte `i + n - 2` is `last1` and byte `i + n - 1` is
/// `last0` (bytes up to `address + n + 14` readable). The read-ahead's
/// search for a document's `"constraints"` or `"rules"`; written with
/// Swift's `SIMD16<Int8>`, its comparisons were compiled lane by lane.
static inline unsigned plumb_key_candidates16(const void *address, int n, unsigned char first0, unsigned char first1,
                                              unsigned char last1, unsigned char last0) {
    const unsigned char *p = (const unsigned char *)address;
#if defined(__SSE2__)
    const __m128i a = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), _mm_set1_epi8((char)first0));
    const __m128i b = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 1)), _mm_set1_epi8((char)first1));
    const __m128i c = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + n - 2)), _mm_set1_epi8((char)last1));
    const __m128i d = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + n - 1)), _mm_set1_epi8((char)last0));
    return (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_and_si128(a, b), _mm_and_si128(c, d)));
#else
    unsigned mask = 0;
    for (int i = 0; i < 16; i++) {
        if (p[i] == first0 && p[i + 1] == first1 && p[i + n - 2] == last1 && p[i + n - 1] == last0) mask |= 1u << i;
    }
    return mask;
#endif
}

/// Transposes an n_rows x n_cols CSR matrix into CSR of the transpose (that
/// is, CSC of the original). `values` and `t_values` may both be NULL.
/// Within each output row the entries are in increasing original-row order.
/// Outputs: t_start[n_cols + 1], t_index[nnz], t_values[nnz].
PLUMB_KERNEL void plumb_csr_transpose(int32_t n_rows, int32_t n_cols,
                         const int32_t *start, const int32_t *index,
                         const double *values,
                         int32_t *t_start, int32_t *t_index, double *t_values);

/// y = A x for an n_rows CSR matrix.
PLUMB_KERNEL void plumb_csr_matvec(int32_t n_rows, const int32_t *start, const int32_t *index,
                      const double *values, const double *x, double *y);

/// Loads LAPACKE (liblapacke.so.3, on OpenBLAS) the first time it is called,
/// once for the process, thread-safe. Returns NULL when LAPACKE is usable, or
/// else why it could not be loaded (a static string). The environment
/// variable PLUMB_LAPACKE, when set, names the file to load instead.
PLUMB_KERNEL const char *plumb_dense_load(void);

/// Solves the dense n x n system A x = b in place with LAPACKE (dgetrf +
/// dgetrs on OpenBLAS). `a` is column-major and is overwritten by its LU
/// factors; `b` is overwritten by x; `pivots` holds n entries.
/// Returns 0 on success, > 0 when A is exactly singular, < 0 on bad arguments
/// or when LAPACKE cannot be loaded (plumb_dense_load).
PLUMB_KERNEL int32_t plumb_dense_solve(int32_t n, double *a, double *b, int32_t *pivots);

/// Reciprocal condition estimate (1-norm) of the LU factors left in `a` by
/// plumb_dense_solve, given the 1-norm of the original matrix. Near 0 means
/// numerically singular.
PLUMB_KERNEL double plumb_dense_rcond(int32_t n, const double *lu, double anorm);

#ifdef __cplusplus
}
#endif
#endif
