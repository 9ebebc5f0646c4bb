#ifndef SCOUT_CSTBIMAGE_SHIM_H
#define SCOUT_CSTBIMAGE_SHIM_H

// Debian's libstb ships the implementation in libstb.so; only the declarations are needed here.
#include <stb_image.h>

#endif
