#ifndef BLANKSLATE_CHARFBUZZ_SHIM_H
#define BLANKSLATE_CHARFBUZZ_SHIM_H

// HarfBuzz shapes text and draws glyph outlines; hb-subset cuts the pinned
// fonts down to the glyphs a site uses for its pages.
#include <hb.h>
#include <hb-ot.h>
#include <hb-subset.h>

#endif
