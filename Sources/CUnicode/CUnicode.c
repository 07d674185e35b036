#include "CUnicode.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

static CUnicodeStatus status_of(UErrorCode error) {
    if (error == U_BUFFER_OVERFLOW_ERROR) return CUNICODE_BUFFER_TOO_SMALL;
    return U_FAILURE(error) ? CUNICODE_FAILED : CUNICODE_OK;
}

int32_t cunicode_nfkd(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity,
                      CUnicodeStatus *status) {
    UErrorCode error = U_ZERO_ERROR;
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(&error);
    int32_t needed = 0;
    if (U_SUCCESS(error)) {
        needed = unorm2_normalize(nfkd, (const UChar *)source, length, (UChar *)destination, capacity, &error);
    }
    *status = status_of(error);
    return needed;
}

int32_t cunicode_fold_case(const uint16_t *source, int32_t length, uint16_t *destination, int32_t capacity,
                           CUnicodeStatus *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t needed =
        u_strFoldCase((UChar *)destination, capacity, (const UChar *)source, length, U_FOLD_CASE_DEFAULT, &error);
    *status = status_of(error);
    return needed;
}

uint8_t cunicode_combining_class(int32_t c) {
    return u_getCombiningClass((UChar32)c);
}

int cunicode_is_word_character(int32_t c) {
    return (U_GET_GC_MASK((UChar32)c) & (U_GC_L_MASK | U_GC_N_MASK | U_GC_M_MASK)) != 0;
}
