#ifndef CLIBPHONENUMBER_H
#define CLIBPHONENUMBER_H

/* Google's libphonenumber (the C++ library) as PROTOCOL §3 uses it, behind plain C so that
 * Swift imports it without C++ interoperability. */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What lpn_normalize answers: LPN_OK, one code per PROTOCOL §3 error name (libphonenumber's
 * parse errors and IsPossibleNumberWithReason verdicts; the parse error TOO_LONG_NSN and the
 * verdict TOO_LONG are both LPN_TOO_LONG, the parse error INVALID_COUNTRY_CODE_ERROR and the
 * verdict INVALID_COUNTRY_CODE both LPN_INVALID_COUNTRY_CODE), or a failure of the call. */
enum lpn_status {
    LPN_OK = 0,
    LPN_NOT_A_NUMBER = -1,
    LPN_INVALID_COUNTRY_CODE = -2,
    LPN_TOO_SHORT_AFTER_IDD = -3,
    LPN_TOO_SHORT_NSN = -4,
    LPN_TOO_SHORT = -5,
    LPN_TOO_LONG = -6,
    LPN_INVALID_LENGTH = -7,
    LPN_IS_POSSIBLE_LOCAL_ONLY = -8,
    /* Not a verdict: `out` cannot hold the answer and its terminating NUL. */
    LPN_OUTPUT_TOO_SMALL = -100,
    /* Not a verdict: libphonenumber threw (out of memory) or answered outside its enums. */
    LPN_INTERNAL_ERROR = -101,
};

/* Bytes that always hold an E.164 answer and its NUL: "+", a calling code of at most 3 digits,
 * a national number of at most 17. */
#define LPN_E164_CAPACITY 32

/* Normalizes the `length` UTF-8 bytes at `raw` (NUL bytes allowed; `raw` may be NULL when
 * `length` is 0) to E.164 exactly as PROTOCOL §3 says: PhoneNumberUtil::Parse with
 * `region_or_null` (a NUL-terminated ISO 3166 alpha-2 code, or NULL for none, which is "ZZ")
 * as the default region, accepted only when IsPossibleNumberWithReason is IS_POSSIBLE,
 * extensions dropped, formatted as E164. On LPN_OK `out` holds the NUL-terminated text
 * ("+14155552671"); on anything else `out` is untouched. libphonenumber's headers promise nothing
 * about concurrent calls: call it from one thread at a time. */
int lpn_normalize(const char *raw, size_t length, const char *region_or_null, char *out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
