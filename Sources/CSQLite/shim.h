#ifndef SCOUT_CSQLITE_SHIM_H
#define SCOUT_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a destructor pointer; Swift cannot import it.
static inline sqlite3_destructor_type scout_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
