#ifndef PLUMB_CPANGO_SHIM_H
#define PLUMB_CPANGO_SHIM_H
// Pango on FreeType and fontconfig (Debian's libpango1.0-dev): the text
// engine PlumbText measures with. No cairo: measuring needs no drawing.
#include <pango/pangoft2.h>
#endif
