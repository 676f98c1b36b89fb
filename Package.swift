// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Blankslate",
  products: [
    .library(name: "BlankslateKit", targets: ["BlankslateKit"]),
    .library(name: "BlankslateCore", targets: ["BlankslateCore"]),
    .executable(name: "blankslate-handoff", targets: ["blankslate-handoff"]),
    .plugin(name: "PlaceholderHandOff", targets: ["PlaceholderHandOff"]),
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
    // SHA-256 from GNU Nettle (nettle-dev) on Linux, CryptoKit on Apple's systems:
    // the hashes that name what a reviewer saw.
    .systemLibrary(name: "CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
    // PNG renders: librsvg draws each SVG with cairo (librsvg2-dev), opened with
    // dlopen on first use so that commands without --png never load its ~50 libraries.
    .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-dev"])]),
    // `serve`'s HTTP server: GNU libmicrohttpd, made for embedding, opened with dlopen
    // when serve starts, so that no other command loads it and the GnuTLS it brings.
    // The shim declares the part of its ABI it uses: no header, no flags to find one.
    .target(
      name: "CMicroHTTPD",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
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
    // The targets are the pipeline's arrows (ARCHITECTURE.md); the compiler keeps them.
    // General helpers: files, JSON and markup writers, hashing, parallel work.
    .target(
      name: "BlankslateSupport",
      dependencies: ["CSystem", .target(name: "CNettle", condition: .when(platforms: [.linux]))]),
    // The definition format: its JSON parser, the model, decoding and the stored form. No C library.
    .target(name: "BlankslateModel", dependencies: ["BlankslateSupport"]),
    // Typography, layout, rendering and lint: all a tool that renders needs.
    .target(
      name: "BlankslateCore",
      dependencies: ["BlankslateModel", "BlankslateSupport", "CHarfBuzz", "CFriBidi", "CUnibreak"]),
    // libxml2: every published file's check, the SVG sanitiser, the link checker.
    .target(name: "BlankslateValidation", dependencies: ["BlankslateSupport", "CLibXML2"]),
    // The hand-off: the Swift, String Catalog and asset catalog a team puts in its app, and the
    // gallery's snippets. It links only what Apple's SDK has (libxml2), so that its tool builds
    // with Xcode alone for the build-tool plugin.
    .target(name: "BlankslateHandOff", dependencies: ["BlankslateModel", "BlankslateValidation", "BlankslateSupport"]),
    // The hand-off as a tool of its own, for the plugin: `blankslate export swift` and nothing else.
    .executableTarget(name: "blankslate-handoff", dependencies: ["BlankslateHandOff"]),
    // Regenerates a target's placeholders from the team's site on every build.
    .plugin(name: "PlaceholderHandOff", capability: .buildTool(), dependencies: ["blankslate-handoff"]),
    // The site: build, gallery pages, templates, PNGs (librsvg).
    .target(
      name: "BlankslateSite",
      dependencies: [
        "BlankslateHandOff", "BlankslateCore", "BlankslateModel", "BlankslateValidation", "BlankslateSupport", "CRsvg",
        "CSystem",
      ],
      plugins: ["EmbedTemplates"]
    ),
    // Snapshots: goldens, the comparison and its cards, decisions and Accept, the report.
    .target(
      name: "BlankslateSnapshot",
      dependencies: [
        "BlankslateSite", "BlankslateCore", "BlankslateModel", "BlankslateValidation", "BlankslateSupport",
      ]
    ),
    // `serve`: libmicrohttpd, the watcher, live reload, Accept.
    .target(
      name: "BlankslateServe",
      dependencies: [
        "BlankslateSnapshot", "BlankslateSite", "BlankslateCore", "BlankslateModel", "BlankslateSupport", "CMicroHTTPD",
      ]),
    // The command line as a library: options declared once, each command a function, tested in-process.
    .target(
      name: "BlankslateCLI",
      dependencies: [
        "BlankslateServe", "BlankslateSnapshot", "BlankslateSite", "BlankslateHandOff", "BlankslateCore",
        "BlankslateModel", "BlankslateValidation", "BlankslateSupport",
      ]
    ),
    // Everything, re-exported.
    .target(
      name: "BlankslateKit",
      dependencies: [
        "BlankslateCLI", "BlankslateServe", "BlankslateSnapshot", "BlankslateSite", "BlankslateHandOff",
        "BlankslateValidation", "BlankslateCore", "BlankslateModel", "BlankslateSupport",
      ]
    ),
    // mimalloc on Linux only: Debian packages it; on macOS the system's allocator serves.
    .executableTarget(
      name: "blankslate",
      dependencies: ["BlankslateCLI", .target(name: "CMimalloc", condition: .when(platforms: [.linux]))]
    ),
    // Tests mirror the targets: a target's tests link it and the support
    // below it, never the kit. BlankslateTestSupport needs only
    // BlankslateSupport (files, processes, goldens, the built binary);
    // BlankslateCoreTestSupport adds the model's fixtures and an SVG probe
    // (libxml2, through BlankslateValidation).
    .target(
      name: "BlankslateTestSupport", dependencies: ["BlankslateSupport"], path: "Tests/BlankslateTestSupport"),
    .target(
      name: "BlankslateCoreTestSupport",
      dependencies: ["BlankslateCore", "BlankslateValidation", "BlankslateTestSupport"],
      path: "Tests/BlankslateCoreTestSupport"),
    .testTarget(name: "BlankslateSupportTests", dependencies: ["BlankslateSupport", "BlankslateTestSupport"]),
    .testTarget(name: "BlankslateModelTests", dependencies: ["BlankslateModel", "BlankslateTestSupport"]),
    .testTarget(name: "BlankslateCoreTests", dependencies: ["BlankslateCore", "BlankslateCoreTestSupport"]),
    .testTarget(name: "BlankslateValidationTests", dependencies: ["BlankslateValidation", "BlankslateTestSupport"]),
    .testTarget(name: "BlankslateSiteTests", dependencies: ["BlankslateSite", "BlankslateCoreTestSupport"]),
    .testTarget(
      name: "BlankslateSnapshotTests", dependencies: ["BlankslateSnapshot", "BlankslateCoreTestSupport"],
      exclude: ["Render/__Snapshots__"]),
    .testTarget(name: "BlankslateServeTests", dependencies: ["BlankslateServe", "BlankslateCoreTestSupport"]),
    .testTarget(
      name: "BlankslateCLITests", dependencies: ["BlankslateCLI", "BlankslateCoreTestSupport", "blankslate"]),
    // The package as a whole: its arrows, and the public API as README shows it.
    .testTarget(name: "BlankslateKitTests", dependencies: ["BlankslateKit", "BlankslateCoreTestSupport"]),
  ]
)
