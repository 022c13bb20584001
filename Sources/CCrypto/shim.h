#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/pem.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/err.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>

/// EVP_RSA_gen is a macro over a variadic function; this generates an RSA key of `bits`.
static inline EVP_PKEY *ccrypto_rsa_generate(unsigned int bits) {
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL);
    if (context == NULL) return NULL;
    if (EVP_PKEY_keygen_init(context) <= 0 || EVP_PKEY_CTX_set_rsa_keygen_bits(context, (int)bits) <= 0
        || EVP_PKEY_generate(context, &key) <= 0) {
        key = NULL;
    }
    EVP_PKEY_CTX_free(context);
    return key;
}

/// EVP_EC_gen is a macro over a variadic function; this generates an EC key on P-256 (prime256v1).
static inline EVP_PKEY *ccrypto_ec_p256_generate(void) {
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
    if (context == NULL) return NULL;
    if (EVP_PKEY_keygen_init(context) <= 0 || EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1) <= 0
        || EVP_PKEY_generate(context, &key) <= 0) {
        key = NULL;
    }
    EVP_PKEY_CTX_free(context);
    return key;
}

/// MBSTRING_ASC is a macro expression; the string type for plain ASCII name entries.
static inline int ccrypto_mbstring_asc(void) { return MBSTRING_ASC; }

/// BIO_get_mem_data is a macro: the bytes written so far to a memory BIO, and their count.
static inline long ccrypto_bio_contents(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }

/// X509V3_set_ctx_nodb is a macro: an extension context for `certificate` issued by `issuer`, no config database.
static inline void ccrypto_x509v3_context(X509V3_CTX *context, X509 *issuer, X509 *certificate) {
    X509V3_set_ctx(context, issuer, certificate, NULL, NULL, 0);
    X509V3_set_ctx_nodb(context);
}
#endif
