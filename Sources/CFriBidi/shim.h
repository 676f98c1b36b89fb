#ifndef BLANKSLATE_CFRIBIDI_SHIM_H
#define BLANKSLATE_CFRIBIDI_SHIM_H

// FriBidi resolves the embedding level of every character (the Unicode
// bidirectional algorithm, UAX #9).
#include <fribidi.h>

// The paragraph directions, as constants Swift can import (the macros are expressions).
static const FriBidiParType blankslate_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType blankslate_fribidi_par_rtl = FRIBIDI_PAR_RTL;

#endif
