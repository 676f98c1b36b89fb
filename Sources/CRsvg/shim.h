#ifndef BLANKSLATE_CRSVG_SHIM_H
#define BLANKSLATE_CRSVG_SHIM_H

// librsvg (Debian: librsvg2-2, from librsvg2-dev) draws an SVG with cairo, and
// cairo writes the PNG. Only `build --png` needs them, and librsvg brings some
// fifty libraries (GLib, GIO, Pango, cairo…) whose loading would cost every
// command; so the library is opened on first use with dlopen, and the few calls
// made are looked up in it (cairo's and GLib's through librsvg's own dependencies).
#include <dlfcn.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct { double x, y, width, height; } blankslate_rsvg_rectangle;
typedef struct { uint32_t domain; int code; char *message; } blankslate_gerror;
typedef int (*blankslate_write_function)(void *closure, const unsigned char *data, unsigned int length);

/// The calls `build --png` makes, looked up once.
typedef struct {
  void *library;
  void *(*handle_new_from_data)(const uint8_t *data, size_t length, blankslate_gerror **error);
  int (*render_document)(void *handle, void *context, const blankslate_rsvg_rectangle *viewport,
                         blankslate_gerror **error);
  void (*object_unref)(void *object);
  void (*error_free)(blankslate_gerror *error);
  void *(*create)(void *surface);
  void (*destroy)(void *context);
  void (*surface_flush)(void *surface);
  int (*write_to_png_stream)(void *surface, blankslate_write_function write, void *closure);
  void (*surface_destroy)(void *surface);
  void *(*image_surface_create_for_data)(unsigned char *data, int format, int width, int height, int stride);
  /// librsvg's own version (`rsvg_major_version` …), for `--version`.
  unsigned int major, minor, micro;
} blankslate_rsvg_api;

/// Opens librsvg and looks the calls up; 0, or -1 with the reason in `*error` (static text).
static inline int blankslate_rsvg_open(blankslate_rsvg_api *api, const char **error) {
  memset(api, 0, sizeof *api);
#if defined(__APPLE__)
  // Homebrew's librsvg (brew install librsvg), on Apple silicon and on Intel.
  api->library = dlopen("/opt/homebrew/lib/librsvg-2.2.dylib", RTLD_NOW | RTLD_LOCAL);
  if (!api->library) api->library = dlopen("/usr/local/lib/librsvg-2.2.dylib", RTLD_NOW | RTLD_LOCAL);
  if (!api->library) api->library = dlopen("librsvg-2.2.dylib", RTLD_NOW | RTLD_LOCAL);
  if (!api->library) {
    *error = "librsvg is not installed (brew install librsvg)";
    return -1;
  }
#else
  api->library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!api->library) {
    *error = "librsvg is not installed (apt-get install librsvg2-2)";
    return -1;
  }
#endif
#define BLANKSLATE_FIND(field, name) \
  *(void **)(&api->field) = dlsym(api->library, name); \
  if (!api->field) { *error = "librsvg lacks " name; return -1; }
  BLANKSLATE_FIND(handle_new_from_data, "rsvg_handle_new_from_data")
  BLANKSLATE_FIND(render_document, "rsvg_handle_render_document")
  BLANKSLATE_FIND(object_unref, "g_object_unref")
  BLANKSLATE_FIND(error_free, "g_error_free")
  BLANKSLATE_FIND(create, "cairo_create")
  BLANKSLATE_FIND(destroy, "cairo_destroy")
  BLANKSLATE_FIND(surface_flush, "cairo_surface_flush")
  BLANKSLATE_FIND(write_to_png_stream, "cairo_surface_write_to_png_stream")
  BLANKSLATE_FIND(surface_destroy, "cairo_surface_destroy")
  BLANKSLATE_FIND(image_surface_create_for_data, "cairo_image_surface_create_for_data")
#undef BLANKSLATE_FIND
  const unsigned int *major = dlsym(api->library, "rsvg_major_version");
  const unsigned int *minor = dlsym(api->library, "rsvg_minor_version");
  const unsigned int *micro = dlsym(api->library, "rsvg_micro_version");
  if (major && minor && micro) {
    api->major = *major;
    api->minor = *minor;
    api->micro = *micro;
  }
  // An empty font configuration, current before librsvg's first drawing: it
  // would otherwise read /etc/fonts and the machine's fonts for any <text>.
  // Blankslate's SVGs hold no text (it is drawn as outlines) and assets with
  // text are refused, so no drawing needs a font, and none depends on the machine.
  void *(*config_create)(void) = NULL;
  int (*config_set_current)(void *) = NULL;
  *(void **)(&config_create) = dlsym(api->library, "FcConfigCreate");
  *(void **)(&config_set_current) = dlsym(api->library, "FcConfigSetCurrent");
  if (!config_create || !config_set_current) {
    *error = "librsvg's fontconfig lacks FcConfigCreate or FcConfigSetCurrent";
    return -1;
  }
  void *empty = config_create();
  if (!empty || !config_set_current(empty)) {
    *error = "fontconfig could not make an empty configuration";
    return -1;
  }
  return 0;
}

