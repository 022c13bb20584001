#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
// Debian builds libxml2 with ICU, so its encoding header includes ICU's; in a Swift module that also imports
// Foundation they clash with Foundation's own copy of ICU. Nothing here uses libxml2's ICU converters: their
// header is read without them (the parser and the tree are unchanged).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#endif
