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
#include <microhttpd.h>

/// Starts a daemon on `address` (IPv4 dotted quad or IPv6 text) and `port` (0: any free one):
/// one thread per connection (server-sent events hold theirs), at most
/// `connections` at once. MHD_start_daemon is variadic, which Swift cannot call.
static inline struct MHD_Daemon *blankslate_mhd_start(const char *address, uint16_t port, unsigned int connections,
                                                     MHD_AccessHandlerCallback handler, void *context) {
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
  return MHD_start_daemon(flags, port, NULL, NULL, handler, context, MHD_OPTION_SOCK_ADDR, socket,
                          MHD_OPTION_CONNECTION_LIMIT, connections, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)120,
                          MHD_OPTION_END);
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
