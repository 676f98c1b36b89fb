import BlankslateSupport

/// The path of a value inside a JSON document, written as users read it:
/// `variants[2].messageColor`.
public struct JSONPath: Sendable, Equatable, Hashable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Sendable, Equatable, Hashable {
    /// A key of an object.
    case key(String)
    /// An index into an array (0-based, as in the file).
    case index(Int)
  }

  /// The keys and indexes from the document's root.
  public var components: [Component]

  /// The path of `components`.
  public init(_ components: [Component] = []) {
    self.components = components
  }

  /// The document's top level.
  public static let root = JSONPath()

  /// This path, then the object key `key`.
  public func appending(_ key: String) -> JSONPath {
    appending(component: .key(key))
  }

  /// This path, then the array index `index`.
  public func appending(_ index: Int) -> JSONPath {
    appending(component: .index(index))
  }

  /// One allocation, where `components + [component]` made two: a decoder
  /// makes the path of every field it reads.
  private func appending(component: Component) -> JSONPath {
    var longer: [Component] = []
    longer.reserveCapacity(components.count + 1)
    longer.append(contentsOf: components)
    longer.append(component)
    return JSONPath(longer)
  }

  /// The path as messages write it (`variants[1].title`).
  public var description: String {
    if components.isEmpty { return "(top level)" }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key):
        let plain =
          !key.isEmpty
          && key.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
          }
        if plain {
          text += text.isEmpty ? key : "." + key
        } else {
          text += "[\"" + TerminalText.oneLine(key).replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
        }
      }
    }
    return text
  }
}
