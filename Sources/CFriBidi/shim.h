#ifndef BLANKSLATE_CFRIBIDI_SHIM_H
#define BLANKSLATE_CFRIBIDI_SHIM_H

// FriBidi resolves the embedding level of every character (the Unicode
// bidirectional algorithm, UAX #9).
#include <fribidi.h>

// The paragraph directions, as constants Swift can import (the macros are expressions).
static const FriBidiParType blankslate_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType blankslate_fribidi_par_rtl = FRIBIDI_PAR_RTL;
// Weak directions: the first strong character decides (UAX #9, P2–P3), as
// UIKit's natural writing direction does; text without one takes this direction.
static const FriBidiParType blankslate_fribidi_par_wltr = FRIBIDI_PAR_WLTR;
static const FriBidiParType blankslate_fribidi_par_wrtl = FRIBIDI_PAR_WRTL;

#endif
