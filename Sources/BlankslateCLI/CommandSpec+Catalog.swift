import BlankslateCore
import BlankslateServe
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

extension CommandSpec.Option {
  /// The options several commands share, each declared once with its default.
  package static let site = Self(name: "--site", value: "DIR", help: "the site folder", default: "Site")
  package static let output = Self(name: "--output", value: "DIR", help: "the output folder", default: "_site")
  package static let jobs = Self(name: "--jobs", value: "N", help: "parallel workers (default: the number of cores)")
  package static let templates = Self(
    name: "--templates", value: "DIR", help: "templates laid over the built-in ones, file by file")
  package static let gallery = Self(
    name: "--gallery", value: "DIR", help: "the gallery the report links to", default: "_site")
  package static let report = Self(
    name: "--report", value: "DIR",
    help: "the HTML report (default: _report, beside the gallery; a build never touches it)")
}

extension CommandSpec.Option {
  /// The options one command has, each declared once: the command reads it by this value, never by its name.
  package static let noCache = Self(name: "--no-cache", value: nil, help: "render every design, even unchanged ones")
  package static let png = Self(
    name: "--png", value: nil, help: "also write each render as PNG (librsvg), beside its SVG")
  package static let scale = Self(name: "--scale", value: "1|2|3", help: "the PNGs' pixels per point (default: 2)")
  package static let timings = Self(
    name: "--timings", value: nil, help: "print where the time went (CPU time per phase, all workers)")
  package static let quiet = Self(name: "--quiet", value: nil, help: "print nothing but errors")
  package static let shard = Self(
    name: "--shard", value: "I/N", help: "only the I-th of N deterministic shares of the renders")
  package static let summaryJSON = Self(
    name: "--json", value: "FILE", help: "write a JSON summary (merge shards with 'blankslate report --merge')")
  package static let summaryMarkdown = Self(
    name: "--markdown", value: "FILE",
    help: "write a Markdown summary for CI (each change once, with the command that accepts it)")
  package static let galleryOfRenders = Self(
    name: "--gallery", value: "DIR",
    help: "the gallery the report links to, whose renders stand in for unchanged designs", default: "_site")
  package static let diff = Self(name: "--diff", value: nil, help: "print each change's line diff (its first render's)")
  package static let against = Self(
    name: "--against", value: "REF",
    help:
      "compare with the goldens as they are at a git revision (a pull request's merge base), read with git, not checked out"
  )
  package static let verbose = Self(
    name: "--verbose", value: nil, help: "list every golden written or removed, not a summary by design")
  package static let failOnNewFindings = Self(
    name: "--fail-on-new-findings", value: nil,
    help: "exit 1 when lint finds an error its variant's goldens were not recorded with")
  package static let mode = Self(
    name: "--mode", value: "all|missing|failed", help: "which goldens to write (default: missing)")
  package static let dryRun = Self(name: "--dry-run", value: nil, help: "list what would be removed, remove nothing")
  package static let findingsJSON = Self(name: "--json", value: "FILE", help: "write the findings as JSON")
  package static let merge = Self(
    name: "--merge", value: nil, help: "merge the summaries named after the options (required)")
  package static let mergedJSON = Self(name: "--json", value: "FILE", help: "write the merged JSON summary")
  package static let mergedMarkdown = Self(name: "--markdown", value: "FILE", help: "write the merged Markdown summary")
  package static let listJSON = Self(name: "--json", value: nil, help: "print JSON instead of text")
  package static let port = Self(name: "--port", value: "N", help: "the port (default: 8000; 0: any free port)")
  package static let host = Self(
    name: "--host", value: "ADDR",
    help: "the address to listen on (default: 127.0.0.1; another exposes the gallery to the network)")
  package static let allowRemoteChanges = Self(
    name: "--allow-remote-changes", value: nil,
    help: "with a --host beyond loopback, keep accept and rebuild on (anyone who can load a page may use them)")
  package static let poll = Self(
    name: "--poll", value: nil,
    help: "watch by looking at every file's version each 0.1 s, not with inotify (network and container mounts)")
  package static let action = Self(
    name: "--action", value: "OWNER/REPO@REF",
    help: "where the workflow takes Blankslate's action from (a fork, a tag, a commit)")
  package static let exportOutput = Self(
    name: "--output", value: "DIR", help: "the folder the files go in", default: "Export")
  package static let exportBundle = Self(
    name: "--bundle", value: "main|module",
    help: "the bundle the Swift finds the catalogs in: an app's (main) or a Swift package target's (module)",
    default: "main")
  package static let exportCheck = Self(
    name: "--check", value: nil, help: "write nothing; exit 1 when the exported files are stale")
  package static let filter = Self(
    name: "--filter", value: "REGEX", help: "only renders whose id (design/variant.device.theme.locale) matches")
  package static let junit = Self(name: "--junit", value: "FILE", help: "write JUnit XML, one test case per render")
  package static let reportPNG = Self(
    name: "--png", value: nil, help: "also write the report's renders as PNG, and draw its heat maps at --scale")
  package static let reportScale = Self(
    name: "--scale", value: "1|2|3", help: "pixels per point of those PNGs and heat maps (default: 2; without --png: 1)"
  )
  package static let fontsExport = Self(
    name: "--export", value: "DIR", help: "copy each found file into DIR, with LICENSES.md")
}

