#include "CLibPhoneNumber.h"

#include <cstring>
#include <string>

#include "phonenumbers/phonenumber.pb.h"
#include "phonenumbers/phonenumberutil.h"

namespace {

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

int status_of_parse_error(PhoneNumberUtil::ErrorType error) {
    switch (error) {
    case PhoneNumberUtil::NO_PARSING_ERROR:
        return LPN_OK;
    case PhoneNumberUtil::INVALID_COUNTRY_CODE_ERROR:
        return LPN_INVALID_COUNTRY_CODE;
    case PhoneNumberUtil::NOT_A_NUMBER:
        return LPN_NOT_A_NUMBER;
    case PhoneNumberUtil::TOO_SHORT_AFTER_IDD:
        return LPN_TOO_SHORT_AFTER_IDD;
    case PhoneNumberUtil::TOO_SHORT_NSN:
        return LPN_TOO_SHORT_NSN;
    case PhoneNumberUtil::TOO_LONG_NSN:
        return LPN_TOO_LONG;
    }
    return LPN_INTERNAL_ERROR;
}

int status_of_reason(PhoneNumberUtil::ValidationResult reason) {
    switch (reason) {
    case PhoneNumberUtil::IS_POSSIBLE:
        return LPN_OK;
    case PhoneNumberUtil::IS_POSSIBLE_LOCAL_ONLY:
        return LPN_IS_POSSIBLE_LOCAL_ONLY;
    case PhoneNumberUtil::INVALID_COUNTRY_CODE:
        return LPN_INVALID_COUNTRY_CODE;
    case PhoneNumberUtil::TOO_SHORT:
        return LPN_TOO_SHORT;
    case PhoneNumberUtil::INVALID_LENGTH:
        return LPN_INVALID_LENGTH;
    case PhoneNumberUtil::TOO_LONG:
        return LPN_TOO_LONG;
    }
    return LPN_INTERNAL_ERROR;
}

}  // namespace

extern "C" int lpn_normalize(const char *raw, size_t length, const char *region_or_null, char *out, size_t capacity) {
    if ((raw == nullptr && length > 0) || out == nullptr) {
        return LPN_INTERNAL_ERROR;
    }
    try {
        const PhoneNumberUtil &util = *PhoneNumberUtil::GetInstance();
        const std::string text = length == 0 ? std::string() : std::string(raw, length);
        const std::string region = region_or_null == nullptr ? std::string("ZZ") : std::string(region_or_null);
        PhoneNumber number;
        const int parsed = status_of_parse_error(util.Parse(text, region, &number));
        if (parsed != LPN_OK) {
            return parsed;
        }
        const int possible = status_of_reason(util.IsPossibleNumberWithReason(number));
        if (possible != LPN_OK) {
            return possible;
        }
        // The E164 format never writes the extension (PhoneNumberUtil::Format returns before it).
        std::string e164;
        util.Format(number, PhoneNumberUtil::E164, &e164);
        if (e164.size() >= capacity) {
            return LPN_OUTPUT_TOO_SMALL;
        }
        std::memcpy(out, e164.data(), e164.size());
        out[e164.size()] = '\0';
        return LPN_OK;
    } catch (...) {
        return LPN_INTERNAL_ERROR;
    }
}
