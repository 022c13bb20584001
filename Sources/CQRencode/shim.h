#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H
#include <qrencode.h>

// libqrencode's API is plain C and imports as is; this header is the module's one entry point.
#endif
