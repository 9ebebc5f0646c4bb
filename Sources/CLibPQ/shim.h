#ifndef SCOUT_CLIBPQ_SHIM_H
#define SCOUT_CLIBPQ_SHIM_H

#include <libpq-fe.h>

/// The PG_DIAG_* field codes are character macros, which Swift does not import.
static inline const char *scout_pq_sqlstate(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_SQLSTATE);
}
static inline const char *scout_pq_primary_message(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
}
static inline const char *scout_pq_detail(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_MESSAGE_DETAIL);
}
static inline const char *scout_pq_constraint(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_CONSTRAINT_NAME);
}
static inline const char *scout_pq_table(const PGresult *result) {
    return PQresultErrorField(result, PG_DIAG_TABLE_NAME);
}

/// libpq prints NOTICEs ("relation already exists, skipping") to stderr by default; a library
/// must not write to its host's terminal, so they are dropped.
static void scout_pq_ignore_notice(void *context, const char *message) {
    (void)context;
    (void)message;
}
static inline void scout_pq_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, scout_pq_ignore_notice, NULL);
}

#endif
