#ifndef BLANKSLATE_CMICROHTTPD_H
#define BLANKSLATE_CMICROHTTPD_H

// GNU libmicrohttpd (Debian: libmicrohttpd12), the HTTP server `blankslate
// serve` embeds. Only `serve` needs it, and it brings GnuTLS and seven more
// libraries whose loading cost every command about 3 ms and 2 MB (a build, a
// check, `--help`); so it is opened with dlopen when `serve` starts (or
// `--version` asks), and the calls made go through a table of its functions.
//
// The shim declares only what it uses of the library's interface, with the
// values of its stable ABI (microhttpd.h, 0.9.x: a constant never changes
// once released), so no header of the library, and no flag to find one, is
// needed to build: another package can depend on the kit at a version.
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>

struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;

enum MHD_Result { MHD_NO = 0, MHD_YES = 1 };
enum MHD_ValueKind { MHD_HEADER_KIND = 1, MHD_GET_ARGUMENT_KIND = 8 };
enum MHD_FLAG {
  MHD_USE_THREAD_PER_CONNECTION = 4,
  MHD_USE_INTERNAL_POLLING_THREAD = 8,
  MHD_USE_IPv6 = 16,
};
enum MHD_OPTION {
  MHD_OPTION_END = 0,
  MHD_OPTION_CONNECTION_LIMIT = 2,
  MHD_OPTION_CONNECTION_TIMEOUT = 3,
  MHD_OPTION_NOTIFY_COMPLETED = 4,
  MHD_OPTION_SOCK_ADDR = 6,
  MHD_OPTION_NOTIFY_CONNECTION = 27,
};
enum MHD_ConnectionInfoType {
  MHD_CONNECTION_INFO_CLIENT_ADDRESS = 2,
  MHD_CONNECTION_INFO_CONNECTION_FD = 6,
  MHD_CONNECTION_INFO_SOCKET_CONTEXT = 7,
};
enum MHD_DaemonInfoType { MHD_DAEMON_INFO_BIND_PORT = 6 };
enum MHD_ResponseMemoryMode { MHD_RESPMEM_MUST_COPY = 2 };
enum MHD_CONNECTION_OPTION { MHD_CONNECTION_OPTION_TIMEOUT = 0 };
enum MHD_ConnectionNotificationCode { MHD_CONNECTION_NOTIFY_STARTED = 0, MHD_CONNECTION_NOTIFY_CLOSED = 1 };
/// Why a request ended; the shim passes it on and reads none of its values.
enum MHD_RequestTerminationCode { MHD_REQUEST_TERMINATED_COMPLETED_OK = 0 };

/// The members of the library's unions the shim reads (each at the union's start).
union MHD_ConnectionInfo {
  int connect_fd;
  struct sockaddr *client_addr;
  void *socket_context;
};
union MHD_DaemonInfo {
  uint16_t port;
};

typedef enum MHD_Result (*MHD_AcceptPolicyCallback)(void *cls, const struct sockaddr *addr, socklen_t addrlen);
typedef enum MHD_Result (*MHD_AccessHandlerCallback)(void *cls, struct MHD_Connection *connection, const char *url,
                                                     const char *method, const char *version,
                                                     const char *upload_data, size_t *upload_data_size,
                                                     void **con_cls);
typedef void (*MHD_RequestCompletedCallback)(void *cls, struct MHD_Connection *connection, void **con_cls,
                                             enum MHD_RequestTerminationCode toe);
typedef void (*MHD_NotifyConnectionCallback)(void *cls, struct MHD_Connection *connection, void **socket_context,
                                             enum MHD_ConnectionNotificationCode toe);
typedef enum MHD_Result (*MHD_KeyValueIterator)(void *cls, enum MHD_ValueKind kind, const char *key,
                                                const char *value);
typedef ssize_t (*MHD_ContentReaderCallback)(void *cls, uint64_t pos, char *buf, size_t max);
typedef void (*MHD_ContentReaderFreeCallback)(void *cls);

/// Opens libmicrohttpd and looks its calls up, once per process: 0, or -1
/// with the reason in `*error` (static text). Safe to call from any thread.
int blankslate_mhd_open(const char **error);

/// libmicrohttpd's version ("0.9.75"); call only after `blankslate_mhd_open` succeeded.
const char *blankslate_mhd_version(void);

/// How long a request (headers and body) may take to arrive whole, from its start, in seconds.
#define BLANKSLATE_MHD_HEADER_SECONDS 10

/// Starts a daemon on `address` (IPv4 dotted quad or IPv6 text) and `port` (0: any free one):
/// one thread per connection (server-sent events hold theirs), at most
/// `connections` at once, half of them to one peer, the last eighth only
/// to peers that hold none; a request, headers and body, must arrive within
/// `BLANKSLATE_MHD_HEADER_SECONDS` of its start, however slowly it trickles.
/// MHD_start_daemon is variadic, which Swift cannot call.
struct MHD_Daemon *blankslate_mhd_start(const char *address, uint16_t port, unsigned int connections,
                                        MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
                                        void *context);
void blankslate_mhd_stop(struct MHD_Daemon *daemon);

/// The port the daemon listens on.
uint16_t blankslate_mhd_port(struct MHD_Daemon *daemon);

/// Lets one connection stay open without a timeout (an event stream: its heartbeat finds a closed peer).
void blankslate_mhd_keep_open(struct MHD_Connection *connection);

/// How many `Host` headers the request carries (RFC 9112: exactly one).
int blankslate_mhd_host_count(struct MHD_Connection *connection);

/// The peer's address as text (no port) in `out`; 0, or -1 when it cannot be told.
int blankslate_mhd_peer(struct MHD_Connection *connection, char *out, size_t size);

/// A request's header (`MHD_HEADER_KIND`) or query argument (`MHD_GET_ARGUMENT_KIND`), or NULL.
const char *blankslate_mhd_value(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key);

struct MHD_Response *blankslate_mhd_response_copying(const void *bytes, size_t size);
struct MHD_Response *blankslate_mhd_response_from_callback(uint64_t size, size_t block, MHD_ContentReaderCallback read,
                                                           void *context, MHD_ContentReaderFreeCallback release);
void blankslate_mhd_add_header(struct MHD_Response *response, const char *name, const char *value);
enum MHD_Result blankslate_mhd_queue(struct MHD_Connection *connection, unsigned int status,
                                     struct MHD_Response *response);
void blankslate_mhd_destroy_response(struct MHD_Response *response);

static const enum MHD_Result blankslate_mhd_yes = MHD_YES;
static const enum MHD_Result blankslate_mhd_no = MHD_NO;
static const enum MHD_ValueKind blankslate_mhd_header_kind = MHD_HEADER_KIND;
static const enum MHD_ValueKind blankslate_mhd_argument_kind = MHD_GET_ARGUMENT_KIND;

#endif
