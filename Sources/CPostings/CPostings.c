#include "CPostings.h"

// Steps through the list: the slot before the first is "-1", so every step adds gap + 1.
#define FOR_EACH_SLOT(body)                                            \
    size_t offset = 0;                                                 \
    uint64_t slot = UINT64_MAX;                                        \
    for (size_t index = 0; index < count; index++) {                   \
        uint64_t gap;                                                  \
        if (!contacts_varint_read(bytes, length, &offset, &gap)) break;         \
        slot += gap + 1;                                               \
        body                                                           \
    }

size_t cpostings_decode(const uint8_t *bytes, size_t length, size_t count, uint32_t *slots) {
    size_t decoded = 0;
    FOR_EACH_SLOT({ slots[decoded++] = (uint32_t)slot; })
    return decoded;
}

size_t cpostings_set_bits(const uint8_t *bytes, size_t length, size_t count, uint64_t *words,
                          size_t word_count) {
    size_t set = 0;
    FOR_EACH_SLOT({
        if ((slot >> 6) >= word_count) break;
        words[slot >> 6] |= (uint64_t)1 << (slot & 63);
        set++;
    })
    return set;
}

size_t cpostings_intersect_sorted(const uint8_t *bytes, size_t length, size_t count, const uint32_t *set,
                                  size_t set_count, uint32_t *kept) {
    size_t found = 0;
    size_t member = 0;
    if (set_count == 0) return 0;
    uint64_t next = set[0];
    FOR_EACH_SLOT({
        // Most listed slots fall before the next member: one comparison each.
        if (slot < next) continue;
        while (next < slot) {
            if (++member == set_count) return found;
            next = set[member];
        }
        if (slot == next) {
            kept[found++] = (uint32_t)slot;
            if (++member == set_count) return found;
            next = set[member];
        }
    })
    return found;
}

size_t cpostings_intersect_bitmap(const uint8_t *bytes, size_t length, size_t count, const uint64_t *words,
                                  size_t word_count, uint32_t *kept) {
    size_t found = 0;
    FOR_EACH_SLOT({
        if ((slot >> 6) >= word_count) break;
        // Written without a branch: whether a slot is kept is a coin toss.
        kept[found] = (uint32_t)slot;
        found += (words[slot >> 6] >> (slot & 63)) & 1;
    })
    return found;
}
