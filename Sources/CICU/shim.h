// ICU renames its C entry points per version (unorm2_normalize -> unorm2_normalize_72) with
// macros Swift cannot see through; these static inline wrappers are compiled by clang, where
// the macros apply, so Swift calls one stable name whatever ICU version Debian ships.
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uchar.h>

/// NFKD of `src` into `dest`; returns the length needed (may exceed `capacity`).
static inline int32_t cicu_nfkd(const UChar *src, int32_t length, UChar *dest, int32_t capacity, UErrorCode *error) {
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance(error);
    if (U_FAILURE(*error)) return 0;
    return unorm2_normalize(nfkd, src, length, dest, capacity, error);
}

/// Full default case folding (CaseFolding.txt C + F) of `src` into `dest`.
static inline int32_t cicu_fold_case(const UChar *src, int32_t length, UChar *dest, int32_t capacity, UErrorCode *error) {
    return u_strFoldCase(dest, capacity, src, length, U_FOLD_CASE_DEFAULT, error);
}

/// The canonical combining class of a code point.
static inline uint8_t cicu_combining_class(UChar32 c) {
    return u_getCombiningClass(c);
}

/// True when the general category of a code point is a letter, a number or a mark (L*, N*, M*):
/// the word characters of PROTOCOL §6 search ranking. U_GET_GC_MASK is a macro Swift cannot call.
static inline int cicu_is_word_character(UChar32 c) {
    return (U_GET_GC_MASK(c) & (U_GC_L_MASK | U_GC_N_MASK | U_GC_M_MASK)) != 0;
}
