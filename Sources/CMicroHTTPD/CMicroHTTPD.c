#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>

/// The calls `serve` makes, looked up once.
static struct {
  struct MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback accept,
                                     void *accept_context, MHD_AccessHandlerCallback handler, void *handler_context,
                                     ...);
  void (*stop_daemon)(struct MHD_Daemon *daemon);
  const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *daemon, enum MHD_DaemonInfoType type, ...);
  enum MHD_Result (*set_connection_option)(struct MHD_Connection *connection, enum MHD_CONNECTION_OPTION option, ...);
  int (*get_connection_values)(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                               MHD_KeyValueIterator iterator, void *context);
  const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *connection,
                                                         enum MHD_ConnectionInfoType type, ...);
  const char *(*lookup_connection_value)(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key);
  struct MHD_Response *(*create_response_from_buffer)(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
  struct MHD_Response *(*create_response_from_callback)(uint64_t size, size_t block, MHD_ContentReaderCallback read,
                                                        void *context, MHD_ContentReaderFreeCallback release);
  enum MHD_Result (*add_response_header)(struct MHD_Response *response, const char *header, const char *content);
  enum MHD_Result (*queue_response)(struct MHD_Connection *connection, unsigned int status,
                                    struct MHD_Response *response);
  void (*destroy_response)(struct MHD_Response *response);
  const char *(*get_version)(void);
} api;

static const char *failure;
static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void open_library(void) {
#if defined(__APPLE__)
  // Homebrew's (brew install libmicrohttpd), on Apple silicon and on Intel.
  void *library = dlopen("/opt/homebrew/lib/libmicrohttpd.12.dylib", RTLD_NOW | RTLD_LOCAL);
  if (!library) library = dlopen("/usr/local/lib/libmicrohttpd.12.dylib", RTLD_NOW | RTLD_LOCAL);
  if (!library) library = dlopen("libmicrohttpd.12.dylib", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    failure = "libmicrohttpd is not installed (brew install libmicrohttpd)";
    return;
  }
#else
  void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    failure = "libmicrohttpd is not installed (apt-get install libmicrohttpd12)";
    return;
  }
#endif
#define BLANKSLATE_FIND(field, name)              \
  *(void **)(&api.field) = dlsym(library, name); \
  if (!api.field) {                               \
    failure = "libmicrohttpd lacks " name;        \
    return;                                       \
  }
  BLANKSLATE_FIND(start_daemon, "MHD_start_daemon")
  BLANKSLATE_FIND(stop_daemon, "MHD_stop_daemon")
  BLANKSLATE_FIND(get_daemon_info, "MHD_get_daemon_info")
  BLANKSLATE_FIND(set_connection_option, "MHD_set_connection_option")
  BLANKSLATE_FIND(get_connection_values, "MHD_get_connection_values")
  BLANKSLATE_FIND(get_connection_info, "MHD_get_connection_info")
  BLANKSLATE_FIND(lookup_connection_value, "MHD_lookup_connection_value")
  BLANKSLATE_FIND(create_response_from_buffer, "MHD_create_response_from_buffer")
  BLANKSLATE_FIND(create_response_from_callback, "MHD_create_response_from_callback")
  BLANKSLATE_FIND(add_response_header, "MHD_add_response_header")
  BLANKSLATE_FIND(queue_response, "MHD_queue_response")
  BLANKSLATE_FIND(destroy_response, "MHD_destroy_response")
  BLANKSLATE_FIND(get_version, "MHD_get_version")
#undef BLANKSLATE_FIND
}

int blankslate_mhd_open(const char **error) {
  pthread_once(&opened, open_library);
  if (failure) {
    *error = failure;
    return -1;
  }
  return 0;
}

const char *blankslate_mhd_version(void) { return api.get_version(); }

struct MHD_Daemon *blankslate_mhd_start(const char *address, uint16_t port, unsigned int connections,
                                        MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
                                        void *context) {
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
  return api.start_daemon(flags, port, NULL, NULL, handler, context, MHD_OPTION_SOCK_ADDR, socket,
                          MHD_OPTION_CONNECTION_LIMIT, connections, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
                          connections / 2, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)10,
                          MHD_OPTION_NOTIFY_COMPLETED, completed, context, MHD_OPTION_END);
}

void blankslate_mhd_stop(struct MHD_Daemon *daemon) { api.stop_daemon(daemon); }

uint16_t blankslate_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = api.get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

void blankslate_mhd_keep_open(struct MHD_Connection *connection) {
  api.set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned int)0);
}

static enum MHD_Result count_host(void *count, enum MHD_ValueKind kind, const char *key, const char *value) {
  (void)kind;
  (void)value;
  if (key && strcasecmp(key, "Host") == 0) (*(int *)count)++;
  return MHD_YES;
}

int blankslate_mhd_host_count(struct MHD_Connection *connection) {
  int count = 0;
  api.get_connection_values(connection, MHD_HEADER_KIND, count_host, &count);
  return count;
}

int blankslate_mhd_peer(struct MHD_Connection *connection, char *out, size_t size) {
  const union MHD_ConnectionInfo *info = api.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr) return -1;
  const struct sockaddr *address = info->client_addr;
  const void *bytes = NULL;
  if (address->sa_family == AF_INET) bytes = &((const struct sockaddr_in *)address)->sin_addr;
  else if (address->sa_family == AF_INET6) bytes = &((const struct sockaddr_in6 *)address)->sin6_addr;
  else return -1;
  return inet_ntop(address->sa_family, bytes, out, (socklen_t)size) ? 0 : -1;
}

const char *blankslate_mhd_value(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key) {
  return api.lookup_connection_value(connection, kind, key);
}

struct MHD_Response *blankslate_mhd_response_copying(const void *bytes, size_t size) {
  return api.create_response_from_buffer(size, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

struct MHD_Response *blankslate_mhd_response_from_callback(uint64_t size, size_t block, MHD_ContentReaderCallback read,
                                                           void *context, MHD_ContentReaderFreeCallback release) {
  return api.create_response_from_callback(size, block, read, context, release);
}

void blankslate_mhd_add_header(struct MHD_Response *response, const char *name, const char *value) {
  api.add_response_header(response, name, value);
}

enum MHD_Result blankslate_mhd_queue(struct MHD_Connection *connection, unsigned int status,
                                     struct MHD_Response *response) {
  return api.queue_response(connection, status, response);
}

void blankslate_mhd_destroy_response(struct MHD_Response *response) { api.destroy_response(response); }
