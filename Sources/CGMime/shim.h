#ifndef CGMIME_SHIM_H
#define CGMIME_SHIM_H
#include <gmime/gmime.h>

// GObject's type checks and casts are macros, which Swift cannot call: one function per type a reader needs,
// each the object as that type, or NULL when it is not one.

static inline GMimeMultipart *cgmime_multipart(GMimeObject *object) {
    return GMIME_IS_MULTIPART(object) ? GMIME_MULTIPART(object) : NULL;
}

static inline GMimeTextPart *cgmime_text_part(GMimeObject *object) {
    return GMIME_IS_TEXT_PART(object) ? GMIME_TEXT_PART(object) : NULL;
}

static inline InternetAddressMailbox *cgmime_address_mailbox(InternetAddress *address) {
    return INTERNET_ADDRESS_IS_MAILBOX(address) ? INTERNET_ADDRESS_MAILBOX(address) : NULL;
}

static inline InternetAddressGroup *cgmime_address_group(InternetAddress *address) {
    return INTERNET_ADDRESS_IS_GROUP(address) ? INTERNET_ADDRESS_GROUP(address) : NULL;
}
#endif
