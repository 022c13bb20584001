#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// MHD_YES / MHD_NO are enum constants of MHD_Result that do not import cleanly.
static inline enum MHD_Result cmhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result cmhd_no(void) { return MHD_NO; }

/// The flags every daemon starts with: one thread per connection, poll(), an inter-thread channel for quiesce.
/// No MHD_USE_ERROR_LOG: its lines ("Failed to bind to port …") are not ours and land on the console's screen or
/// before the emulator's own message; a failure to start reaches the caller as HTTPDaemon.StartFailure.
static inline unsigned int cmhd_base_flags(void) {
    return MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL | MHD_USE_ITC;
}

/// Fills `address` from `host` (IPv4 dotted text, or IPv6 text such as `::1`) and `port`, and adds
/// MHD_USE_IPv6 to `flags` for IPv6 (without MHD_USE_DUAL_STACK: the socket is IPv6 only). Returns the
/// address length, 0 when `host` is neither.
static inline socklen_t cmhd_address(struct sockaddr_storage *address, const char *host, uint16_t port, unsigned int *flags) {
    memset(address, 0, sizeof(*address));
    struct sockaddr_in *v4 = (struct sockaddr_in *)address;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        return sizeof(*v4);
    }
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)address;
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        *flags |= MHD_USE_IPv6;
        return sizeof(*v6);
    }
    return 0;
}

/// Starts a daemon with one thread per connection, bound to `host` (IPv4 or IPv6 text) and `port` (0: any free).
/// MHD_start_daemon is variadic, so Swift cannot call it directly. Returns NULL on failure.
static inline struct MHD_Daemon *cmhd_start(const char *host, uint16_t port,
                                            MHD_AccessHandlerCallback handler, void *handler_cls,
                                            MHD_RequestCompletedCallback completed, void *completed_cls,
                                            MHD_NotifyConnectionCallback notify, void *notify_cls) {
    struct sockaddr_storage address;
    unsigned int flags = cmhd_base_flags();
    if (!cmhd_address(&address, host, port, &flags)) return NULL;
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
                            MHD_OPTION_END);
}

/// Whether this libmicrohttpd was built with TLS (Debian's links GnuTLS).
static inline int cmhd_tls_supported(void) { return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES; }

/// As `cmhd_start`, serving HTTPS with the PEM private key `key_pem` and certificate `cert_pem`
/// (NUL-terminated; libmicrohttpd copies neither, so both must outlive the daemon). Returns NULL on failure.
static inline struct MHD_Daemon *cmhd_start_tls(const char *host, uint16_t port,
                                                MHD_AccessHandlerCallback handler, void *handler_cls,
                                                MHD_RequestCompletedCallback completed, void *completed_cls,
                                                MHD_NotifyConnectionCallback notify, void *notify_cls,
                                                const char *key_pem, const char *cert_pem) {
    struct sockaddr_storage address;
    unsigned int flags = cmhd_base_flags() | MHD_USE_TLS;
    if (!cmhd_address(&address, host, port, &flags)) return NULL;
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
                            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
                            MHD_OPTION_HTTPS_MEM_KEY, key_pem,
                            MHD_OPTION_HTTPS_MEM_CERT, cert_pem,
                            MHD_OPTION_END);
}

/// What the connection's notify callback stored for it at MHD_CONNECTION_NOTIFY_STARTED (NULL if nothing).
static inline void *cmhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/// The connection's socket (-1 if libmicrohttpd cannot say).
static inline int cmhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// Whether a connection notification is MHD_CONNECTION_NOTIFY_STARTED (the enum does not import as cases).
static inline int cmhd_is_connection_start(enum MHD_ConnectionNotificationCode code) { return code == MHD_CONNECTION_NOTIFY_STARTED; }

/// The port the daemon is bound to (useful after asking for port 0).
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// A response that owns a copy of `size` bytes at `data`.
static inline struct MHD_Response *cmhd_response_copy(size_t size, const void *data) {
    return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

static inline const char *cmhd_header(struct MHD_Connection *connection, const char *name) {
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

/// Calls `iterator` for every request header (kind 0) and query argument (kind 1).
static inline void cmhd_each_value(struct MHD_Connection *connection, MHD_KeyValueIterator iterator, void *cls) {
    MHD_get_connection_values(connection, MHD_HEADER_KIND, iterator, cls);
    MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, iterator, cls);
}

static inline int cmhd_is_header_kind(enum MHD_ValueKind kind) { return kind == MHD_HEADER_KIND; }
#endif
