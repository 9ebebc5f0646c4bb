#ifndef SCOUT_CHIREDIS_SHIM_H
#define SCOUT_CHIREDIS_SHIM_H

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <stddef.h>
#include <sys/time.h>

#include <hiredis/hiredis.h>

/// Typed wrappers around hiredis for the Redis module. Commands only ever go through the argv
/// forms with explicit lengths, so binary values never meet a printf format; every wrapper that
/// can fail reports the `errno` of the failure, read before anything else can change it.

/// `tv` for a timeout in milliseconds (at least 1 ms: a zero timeval means "wait forever").
static inline struct timeval scout_redis_timeval(long milliseconds) {
    if (milliseconds < 1) {
        milliseconds = 1;
    }
    struct timeval tv;
    tv.tv_sec = milliseconds / 1000;
    tv.tv_usec = (milliseconds % 1000) * 1000;
    return tv;
}

/// Connects in blocking mode, waiting at most `timeout_ms` for the TCP handshake. Returns NULL
/// only when out of memory; otherwise check `err` on the context (and `*error_number`).
static inline redisContext *scout_redis_connect(const char *host, int port, long timeout_ms, int *error_number) {
    errno = 0;
    redisContext *context = redisConnectWithTimeout(host, port, scout_redis_timeval(timeout_ms));
    *error_number = errno;
    return context;
}

/// Bounds every later read and write on the socket (SO_RCVTIMEO/SO_SNDTIMEO) by `timeout_ms`.
static inline int scout_redis_set_timeout(redisContext *context, long timeout_ms) {
    return redisSetTimeout(context, scout_redis_timeval(timeout_ms));
}

/// Queues one command (argc arguments, each `lengths[i]` bytes long) in the output buffer.
static inline int scout_redis_append(redisContext *context, int argc, const char **argv, const size_t *lengths) {
    return redisAppendCommandArgv(context, argc, argv, lengths);
}

/// Writes what is queued, then reads the next reply into `*reply` (free it with
/// `freeReplyObject`). Returns REDIS_OK or REDIS_ERR; on REDIS_ERR the context is unusable.
///
/// hiredis writes with write(2), and writing to a connection the server reset raises SIGPIPE,
/// whose default action ends the process. As libpq does, SIGPIPE is blocked in this thread for
/// the call and one it raised is taken off the pending set, so the process's signal handling is
/// left as it was and the write fails with EPIPE instead.
static inline int scout_redis_get_reply(redisContext *context, redisReply **reply, int *error_number) {
    sigset_t sigpipe, previous, pending;
    sigemptyset(&sigpipe);
    sigaddset(&sigpipe, SIGPIPE);
    int was_pending = 0;
    int is_blocked = pthread_sigmask(SIG_BLOCK, &sigpipe, &previous) == 0;
    if (is_blocked && sigismember(&previous, SIGPIPE) && sigpending(&pending) == 0) {
        was_pending = sigismember(&pending, SIGPIPE);
    }

    void *raw = NULL;
    errno = 0;
    int status = redisGetReply(context, &raw);
    *error_number = errno;
    *reply = (redisReply *)raw;

    if (is_blocked) {
        if (!was_pending && sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE)) {
            struct timespec no_wait = {0, 0};
            while (sigtimedwait(&sigpipe, NULL, &no_wait) < 0 && errno == EINTR) {
            }
        }
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
    }
    return status;
}

/// The `index`th element of an array reply.
static inline redisReply *scout_redis_element(const redisReply *reply, size_t index) {
    return reply->element[index];
}

/// Whether an idle connection has something to read or was hung up: a Redis server sends
/// nothing unasked outside pub/sub, so either means it closed the connection (a restart, a
/// `CLIENT KILL`, an idle timeout) and the next command would fail.
static inline int scout_redis_is_stale(const redisContext *context) {
    struct pollfd descriptor;
    descriptor.fd = context->fd;
    descriptor.events = POLLIN;
#ifdef POLLRDHUP
    descriptor.events |= POLLRDHUP;
#endif
    descriptor.revents = 0;
    int ready = poll(&descriptor, 1, 0);
    return ready != 0;
}

/// A reader that decodes RESP bytes without a socket (for decoding tests and fuzzing).
static inline int scout_redis_reader_get_reply(redisReader *reader, redisReply **reply) {
    void *raw = NULL;
    int status = redisReaderGetReply(reader, &raw);
    *reply = (redisReply *)raw;
    return status;
}

#endif
