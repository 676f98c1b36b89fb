import BlankslateSupport

/// One placeholder design: a layout and its variants, from one file.
public struct Design: Sendable, Equatable {
  /// `[a-z0-9-]+`, unique in the site; the file name when not written.
  public var id: String
  /// The gallery's label.
  public var name: String
  /// The layout its variants are laid out with.
  public var layout: LayoutKind
  /// Tags the gallery filters by.
  public var tags: [String]
  /// The design's variants in file order; at least one.
  public var variants: [Variant]
  /// The file, relative to the site folder (`placeholders/orders.json`).
  public var sourceFile: String
  /// A hash of the file's bytes (the build cache's key for the design).
  public var sourceHash: String
  /// The app's accent (`site.json` `tint`): UIKit's `tintColor` wherever UIKit
  /// uses it; nil: systemBlue, UIKit's default.
  package var appTint: ColorValue?

  /// A design of `variants`.
  public init(
    id: String, name: String, layout: LayoutKind, tags: [String] = [], variants: [Variant],
    sourceFile: String, sourceHash: String = ""
  ) {
    self.id = id
    self.name = name
    self.layout = layout
    self.tags = tags
    self.variants = variants
    self.sourceFile = sourceFile
    self.sourceHash = sourceHash
  }
}

/// One variant of a design, its properties already laid over the design's.
public struct Variant: Sendable, Equatable {
  /// `[a-z0-9-]+`, unique in its design; `default` when the design has no variants.
  public var id: String
  /// The variant's name as the gallery shows it.
  public var name: String
  /// The resolved properties: the design's with this variant's laid over them.
  /// Inlinable: layout and rendering (another target) read a field or two of
  /// them per render, which an opaque getter made a whole copy of (11 M
  /// instructions of a 1,008-render full build, `valgrind --tool=callgrind`).
  @inlinable package var properties: Properties {
    get { storage.properties }
    set { storage = PropertiesStorage(newValue) }
  }
  /// Properties are large (hundreds of bytes, dozens of references) and a
  /// variant is copied into every one of its render jobs: they are kept in
  /// one shared, immutable box, so a copy is one reference.
  @usableFromInline var storage: PropertiesStorage
  /// The variant's JSON path in its file (`variants[2]`), or the root for `default`.
  public var path: JSONPath
  /// Where the variant's object starts in its file (for annotations that point at it).
  package var position: SourcePosition
  /// Lint findings accepted for this variant, each with its reason (the
  /// variant's `suppress`, or else its design's), in the order written.
  public var suppressions: [Suppression]

  package init(
    id: String, name: String, properties: Properties, path: JSONPath = .root,
    position: SourcePosition = SourcePosition(line: 1, column: 1), suppressions: [Suppression] = []
  ) {
    self.id = id
    self.name = name
    self.storage = PropertiesStorage(properties)
    self.path = path
    self.position = position
    self.suppressions = suppressions
  }

  /// The first suppression that accepts a finding of `rule` on `element` with `cause`, and its place.
  public func suppression(for rule: LintRule, element: String?, cause: String) -> (index: Int, reason: String)? {
    guard let index = suppressions.firstIndex(where: { $0.accepts(rule: rule, element: element, cause: cause) })
    else { return nil }
    return (index, suppressions[index].reason)
  }

  /// Whether both are the same variant with the same properties.
  public static func == (left: Variant, right: Variant) -> Bool {
    left.id == right.id && left.name == right.name && left.path == right.path && left.position == right.position
      && left.suppressions == right.suppressions
      && (left.storage === right.storage || left.storage.properties == right.storage.properties)
  }
}

/// A variant's properties, boxed (`Variant.properties`).
@usableFromInline final class PropertiesStorage: Sendable {
  @usableFromInline let properties: Properties

  @usableFromInline init(_ properties: Properties) {
    self.properties = properties
  }
}
