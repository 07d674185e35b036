// The Unicode services search folding needs, from ICU, behind a header with no ICU types:
// ICU's own headers would clash with the copy Foundation ships if Swift imported them.
#ifndef CUNICODE_H
#define CUNICODE_H

#include <stdint.h>

/// Outcome of a string transform.
typedef enum {
    /// The output is complete.
    CUNICODE_OK = 0,
    /// The output did not fit; the returned length is what it needs.
    CUNICODE_BUFFER_TOO_SMALL = 1,
    /// ICU failed (missing data): not a property of the input.
    CUNICODE_FAILED = 2,
} CUnicodeStatus;

/// NFKD of `source` (UTF-16) into `destination`; returns the length of the result.
int32_t cunicode_nfkd(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity,
                      CUnicodeStatus *status);

/// Full default case folding (CaseFolding.txt statuses C and F) of `source` into `destination`.
int32_t cunicode_fold_case(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity,
                           CUnicodeStatus *status);

/// The canonical combining class of the code point `c`.
uint8_t cunicode_combining_class(int32_t c);

/// 1 when the general category of `c` is L, N or M, else 0.
int cunicode_is_word_character(int32_t c);

#endif
