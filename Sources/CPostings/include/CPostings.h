// The inner loops over varint posting lists (see TrigramIndex): a list is its slots in
// ascending order as LEB128 varints, the first the slot itself and each later one the gap to
// the slot before, less one.
//
// They are C because they run over every entry a query reads, and here the compiler keeps
// the one-byte case (almost every gap) to a load, a test and an add, with no bounds checks or
// closure calls in the loop. Every function reads `bytes[0 ..< length]` only and stops early,
// returning what it did, at a varint that runs past `length` or 64 bits.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "CVarint.h"

/// Writes the first `count` slots of the list to `slots` (room for `count`); returns how many
/// were decoded.
size_t cpostings_decode(const uint8_t *bytes, size_t length, size_t count, uint32_t *slots);

/// Sets the bit of each of the first `count` slots of the list (bit `s % 64` of word `s / 64`)
/// in `words[0 ..< word_count]`, stopping at the first slot past them; returns how many slots
/// were set.
size_t cpostings_set_bits(const uint8_t *bytes, size_t length, size_t count, uint64_t *words,
                          size_t word_count);

/// Writes to `kept` (room for the smaller of `count` and `set_count`) the slots among the
/// first `count` of the list that are in the ascending `set[0 ..< set_count]`, ascending;
/// returns how many. Reading stops once the list passes the set's last member.
size_t cpostings_intersect_sorted(const uint8_t *bytes, size_t length, size_t count, const uint32_t *set,
                                  size_t set_count, uint32_t *kept);

/// Writes to `kept` (room for `count`) the slots among the first `count` of the list whose bit
/// is set in `words[0 ..< word_count]`, ascending; returns how many. Reading stops at the
/// first slot past the words.
size_t cpostings_intersect_bitmap(const uint8_t *bytes, size_t length, size_t count, const uint64_t *words,
                                  size_t word_count, uint32_t *kept);
