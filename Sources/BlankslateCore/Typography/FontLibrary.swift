import CHarfBuzz
import Foundation
import BlankslateModel
import BlankslateSupport

/// A pinned font file that is missing, different or unreadable: names the
/// face, the hash it must have, where it was looked for, and how to get it.
public struct FontError: Error, CustomStringConvertible, Sendable {
  package let font: PinnedFont
  /// Why the font cannot be used.
  public let reason: String

  package init(font: PinnedFont, reason: String) {
    self.font = font
    self.reason = reason
  }

  /// The error of a stand-in no search found.
  init(font: PinnedFont, file: PinnedFile, lookedIn: [String], different: [FontLocation.Candidate]) {
    let folders = lookedIn.joined(separator: ", ")
    let reason: String
    if different.isEmpty {
      reason = "is missing: no file with SHA-256 \(file.sha256) in \(folders)"
    } else {
      let found = different.map(\.description).joined(separator: "; ")
      reason = "is not the pinned file: expected SHA-256 \(file.sha256), but \(found) (looked in \(folders))"
    }
    self.init(font: font, reason: reason)
  }

  /// The problem, and how to get the font.
  public var description: String {
    guard let file = font.file else {
      return "font \(font.path) \(reason): it is one of \(font.package), named in site.json"
    }
    return "font \(file.name) (\(font.cssFamily), weight \(font.weight)) \(reason). To get it: \(file.howToGet)."
  }
}

