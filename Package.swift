// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Blankslate",
  products: [
    .library(name: "BlankslateKit", targets: ["BlankslateKit"]),
    .executable(name: "blankslate", targets: ["blankslate"]),
  ],
  targets: [
    // libxml2 from the system (Debian: libxml2-dev), imported through an ICU-safe shim.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // Text: HarfBuzz shapes, draws glyph outlines and subsets fonts (libharfbuzz-dev),
    // FriBidi orders bidirectional text (libfribidi-dev), libunibreak finds line
    // breaks (libunibreak-dev).
    .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
    .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
    // SHA-256 from GNU Nettle (nettle-dev): the hashes that name what a reviewer saw.
    .systemLibrary(name: "CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
    // PNG renders: librsvg draws each SVG with cairo (librsvg2-dev), opened with
    // dlopen on first use so that commands without --png never load its ~50 libraries.
    .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-dev"])]),
    // `serve`'s HTTP server: GNU libmicrohttpd, made for embedding (libmicrohttpd-dev).
    .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    // The command's allocator: mimalloc (libmimalloc-dev) takes over malloc for the
    // whole process when the executable links it; a build makes millions of small
    // allocations, and it spends about a tenth less time than glibc's (BENCHMARKS.md).
    .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
    // One Linux call Glibc's Swift overlay does not expose: renameat2(RENAME_EXCHANGE),
    // which swaps a finished build into place in a single step.
    .target(name: "CSystem"),
    // Turns Templates/ into Swift source at build time, so the binary carries its
    // templates and works from any folder without a resource bundle beside it.
    .executableTarget(name: "template-embedder"),
    .plugin(
      name: "EmbedTemplates",
      capability: .buildTool(),
      dependencies: ["template-embedder"]
    ),
    .target(
      name: "BlankslateKit",
      dependencies: [
        "CLibXML2", "CSystem", "CHarfBuzz", "CFriBidi", "CUnibreak", "CRsvg", "CMicroHTTPD", "CNettle",
      ],
      plugins: ["EmbedTemplates"]
    ),
    .executableTarget(
      name: "blankslate",
      dependencies: ["BlankslateKit", "CMimalloc"]
    ),
    .testTarget(
      name: "BlankslateKitTests",
      dependencies: ["BlankslateKit", "blankslate"],
      exclude: ["Render/__Snapshots__"]
    ),
  ]
)
