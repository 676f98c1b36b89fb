#ifndef BLANKSLATE_CRSVG_SHIM_H
#define BLANKSLATE_CRSVG_SHIM_H

// librsvg (Debian: librsvg2-dev) draws an SVG with cairo; cairo writes the PNG.
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/// PNG bytes as cairo streams them out.
typedef struct {
  unsigned char *data;
  size_t length;
  size_t capacity;
} blankslate_png_buffer;

static cairo_status_t blankslate_png_append(void *closure, const unsigned char *data, unsigned int length) {
  blankslate_png_buffer *buffer = (blankslate_png_buffer *)closure;
  if (buffer->length + length > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 65536;
    while (capacity < buffer->length + length) capacity *= 2;
    unsigned char *grown = (unsigned char *)realloc(buffer->data, capacity);
    if (!grown) return CAIRO_STATUS_NO_MEMORY;
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->length, data, length);
  buffer->length += length;
  return CAIRO_STATUS_SUCCESS;
}

/// Draws `svg` (a document of `width` × `height` points) at `scale` pixels per
/// point into `out` as PNG. Nothing is read from outside the bytes: the handle
/// has no base file, so a relative reference resolves to nothing. Returns 0,
/// or -1 with a message in `*error` (release it with g_free).
static inline int blankslate_render_png(const unsigned char *svg, size_t length, double width, double height,
                                        double scale, blankslate_png_buffer *out, char **error) {
  GError *failure = NULL;
  *error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data(svg, length, &failure);
  if (!handle) {
    *error = g_strdup(failure ? failure->message : "librsvg could not read the SVG");
    if (failure) g_error_free(failure);
    return -1;
  }
  int pixelWidth = (int)ceil(width * scale), pixelHeight = (int)ceil(height * scale);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight);
  cairo_t *context = cairo_create(surface);
  RsvgRectangle viewport = {0, 0, (double)pixelWidth, (double)pixelHeight};
  int result = 0;
  if (!rsvg_handle_render_document(handle, context, &viewport, &failure)) {
    *error = g_strdup(failure ? failure->message : "librsvg could not draw the SVG");
    if (failure) g_error_free(failure);
    result = -1;
  }
  cairo_destroy(context);
  if (result == 0) {
    cairo_surface_flush(surface);
    if (cairo_surface_write_to_png_stream(surface, blankslate_png_append, out) != CAIRO_STATUS_SUCCESS) {
      *error = g_strdup("cairo could not write the PNG");
      result = -1;
    }
  }
  cairo_surface_destroy(surface);
  g_object_unref(handle);
  return result;
}

#endif