/// How many fonts the current fontconfig configuration holds (librsvg's,
/// through pango): 0 once `blankslate_rsvg_open` made it empty; -1 when it cannot be told.
static inline int blankslate_rsvg_font_count(const blankslate_rsvg_api *api) {
  typedef struct { int nfont; int sfont; void **fonts; } font_set;
  void *(*get_current)(void) = NULL;
  font_set *(*get_fonts)(void *, int) = NULL;
  *(void **)(&get_current) = dlsym(api->library, "FcConfigGetCurrent");
  *(void **)(&get_fonts) = dlsym(api->library, "FcConfigGetFonts");
  if (!get_current || !get_fonts) return -1;
  font_set *fonts = get_fonts(get_current(), 0 /* FcSetSystem */);
  return fonts ? fonts->nfont : 0;
}

/// PNG bytes as cairo streams them out.
typedef struct {
  unsigned char *data;
  size_t length;
  size_t capacity;
} blankslate_png_buffer;

static int blankslate_png_append(void *closure, const unsigned char *data, unsigned int length) {
  blankslate_png_buffer *buffer = (blankslate_png_buffer *)closure;
  if (buffer->length + length > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 65536;
    while (capacity < buffer->length + length) capacity *= 2;
    unsigned char *grown = (unsigned char *)realloc(buffer->data, capacity);
    if (!grown) return 1;  // CAIRO_STATUS_NO_MEMORY
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->length, data, length);
  buffer->length += length;
  return 0;  // CAIRO_STATUS_SUCCESS
}

/// Draws `svg` (a document of `width` × `height` points) at `scale` pixels per
/// point into `pixels`: ceil(width·scale) × ceil(height·scale) premultiplied
/// ARGB32 words, row after row, which the caller allocates and clears. Nothing
/// is read from outside the bytes: the handle has no base file, so a relative
/// reference resolves to nothing. Returns 0, or -1 with a message in `*error`
/// (release it with free).
static inline int blankslate_render_pixels(const blankslate_rsvg_api *api, const unsigned char *svg, size_t length,
                                           int pixelWidth, int pixelHeight, uint32_t *pixels, char **error) {
  blankslate_gerror *failure = NULL;
  *error = NULL;
  void *handle = api->handle_new_from_data(svg, length, &failure);
  if (!handle) {
    *error = strdup(failure && failure->message ? failure->message : "librsvg could not read the SVG");
    if (failure) api->error_free(failure);
    return -1;
  }
  void *surface = api->image_surface_create_for_data((unsigned char *)pixels, 0 /* CAIRO_FORMAT_ARGB32 */,
                                                     pixelWidth, pixelHeight, pixelWidth * 4);
  void *context = api->create(surface);
  blankslate_rsvg_rectangle viewport = {0, 0, (double)pixelWidth, (double)pixelHeight};
  int result = 0;
  if (!api->render_document(handle, context, &viewport, &failure)) {
    *error = strdup(failure && failure->message ? failure->message : "librsvg could not draw the SVG");
    if (failure) api->error_free(failure);
    result = -1;
  }
  api->destroy(context);
  api->surface_flush(surface);
  api->surface_destroy(surface);
  api->object_unref(handle);
  return result;
}

/// `pixels` (as `blankslate_render_pixels` fills them) written as PNG into `out`.
static inline int blankslate_write_png(const blankslate_rsvg_api *api, uint32_t *pixels, int pixelWidth,
                                       int pixelHeight, blankslate_png_buffer *out, char **error) {
  *error = NULL;
  void *surface = api->image_surface_create_for_data((unsigned char *)pixels, 0 /* CAIRO_FORMAT_ARGB32 */,
                                                     pixelWidth, pixelHeight, pixelWidth * 4);
  int result = 0;
  if (api->write_to_png_stream(surface, blankslate_png_append, out) != 0) {
    *error = strdup("cairo could not write the PNG");
    result = -1;
  }
  api->surface_destroy(surface);
  return result;
}

#endif
