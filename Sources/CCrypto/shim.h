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
#endif