/// One pinned face loaded into HarfBuzz. Immutable once made, so shaping and
/// drawing may use it from every worker at once (HarfBuzz fonts are thread-safe
/// for reading).
package final class LoadedFace: @unchecked Sendable {
  let font: PinnedFont
  /// The file's mapping, which the face reads (unmapped after the face is destroyed).
  private let file: MappedFontFile
  let face: OpaquePointer
  let hbFont: OpaquePointer
  let unitsPerEm: Double
  /// The hhea ascender and descender in ems, both positive: what a browser
  /// centres a line with, and what the SVG's baselines use.
  let ascent: Double
  let descent: Double
  /// `name` table version string, e.g. "Version 4.000;git-…".
  let version: String
  /// The file's size, `head.fontRevision` and `head.checkSumAdjustment` (a
  /// checksum of the whole file): changes whenever the file's bytes do,
  /// without reading 20 MB of a CJK collection on every build.
  package let identity: String

  package init(_ font: PinnedFont) throws(FontError) {
    if case .missing(let lookedIn, let different) = font.location, let file = font.file {
      throw FontError(font: font, file: file, lookedIn: lookedIn, different: different)
    }
    let file = try MappedFontFile(font)
    guard
      let blob = hb_blob_create_or_fail(
        file.bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(file.bytes.count),
        HB_MEMORY_MODE_READONLY, nil, nil)
    else { throw FontError(font: font, reason: "cannot be read (out of memory)") }
    defer { hb_blob_destroy(blob) }
    guard hb_face_count(blob) > UInt32(font.faceIndex), let face = hb_face_create(blob, UInt32(font.faceIndex)) else {
      throw FontError(font: font, reason: "has no face \(font.faceIndex)")
    }
    let head = Self.table(face, "head")
    let hhea = Self.table(face, "hhea")
    guard head.count >= 54, hhea.count >= 36, hb_face_get_upem(face) > 0 else {
      hb_face_destroy(face)
      throw FontError(font: font, reason: "is not an OpenType font")
    }
    self.font = font
    self.file = file
    self.face = face
    hbFont = hb_font_create(face)
    hb_font_make_immutable(hbFont)
    unitsPerEm = Double(hb_face_get_upem(face))
    ascent = Double(Self.int16(hhea, 4)) / unitsPerEm
    descent = -Double(Self.int16(hhea, 6)) / unitsPerEm
    version = Self.versionString(face)
    let revision = Self.uint32(head, 4)
    let checksum = Self.uint32(head, 8)
    identity = "\(font.fileName) \(file.bytes.count) \(String(revision, radix: 16)) \(String(checksum, radix: 16))"
  }

  deinit {
    hb_font_destroy(hbFont)
    hb_face_destroy(face)
  }

  /// Hands the file's pages this process has read back to the kernel
  /// (they stay in the page cache; the next read maps them again).
  func releasePages() { file.releasePages() }

  /// Where the file is mapped (for the tests, which read the mapping's resident size).
  var mappedAddress: UInt { UInt(bitPattern: file.bytes.baseAddress) }

  /// Whether the face has a glyph for `scalar`.
  func hasGlyph(_ scalar: UInt32) -> Bool {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
  }

  private static func table(_ face: OpaquePointer, _ tag: String) -> [UInt8] {
    let bytes = Array(tag.utf8)
    let value = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard let blob = hb_face_reference_table(face, value) else { return [] }
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
    return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }

  private static func int16(_ bytes: [UInt8], _ offset: Int) -> Int16 {
    Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))
  }

  private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
  }

  private static func versionString(_ face: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    var size = UInt32(buffer.count)
    _ = hb_ot_name_get_utf8(
      face, hb_ot_name_id_t(HB_OT_NAME_ID_VERSION_STRING), hb_language_from_string("en", -1), &size, &buffer)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// The pinned faces, loaded once (each file is mapped, not read) and kept for
/// the process: a lookup is an array index, with no lock, however many
/// workers shape text at once.
package final class FontLibrary: Sendable {
  /// The library every layout and render of this process uses.
  package static let shared = FontLibrary()

  private let faces: [Result<LoadedFace, FontError>]

  /// The pinned fonts, opened where this process's search found them (README, "Fonts and text").
  package convenience init() {
    self.init(faces: PinnedFont.all)
  }

  /// `faces`, one per slot of `PinnedFont.all` (a site's own files in some slots).
  init(faces fonts: [PinnedFont]) {
    faces = fonts.map { font in Result { () throws(FontError) in try LoadedFace(font) } }
  }

  /// Loads every pinned face; the first that is missing is thrown, naming its package.
  package func checkAll() throws(FontError) {
    for face in faces { _ = try face.get() }
  }

  /// Why faces cannot be loaded: one error per file (a collection's faces
  /// share theirs), in slot order; empty when every face loads.
  package func problems() -> [FontError] {
    var seen: Set<String> = []
    return faces.compactMap { result in
      guard case .failure(let error) = result, seen.insert(error.font.file?.name ?? error.font.path).inserted else {
        return nil
      }
      return error
    }
  }

  /// The loaded face `id`. Commands call `checkAll()` before any layout, so a
  /// missing file here is a broken installation, not an input error.
  func face(_ id: Int) -> LoadedFace {
    switch faces[id] {
    case .success(let face): return face
    case .failure(let error): fatalError(error.description)
    }
  }

  /// The loaded face `id`, or why it cannot be loaded.
  func loaded(_ id: Int) throws(FontError) -> LoadedFace {
    try faces[id].get()
  }

  /// Hands back the pages of every font file read so far: a build that draws
  /// thousands of CJK characters reads megabytes of charstrings, each glyph's
  /// once, and its peak memory should not keep them all. Shaping and drawing
  /// may go on meanwhile; what they read next is mapped again from the page cache.
  package func releasePages() {
    for case .success(let face) in faces { face.releasePages() }
  }

  /// One line per face: file, version and identity, for the README and `--version`.
  package func identities() throws(FontError) -> [String] {
    try faces.map { result throws(FontError) in
      let face = try result.get()
      return "\(face.identity) \(face.version)"
    }
  }

  /// The identity of every face, for the build cache key.
  package func fingerprint() throws(FontError) -> String {
    try identities().joined(separator: "\n")
  }
}

/// A font file mapped read-only and privately, never written, so that its
/// pages can be handed back at any time (`madvise(MADV_DONTNEED)` drops them
/// from the process; a later read maps the same bytes again). HarfBuzz reads
/// it as a read-only blob: where it would amend a table it copies it instead
/// of writing to the mapping, so no page of it ever holds anything but the file.
private final class MappedFontFile: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer

  init(_ font: PinnedFont) throws(FontError) {
    // Without blocking: a FIFO put where a font was is refused, not waited on.
    let descriptor = open(font.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw FontError(font: font, reason: errno == ENOENT ? "is missing" : "cannot be read")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      throw FontError(font: font, reason: "is not a regular file")
    }
    guard status.st_size > 0, status.st_size <= Int64(UInt32.max) else {
      throw FontError(font: font, reason: "is not an OpenType font (\(status.st_size) bytes)")
    }
    let length = Int(status.st_size)
    guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED else {
      throw FontError(font: font, reason: "cannot be read")
    }
    bytes = UnsafeRawBufferPointer(start: base, count: length)
  }

  func releasePages() {
    guard let base = bytes.baseAddress else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base), bytes.count, MADV_DONTNEED)
  }

  deinit {
    if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
  }
}