extension CommandSpec {
  private static let site = Option.site
  private static let output = Option.output
  private static let jobs = Option.jobs
  private static let filter = Option.filter
  private static let templates = Option.templates
  private static let report = Option.report
  private static let junit = Option.junit
  private static let gallery = Option.gallery
  private static let reportPNG = Option.reportPNG
  private static let reportScale = Option.reportScale

  /// Every command, in the order `blankslate --help` lists them.
  package static let all: [CommandSpec] = [
    CommandSpec(
      command: .build,
      summary:
        "Renders every variant × device × theme × locale to SVG and HTML, validates every file and link, and swaps the new output into place in one step.",
      details: """
        Renders every variant × device × theme × locale of the site into SVG and
        HTML, validates every file with libxml2, and replaces the output folder
        only when everything succeeded. Designs whose inputs did not change since
        the previous build are reused from it, not rendered again. The build's
        state (the previous output and the cache) lives in .<output>.blankslate
        beside the output, never in it.
        """,
      positional: nil,
      options: [
        site, output, jobs, templates,
        .noCache,
        .png,
        .scale,
        .timings,
        .quiet,
      ],
      exitCodes: "0 built, 1 output failed validation, 2 bad definitions or usage"),
    CommandSpec(
      command: .check,
      summary: "Compares every render with its golden and explains each difference in the design's terms.",
      details: """
        Renders every SVG of the site and compares it with its golden in
        DIR/__snapshots__ (on canonical XML). Each difference is explained in the
        design's terms (which element, which attribute, old → new), once for all
        the renders of a variant it applies to, with the command that accepts it;
        --diff adds the line diff of its first render (glyph outlines shortened to
        a hash). Renders without a golden are new; goldens without a render are
        orphaned. A design whose inputs (its file, its images, site.json, the
        fonts and the tool) are what the gallery (--gallery) was built from is
        compared as the gallery holds it, not drawn again; a gallery file that
        differs from its golden is drawn again, so it never decides a
        difference. Under CI nothing is ever written to the goldens;
        SNAPSHOT_TESTING_RECORD=all|missing|failed records after comparing.
        """,
      positional: nil,
      options: [
        site, filter,
        .shard,
        report, junit,
        .summaryJSON,
        .summaryMarkdown,
        .galleryOfRenders,
        templates, reportPNG, reportScale,
        .against, .diff, .failOnNewFindings, .verbose, jobs,
      ],
      exitCodes:
        "0 all match, 1 changed, new or orphaned (or, with --fail-on-new-findings, a new lint error), 2 bad input"),
    CommandSpec(
      command: .record,
      summary: "Writes goldens, each atomically (default: only missing ones); refused under CI.",
      details: """
        Writes goldens, each atomically. Modes as in swift-snapshot-testing:
          missing   only renders without a golden (the default)
          failed    renders that are new or differ from their golden
          all       every golden, rewritten from its render
        SNAPSHOT_TESTING_RECORD sets the default mode. Refused when CI is set.
        """,
      positional: nil,
      options: [
        site, .mode,
        filter, .verbose, jobs,
      ],
      exitCodes: "0 recorded, 2 bad input, a failed write, or CI is set"),
    CommandSpec(
      command: .accept,
      summary: "Records the renders a saved decisions file approves, if each is still exactly what was reviewed.",
      details: """
        Applies a decisions file saved from the report (opened from file://, no
        server needed): records exactly the approved renders whose golden and
        current bytes still have the SHA-256 the reviewer saw, and leaves
        rejected ones as they are. When any approved render changed since it
        was reviewed, nothing is written and each stale one is listed. Refused
        when CI is set.
        """,
      positional: "DECISIONS.json",
      options: [site, .verbose, jobs],
      exitCodes: "0 recorded, 1 a decision is stale (nothing written), 2 bad input or CI is set"),
    CommandSpec(
      command: .prune,
      summary: "Removes goldens that no render produces any more, listing them.",
      details:
        "Removes goldens that no render of the site produces any more, and the recorded definitions of\nvariants the site no longer has, listing them. Only golden- and definition-shaped files are\ntouched; nothing else in __snapshots__ is.",
      positional: nil,
      options: [
        site, filter, .dryRun, .verbose, jobs,
      ],
      exitCodes: "0 done, 2 bad input or CI is set"),
    CommandSpec(
      command: .lint,
      summary:
        "Reviews every render: contrast, tap targets, overflow, translations, dark mode, font size, silent states.",
      details: """
        Reviews every render of the site as a careful designer would: text
        contrast (WCAG AA), tap targets (44×44 pt), overflow (cut text, off
        screen, under the bars, overlapping), missing translations, dark-mode
        colours, the smallest font size, and states that say nothing. Findings
        are grouped by design and variant. Severities come from "lint" in
        site.json; a design or variant accepts a finding with "suppress" and a
        reason.
        """,
      positional: nil,
      options: [
        site, .findingsJSON, junit, jobs,
      ],
      exitCodes: "0 no error unaccepted, 1 an error finding is not accepted, 2 bad input"),
    CommandSpec(
      command: .report,
      summary: "Joins the JSON summaries of sharded checks into one summary, one report and one JUnit file.",
      details: """
        Joins the JSON summaries of sharded 'check' runs into one summary, one
        HTML report and one JUnit file.
        """,
      positional: "SUMMARY.json...",
      options: [
        .merge, report,
        .mergedJSON, junit,
        .mergedMarkdown, gallery, templates,
        reportPNG, reportScale,
      ],
      exitCodes: "0 no shard found a difference, 1 one did, 2 bad input"),
    CommandSpec(
      command: .validate,
      summary: "The same libxml2 and structural checks on any SVG, HTML or XML files or folders.",
      details: """
        Parses every .svg, .html and .xml file (folders are searched) strictly with
        libxml2, applies Blankslate's structural checks, and checks the links
        between the files of each folder.
        """,
      positional: "PATH...",
      options: [],
      exitCodes: "0 valid, 1 invalid, 2 bad usage"),
    CommandSpec(
      command: .list,
      summary: "Lists the site's designs and variants with their layouts, states and render count.",
      details: "Lists the designs and variants of the site with their layout and state.",
      positional: nil,
      options: [site, .listJSON],
      exitCodes: "0 listed, 2 bad definitions"),
    CommandSpec(
      command: .serve,
      summary: "Builds, serves the gallery on 127.0.0.1, rebuilds on every change and reloads open pages.",
      details: """
        Builds the site, serves the output over HTTP, watches the site folder
        and --templates (inotify on Linux; polling with --poll and elsewhere),
        rebuilds incrementally on every change, and
        tells every open page to reload. A change that does not build shows its
        error over the open pages and in the terminal; the last good gallery
        stays until it is fixed. Only the output's files are served, only to a
        Host naming the bound address; a state-changing request needs the run's
        token. Stop with Ctrl-C.
        """,
      positional: nil,
      options: [
        site, output, templates,
        .port,
        .host,
        .allowRemoteChanges,
        .poll,
        jobs,
      ],
      exitCodes: "0 stopped, 2 bad usage, or the address cannot be bound"),
    CommandSpec(
      command: .`init`,
      summary:
        "Creates a site that builds and checks at once: a modern sample design, schemas, goldens, .gitignore and a CI workflow.",
      details: """
        Creates DIR/Site (DIR: the current folder by default) with one modern
        design in English and German, its JSON Schemas and its goldens, so that
        build, lint and check pass at once; and, when they are not there yet,
        DIR/.gitignore (the output, the report and the tool's state) and
        DIR/.github/workflows/placeholders.yml (the check on every push, with
        the action at --action, else at the GitHub clone and commit this
        blankslate was built from; with neither, no workflow, and a note).
        An existing site is never replaced.
        """,
      positional: "[DIR]",
      options: [
        .action
      ],
      exitCodes: "0 created, 2 the site exists or a file cannot be written"),
    CommandSpec(
      command: .export,
      summary:
        "Writes the site's content-unavailable designs as Swift for an app target, with their texts as a String Catalog.",
      details: """
        KIND is swift (the one kind). Writes DIR/Placeholders.swift, a typed
        value per design and variant (Placeholders.FavouritesEmpty.default) that
        returns the configured UIContentUnavailableConfiguration and a SwiftUI
        view, with a #Preview per variant, and DIR/Placeholders.xcstrings (its
        own table), every text in the source language and each translation the
        site has, the design, variant and role as its comment. The same
        definitions give the same bytes; --check writes nothing and exits 1
        when the files in DIR are not what the site exports now.
        """,
      positional: "swift",
      options: [
        site, .exportOutput, .exportBundle,
        .exportCheck,
      ],
      exitCodes: "0 written (or up to date), 1 stale (--check), 2 bad definitions or usage"),
    CommandSpec(
      command: .fonts,
      summary:
        "Lists each font file the site's text is set with: its SHA-256, where it was found, how to get it; --export copies them.",
      details: """
        Each pinned font is known by its SHA-256 and looked for in the site's
        fonts/ folder first, then in the system's font folders (fontconfig's on
        Linux; the user's, the system's and Homebrew's on macOS), or in the
        folders BLANKSLATE_FONT_PATH lists instead (colon-separated; empty: none).
        The same files anywhere give the same renders. --export DIR copies the
        exact files and a LICENSES.md into DIR: commit them as Site/fonts/ and
        every machine renders alike.
        """,
      positional: nil,
      options: [
        site,
        .fontsExport,
      ],
      exitCodes: "0 every file found, 1 a file is missing, 2 bad definitions, usage or a failed copy"),
    CommandSpec(
      command: .schema,
      summary: "Prints the JSON Schema of placeholder files or site.json, or README's table of properties.",
      details: """
        Prints a JSON Schema (draft 2020-12) made from the same declarations
        the decoder reads: KIND is placeholder (default), site, or properties
        (the Markdown table of every property, its type and the layouts that
        read it). Point a file's "$schema" at the saved schema for completion
        and checks in an editor:
          blankslate schema placeholder > Site/schema/placeholder.schema.json
        """,
      positional: "[placeholder|site|properties]",
      options: [],
      exitCodes: "0 printed, 2 bad usage"),
  ]
}
