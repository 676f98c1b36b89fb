#ifndef BLANKSLATE_CMIMALLOC_SHIM_H
#define BLANKSLATE_CMIMALLOC_SHIM_H
// mimalloc (Debian: libmimalloc-dev) replaces malloc for the whole process when
// the executable links it: Swift's many small allocations are its strength.
#include <mimalloc.h>
#endif
