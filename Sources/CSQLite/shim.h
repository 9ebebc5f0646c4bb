#ifndef SCOUT_CSQLITE_SHIM_H
#define SCOUT_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a destructor pointer; Swift cannot import it.
static inline sqlite3_destructor_type scout_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Turns off SQLite's memory statistics, which it keeps under one process-wide mutex taken
/// around every allocation. sqlite3_config is variadic, which Swift cannot call. Only valid
/// before SQLite initializes (the first open); SQLITE_MISUSE after.
static inline int scout_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
