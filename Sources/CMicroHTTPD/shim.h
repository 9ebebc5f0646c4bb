#ifndef SCOUT_CMICROHTTPD_SHIM_H
#define SCOUT_CMICROHTTPD_SHIM_H

// libmicrohttpd's variadic functions are not imported into Swift; these non-variadic wrappers are.
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The client's socket address, or NULL when MHD does not know it.
static inline const struct sockaddr *scout_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// The connection's socket descriptor, or -1 when MHD does not report it.
static inline int scout_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The port the daemon is bound to (useful after binding port 0), or 0 when unknown.
static inline uint16_t scout_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// Sets the idle timeout of one connection, in seconds (0 = none).
static inline enum MHD_Result scout_mhd_set_connection_timeout(struct MHD_Connection *connection,
                                                               unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/// The negative sentinel values a content reader returns; macros are not imported into Swift.
static inline ssize_t scout_mhd_reader_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t scout_mhd_reader_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t scout_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }

/// Everything Scout sets when it starts a daemon, so that no limit is left at libmicrohttpd's default.
struct scout_mhd_settings {
    const struct sockaddr *bind_address;   // IPv4 or IPv6 address and port (0 = any free port)
    unsigned int thread_pool_size;
    unsigned int connection_timeout_seconds;  // idle timeout
    unsigned int connection_limit;
    unsigned int per_ip_connection_limit;
    size_t connection_memory_limit;       // bounds request line + headers (414/431 beyond)
    unsigned int listen_backlog;
    int strict_for_client;                // 1: refuse HTTP/1.1 without Host and spaces in the target
    MHD_AccessHandlerCallback access_handler;
    void *access_handler_context;
    MHD_RequestCompletedCallback completed;
    void *completed_context;
    void *(*uri_logger)(void *cls, const char *uri, struct MHD_Connection *connection);
    void *uri_logger_context;
    MHD_LogCallback error_logger;
    void *error_logger_context;
};

/// Starts a daemon with an internal epoll thread pool and suspend/resume; NULL on failure (errno set).
static inline struct MHD_Daemon *scout_mhd_start(const struct scout_mhd_settings *s) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    if (s->bind_address != NULL && s->bind_address->sa_family == AF_INET6) {
        flags |= MHD_USE_IPv6;
    }
    return MHD_start_daemon(
        flags, 0, NULL, NULL, s->access_handler, s->access_handler_context,
        // The logger must come first, or messages about earlier options bypass it.
        MHD_OPTION_EXTERNAL_LOGGER, s->error_logger, s->error_logger_context,
        MHD_OPTION_SOCK_ADDR, s->bind_address,
        MHD_OPTION_THREAD_POOL_SIZE, s->thread_pool_size,
        MHD_OPTION_CONNECTION_TIMEOUT, s->connection_timeout_seconds,
        MHD_OPTION_CONNECTION_LIMIT, s->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->per_ip_connection_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, s->connection_memory_limit,
        MHD_OPTION_LISTEN_BACKLOG_SIZE, s->listen_backlog,
        MHD_OPTION_STRICT_FOR_CLIENT, s->strict_for_client,
        MHD_OPTION_NOTIFY_COMPLETED, s->completed, s->completed_context,
        MHD_OPTION_URI_LOG_CALLBACK, s->uri_logger, s->uri_logger_context,
        MHD_OPTION_END);
}

#endif
