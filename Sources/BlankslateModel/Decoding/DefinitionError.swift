import BlankslateSupport

/// Where in the definitions a problem sits: the file, the JSON path, and the
/// line and column when the value came from a file.
public struct SourceLocation: Sendable, Equatable, Hashable {
  /// The file, as given to the loader (relative to the working directory when
  /// the site folder was given relatively).
  public var file: String
  /// The JSON path of the value at fault.
  public var path: JSONPath
  package var position: SourcePosition?

  package init(file: String, path: JSONPath = .root, position: SourcePosition? = nil) {
    self.file = file
    self.path = path
    self.position = position
  }
}

/// A problem in a site's definitions.
///
/// Every case carries the location at fault; `description` turns each into a
/// full sentence that says what was found and what was expected.
public enum DefinitionError: Error, Sendable, Equatable {
  /// A file or folder could not be read at all.
  case unreadable(file: String, reason: String)
  /// The file is not JSON.
  case syntax(file: String, position: SourcePosition, message: String)
  /// An object holds a key the format does not define.
  case unknownKey(SourceLocation, key: String, allowed: [String])
  /// A key the format requires is absent.
  case missingKey(SourceLocation, key: String, expected: String)
  /// A value of the wrong JSON type.
  case wrongType(SourceLocation, found: String, expected: String)
  /// A value of the right type that is not one of the accepted values.
  case invalidValue(SourceLocation, found: String, expected: String, allowed: [String])
  /// An id used twice where ids must be unique.
  case duplicateID(SourceLocation, id: String, firstUse: String)
  /// A string holds a character that XML cannot represent.
  case forbiddenCharacter(SourceLocation, scalar: Unicode.Scalar, offset: Int)
  /// An image path that is absolute or climbs out of `assets/`.
  case assetOutsideSite(SourceLocation, path: String)
  /// An image path that names no file under `assets/`.
  case assetMissing(SourceLocation, path: String)
  /// A property the design's layout does not read.
  case propertyNotRead(SourceLocation, key: String, layout: String, reads: [String])
  /// The site goes past one of its limits (`limits` in `site.json`).
  case limitExceeded(SourceLocation, what: String, found: Int, limit: Int, key: String)
  /// A pinned font file is found nowhere (its hash, where it was looked for, how to get it).
  case font(file: String, message: String)

  /// Where the problem is, for every case that concerns a value of a file.
  public var location: SourceLocation? {
    switch self {
    case .unreadable, .syntax, .font: nil
    case .unknownKey(let location, _, _), .missingKey(let location, _, _),
      .wrongType(let location, _, _), .invalidValue(let location, _, _, _),
      .duplicateID(let location, _, _), .forbiddenCharacter(let location, _, _),
      .assetOutsideSite(let location, _), .assetMissing(let location, _),
      .propertyNotRead(let location, _, _, _), .limitExceeded(let location, _, _, _, _):
      location
    }
  }

  /// The file the problem is in.
  public var file: String {
    switch self {
    case .unreadable(let file, _), .syntax(let file, _, _), .font(let file, _): file
    default: location?.file ?? ""
    }
  }

  /// The line and column of the problem, when known.
  package var position: SourcePosition? {
    if case .syntax(_, let position, _) = self { return position }
    return location?.position
  }
}

/// Every problem found in a site, in file order, reported together.
public struct DefinitionErrors: Error, Sendable, Equatable, CustomStringConvertible {
  /// Every problem, in file and position order.
  public var errors: [DefinitionError]

  /// The problems `errors`.
  public init(_ errors: [DefinitionError]) {
    self.errors = errors
  }

  /// One line per problem.
  public var description: String {
    let files = Set(errors.map(\.file)).count
    let head = errors.map(\.description).joined(separator: "\n")
    let plural = errors.count == 1 ? "error" : "errors"
    return head + "\n\(errors.count) \(plural) in \(files) \(files == 1 ? "file" : "files"); nothing was built."
  }
}
