#include "CBitmap.h"

// Each loop is written once, as an always-inlined body, and instantiated below in a baseline
// function and (on x86-64) in one compiled for AVX2 and POPCNT; the compiler vectorizes the
// plain loops for each.

static inline __attribute__((always_inline)) size_t count_body(const uint64_t *words, size_t count) {
    size_t total = 0;
    for (size_t index = 0; index < count; index++) total += (size_t)__builtin_popcountll(words[index]);
    return total;
}

static inline __attribute__((always_inline)) size_t combine_body(const uint64_t *left, const uint64_t *right,
                                                                 uint64_t *output, size_t count,
                                                                 CBitmapOperation operation) {
    size_t total = 0;
    switch (operation) {
    case CBITMAP_AND:
        for (size_t index = 0; index < count; index++) {
            uint64_t word = left[index] & right[index];
            output[index] = word;
            total += (size_t)__builtin_popcountll(word);
        }
        break;
    case CBITMAP_OR:
        for (size_t index = 0; index < count; index++) {
            uint64_t word = left[index] | right[index];
            output[index] = word;
            total += (size_t)__builtin_popcountll(word);
        }
        break;
    case CBITMAP_AND_NOT:
        for (size_t index = 0; index < count; index++) {
            uint64_t word = left[index] & ~right[index];
            output[index] = word;
            total += (size_t)__builtin_popcountll(word);
        }
        break;
    }
    return total;
}

static inline __attribute__((always_inline)) void form_union_body(uint64_t *restrict target,
                                                                  const uint64_t *restrict source, size_t count) {
    for (size_t index = 0; index < count; index++) target[index] |= source[index];
}

// The portable build, and the wide one: on x86-64 compiled for AVX2 and POPCNT, elsewhere the
// same as the portable build.
#if defined(__x86_64__)
#define WIDE __attribute__((target("avx2,popcnt")))
#else
#define WIDE
#endif

static size_t count_base(const uint64_t *words, size_t count) { return count_body(words, count); }

WIDE static size_t count_wide(const uint64_t *words, size_t count) { return count_body(words, count); }

static size_t combine_base(const uint64_t *left, const uint64_t *right, uint64_t *output, size_t count,
                           CBitmapOperation operation) {
    return combine_body(left, right, output, count, operation);
}

WIDE static size_t combine_wide(const uint64_t *left, const uint64_t *right, uint64_t *output, size_t count,
                                CBitmapOperation operation) {
    return combine_body(left, right, output, count, operation);
}

static void form_union_base(uint64_t *target, const uint64_t *source, size_t count) {
    form_union_body(target, source, count);
}

WIDE static void form_union_wide(uint64_t *target, const uint64_t *source, size_t count) {
    form_union_body(target, source, count);
}

CBitmapBuild cbitmap_fastest_build(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") ? CBITMAP_WIDE : CBITMAP_PORTABLE;
#else
    return CBITMAP_PORTABLE;
#endif
}

size_t cbitmap_count(CBitmapBuild build, const uint64_t *words, size_t count) {
    return build == CBITMAP_WIDE ? count_wide(words, count) : count_base(words, count);
}

size_t cbitmap_combine(CBitmapBuild build, const uint64_t *left, const uint64_t *right, uint64_t *output,
                       size_t count, CBitmapOperation operation) {
    return build == CBITMAP_WIDE ? combine_wide(left, right, output, count, operation)
                                 : combine_base(left, right, output, count, operation);
}

void cbitmap_form_union(CBitmapBuild build, uint64_t *target, const uint64_t *source, size_t count) {
    if (build == CBITMAP_WIDE) {
        form_union_wide(target, source, count);
    } else {
        form_union_base(target, source, count);
    }
}
