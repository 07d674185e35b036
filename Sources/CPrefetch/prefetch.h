// A software prefetch for Swift, which has no intrinsic for one: a hint to bring the cache
// line holding `address` into every cache level for reading. It never faults and has no other
// effect, so any address (even one past the end of an array) is safe.
#pragma once

static inline __attribute__((always_inline)) void contacts_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}
