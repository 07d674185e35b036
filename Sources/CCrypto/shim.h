#ifndef CONTACTS_CCRYPTO_SHIM_H
#define CONTACTS_CCRYPTO_SHIM_H

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

/// Initializes `context` (from EVP_MAC_CTX_new on an "HMAC" EVP_MAC) for HMAC-SHA256 with
/// `key`: the OSSL_PARAM list naming the digest is built here, since its macros do not
/// import into Swift. Returns 1 on success, 0 on failure, as EVP_MAC_init does.
static inline int contacts_hmac_sha256_init(EVP_MAC_CTX *context, const unsigned char *key, size_t key_length) {
    OSSL_PARAM parameters[2];
    parameters[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0);
    parameters[1] = OSSL_PARAM_construct_end();
    return EVP_MAC_init(context, key, key_length, parameters);
}

#endif
