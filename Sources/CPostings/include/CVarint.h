// The one LEB128 varint decoder of the package: Swift's `Varint.read` and the posting-list loops
// of CPostings both inline this function (header-only, so it costs no call).
#pragma once

#include <stddef.h>
#include <stdint.h>

/// Reads the varint at `*offset` of `bytes[0 ..< length]` into `*value` and moves `*offset` past
/// it; returns 0 (and leaves both alone) when it runs past `length` or past 64 bits.
static inline __attribute__((always_inline)) int contacts_varint_read(const uint8_t *bytes, size_t length,
                                                                      size_t *offset, uint64_t *value) {
    size_t position = *offset;
    if (position >= length) return 0;
    uint8_t byte = bytes[position++];
    if (__builtin_expect(byte < 0x80, 1)) {
        *value = byte;
        *offset = position;
        return 1;
    }
    uint64_t result = byte & 0x7F;
    for (unsigned shift = 7;; shift += 7) {
        if (position >= length || shift >= 64) return 0;
        byte = bytes[position++];
        if (shift == 63 && (byte & 0x7E) != 0) return 0;
        result |= (uint64_t)(byte & 0x7F) << shift;
        if (byte < 0x80) break;
    }
    *value = result;
    *offset = position;
    return 1;
}
