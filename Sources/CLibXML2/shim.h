#ifndef BLANKSLATE_CLIBXML2_SHIM_H
#define BLANKSLATE_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU. Its ICU types clash with Foundation's copy of
// ICU when both reach one Swift module ("'UErrorCode' has different
// definitions"), so read the feature macros first and switch ICU off before
// the headers that would pull it in. Blankslate never uses libxml2's ICU API.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/c14n.h>
#include <libxml/xmlsave.h>

#endif
