#ifndef BLANKSLATE_CMICROHTTPD_SHIM_H
#define BLANKSLATE_CMICROHTTPD_SHIM_H

// GNU libmicrohttpd (Debian: libmicrohttpd-dev), the HTTP server `blankslate serve` embeds.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include <microhttpd.h>

/// Starts a daemon on `address` (IPv4 dotted quad or IPv6 text) and `port` (0: any free one):
/// one thread per connection (server-sent events hold theirs), at most
/// `connections` at once. MHD_start_daemon is variadic, which Swift cannot call.
static inline struct MHD_Daemon *blankslate_mhd_start(const char *address, uint16_t port, unsigned int connections,
                                                     MHD_AccessHandlerCallback handler,
                                                     MHD_RequestCompletedCallback completed, void *context) {
  struct sockaddr_in v4;
  struct sockaddr_in6 v6;
  memset(&v4, 0, sizeof v4);
  memset(&v6, 0, sizeof v6);
  unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
  const struct sockaddr *socket = NULL;
  if (inet_pton(AF_INET, address, &v4.sin_addr) == 1) {
    v4.sin_family = AF_INET;
    v4.sin_port = htons(port);
    socket = (const struct sockaddr *)&v4;
  } else if (inet_pton(AF_INET6, address, &v6.sin6_addr) == 1) {
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(port);
    socket = (const struct sockaddr *)&v6;
    flags |= MHD_USE_IPv6;
  } else {
    return NULL;
  }
  // A connection idle for 10 s is closed, so request headers that never end
  // free their slot; event streams lift this for themselves. One address may
  // hold at most half the slots.
  return MHD_start_daemon(flags, port, NULL, NULL, handler, context, MHD_OPTION_SOCK_ADDR, socket,
                          MHD_OPTION_CONNECTION_LIMIT, connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
                          connections / 2, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)10,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, context, MHD_OPTION_END);
}

/// Lets one connection stay open without a timeout (an event stream: its heartbeat finds a closed peer).
static inline void blankslate_mhd_keep_open(struct MHD_Connection *connection) {
  MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned int)0);
}

static enum MHD_Result blankslate_mhd_count_host(void *count, enum MHD_ValueKind kind, const char *key,
                                                 const char *value) {
  (void)kind;
  (void)value;
  if (key && strcasecmp(key, "Host") == 0) (*(int *)count)++;
  return MHD_YES;
}

/// How many `Host` headers the request carries (RFC 9112: exactly one).
static inline int blankslate_mhd_host_count(struct MHD_Connection *connection) {
  int count = 0;
  MHD_get_connection_values(connection, MHD_HEADER_KIND, blankslate_mhd_count_host, &count);
  return count;
}

/// The peer's address as text (no port) in `out`; 0, or -1 when it cannot be told.
static inline int blankslate_mhd_peer(struct MHD_Connection *connection, char *out, size_t size) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr) return -1;
  const struct sockaddr *address = info->client_addr;
  const void *bytes = NULL;
  if (address->sa_family == AF_INET) bytes = &((const struct sockaddr_in *)address)->sin_addr;
  else if (address->sa_family == AF_INET6) bytes = &((const struct sockaddr_in6 *)address)->sin6_addr;
  else return -1;
  return inet_ntop(address->sa_family, bytes, out, (socklen_t)size) ? 0 : -1;
}

/// The port the daemon listens on.
static inline uint16_t blankslate_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

static const enum MHD_Result blankslate_mhd_yes = MHD_YES;
static const enum MHD_Result blankslate_mhd_no = MHD_NO;
static const enum MHD_ValueKind blankslate_mhd_header_kind = MHD_HEADER_KIND;
static const enum MHD_ValueKind blankslate_mhd_argument_kind = MHD_GET_ARGUMENT_KIND;
static const enum MHD_ResponseMemoryMode blankslate_mhd_must_copy = MHD_RESPMEM_MUST_COPY;

#endif
