// The word loops over slot bitmaps (bit `s % 64` of word `s / 64` for slot `s`).
//
// They are C so that each can be compiled twice, for baseline x86-64 and for processors with
// AVX2 and POPCNT, and the caller can pick the second where the processor has them: Swift
// compiles a module for one processor level, and without POPCNT a word's population count is
// a dozen instructions. Elsewhere (other architectures) there is one, portable, build.
#pragma once

#include <stddef.h>
#include <stdint.h>

/// How `cbitmap_combine` joins two words.
typedef enum {
    CBITMAP_AND = 0,
    CBITMAP_OR = 1,
    CBITMAP_AND_NOT = 2,
} CBitmapOperation;

/// Which build of the loops runs.
typedef enum {
    /// Compiled for the architecture's baseline: runs everywhere.
    CBITMAP_PORTABLE = 0,
    /// Compiled for AVX2 and POPCNT (x86-64 only; elsewhere the portable build runs).
    CBITMAP_WIDE = 1,
} CBitmapBuild;

/// The wide build where this processor has what it needs, else the portable one.
CBitmapBuild cbitmap_fastest_build(void);

/// The number of bits set in `words[0 ..< count]`.
size_t cbitmap_count(CBitmapBuild build, const uint64_t *words, size_t count);

/// Writes `left[i] operation right[i]` to `output[i]` for every `i < count` and returns the
/// number of bits set in `output[0 ..< count]`. `output` may be `left` or `right`.
size_t cbitmap_combine(CBitmapBuild build, const uint64_t *left, const uint64_t *right, uint64_t *output,
                       size_t count, CBitmapOperation operation);

/// ORs `source[i]` into `target[i]` for every `i < count`; the two must not overlap.
void cbitmap_form_union(CBitmapBuild build, uint64_t *target, const uint64_t *source, size_t count);
