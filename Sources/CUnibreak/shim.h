#ifndef BLANKSLATE_CUNIBREAK_SHIM_H
#define BLANKSLATE_CUNIBREAK_SHIM_H

// libunibreak finds the line-break opportunities of UAX #14.
#include <stddef.h>
#include <linebreak.h>

#endif
