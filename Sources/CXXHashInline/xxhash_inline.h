// libxxhash's own code, compiled into the caller (XXH_INLINE_ALL, a mode the library's header
// provides): for hashing on a hot path, where a call into the shared library and its dispatch
// on the input's length cost more than the hash of eight bytes.
#pragma once

#define XXH_INLINE_ALL
#include <xxhash.h>

// Seeded XXH3-64 of the eight bytes of `value` as they lie in memory: the same result as
// `XXH3_64bits_withSeed(&value, 8, seed)` from the shared library. (Callers wanting
// little-endian bytes on every machine pass the value's little-endian representation.)
static inline __attribute__((always_inline)) uint64_t contacts_xxh3_64_of_uint64(uint64_t value, uint64_t seed) {
    return XXH3_64bits_withSeed(&value, sizeof value, seed);
}
