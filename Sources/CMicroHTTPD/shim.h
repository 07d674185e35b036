#ifndef CONTACTS_CMICROHTTPD_SHIM_H
#define CONTACTS_CMICROHTTPD_SHIM_H

#include <microhttpd.h>

/* libmicrohttpd's daemon start, connection info and option calls are variadic, which Swift
 * cannot call: these wrappers fix the arguments ContactsHTTP uses. */

/* Starts a daemon on an already listening socket with the options ContactsHTTP sets; every
 * callback gets `context`. `threads` is the size of the event-loop thread pool (0 for none,
 * as thread-per-connection daemons require). Returns NULL when the daemon cannot start. */
static inline struct MHD_Daemon *contacts_mhd_start_daemon(
    unsigned int flags, int listen_fd, unsigned int threads, unsigned int connection_limit,
    unsigned int inactivity_timeout_seconds, size_t connection_memory_limit,
    MHD_AccessHandlerCallback access_handler, MHD_RequestCompletedCallback request_completed,
    MHD_NotifyConnectionCallback notify_connection,
    void *(*uri_logger)(void *context, const char *uri, struct MHD_Connection *connection),
    void *context) {
    return MHD_start_daemon(
        flags, 0, NULL, NULL, access_handler, context,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, inactivity_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, request_completed, context,
        MHD_OPTION_NOTIFY_CONNECTION, notify_connection, context,
        MHD_OPTION_URI_LOG_CALLBACK, uri_logger, context,
        MHD_OPTION_STRICT_FOR_CLIENT, (int)1,
        MHD_OPTION_END);
}

/* The socket of a connection, or -1 when libmicrohttpd cannot say. */
static inline int contacts_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int)info->connect_fd;
}

/* The per-connection pointer set by the connection-notify callback, or NULL. */
static inline void *contacts_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

#endif
