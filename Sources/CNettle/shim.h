#ifndef BLANKSLATE_CNETTLE_SHIM_H
#define BLANKSLATE_CNETTLE_SHIM_H

// GNU Nettle (Debian: nettle-dev), for SHA-256: the hashes that name a
// reviewed render (golden and current) in Accept and in decisions files.
#include <nettle/sha2.h>
#include <nettle/version.h>

#endif
