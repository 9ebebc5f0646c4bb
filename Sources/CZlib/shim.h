#ifndef SCOUT_CZLIB_SHIM_H
#define SCOUT_CZLIB_SHIM_H

#include <zlib.h>

/// `inflateInit2` is a macro (it passes the header's version and the stream's size): wrap it so
/// Swift can call it. `window_bits` 15 + 16 reads a gzip stream.
static inline int scout_inflate_init_gzip(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}

#endif
