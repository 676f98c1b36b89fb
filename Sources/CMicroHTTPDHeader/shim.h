#ifndef BLANKSLATE_CMICROHTTPD_HEADER_SHIM_H
#define BLANKSLATE_CMICROHTTPD_HEADER_SHIM_H

// GNU libmicrohttpd's header only (Debian: libmicrohttpd-dev), found through
// pkg-config wherever the system keeps it. Nothing links the library:
// CMicroHTTPD opens it with dlopen when `serve` starts.
#include <microhttpd.h>

#endif
