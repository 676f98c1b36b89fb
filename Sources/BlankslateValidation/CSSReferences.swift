import BlankslateSupport

/// Finds what a piece of CSS (a `<style>` sheet, a `style` attribute or a
/// presentation attribute's value) would make a browser fetch or run.
///
/// The CSS is read as a browser tokenizes it (CSS Syntax Level 3): comments
/// are dropped, escapes are decoded (`@\69mport` is `@import`, `u\72l(` is
/// `url(`), strings and `url(…)` tokens are read whole. Only same-document
/// references (`url(#id)`) may stay; every at-rule but `@media` goes, and so
/// do functions that take a URL (`image-set()`, `image()`, `cross-fade()`,
/// `element()`, `src()`) and script hooks (`expression()`, `behavior`,
/// `-moz-binding`, `javascript:`).
enum CSSReferences {
  /// The at-rules a sanitised sheet may keep.
  static let allowedAtRules: Set<String> = ["media"]
  /// Functions whose arguments are URLs (or fetch by other means).
  static let fetchingFunctions: Set<String> = [
    "image-set", "-webkit-image-set", "image", "cross-fade", "-webkit-cross-fade", "element", "-moz-element", "src",
  ]
  /// Names that run script in some browser.
  static let scriptHooks: Set<String> = ["expression", "behavior", "-moz-binding", "-ms-behavior"]

  /// Why `css` may not stay, or nil when it only refers inside the document.
  static func problem(in css: String) -> String? {
    var scanner = Scanner(Array(css.unicodeScalars))
    while let token = scanner.next() {
      switch token {
      case .atKeyword(let name):
        let lower = name.lowercased()
        if !allowedAtRules.contains(lower) { return "an @\(lower) rule" }
      case .function(let name):
        let lower = name.lowercased()
        if scriptHooks.contains(lower) { return "a script hook (\(lower))" }
        if fetchingFunctions.contains(lower) { return "\(lower)(), which loads a resource" }
        if lower == "url" {
          // url("…"): the argument is the next string.
          guard case .string(let target)? = scanner.next(), isInside(target) else {
            return "a url() outside the file"
          }
        }
      case .url(let target):
        if !isInside(target) { return "a url() outside the file" }
      case .ident(let name):
        let lower = name.lowercased()
        if scriptHooks.contains(lower) { return "a script hook (\(lower))" }
        if lower == "javascript" || lower == "vbscript", case .colon? = scanner.peek() { return "a script URL" }
      case .string(let text):
        let lower = text.lowercased().filter { !$0.isWhitespace }
        if lower.hasPrefix("javascript:") || lower.hasPrefix("vbscript:") { return "a script URL" }
      case .colon, .delimiter:
        break
      }
    }
    return nil
  }

  /// A reference to an element of the same document.
  private static func isInside(_ target: String) -> Bool {
    target.trimmingCharacters(in: .whitespaces).hasPrefix("#")
  }

  enum Token: Equatable {
    case atKeyword(String)
    case function(String)
    case url(String)
    case ident(String)
    case string(String)
    case colon
    /// Any other code point: punctuation, white space, a lone escape (as U+FFFD).
    case delimiter(Unicode.Scalar)
  }

  /// A CSS tokenizer reduced to what the check needs: names, strings and URLs, with escapes decoded.
  struct Scanner {
    private let input: [Unicode.Scalar]
    private var index = 0
    private var peeked: Token??

    init(_ input: [Unicode.Scalar]) {
      self.input = input
    }

    mutating func peek() -> Token? {
      if let peeked { return peeked }
      let token = scan()
      peeked = .some(token)
      return token
    }

    mutating func next() -> Token? {
      if let peeked {
        self.peeked = nil
        return peeked
      }
      return scan()
    }

    private func at(_ offset: Int) -> Unicode.Scalar? {
      index + offset < input.count ? input[index + offset] : nil
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "_" || scalar == "-" || scalar.value >= 0x80 || (scalar >= "a" && scalar <= "z")
        || (scalar >= "A" && scalar <= "Z")
    }

    private static func isName(_ scalar: Unicode.Scalar) -> Bool {
      isNameStart(scalar) || (scalar >= "0" && scalar <= "9")
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
      switch scalar {
      case "0"..."9": scalar.value - 0x30
      case "a"..."f": scalar.value - 0x61 + 10
      case "A"..."F": scalar.value - 0x41 + 10
      default: nil
      }
    }

    /// A backslash followed by something other than a newline starts an escape.
    private func startsEscape(_ offset: Int = 0) -> Bool {
      at(offset) == "\\" && at(offset + 1) != nil && at(offset + 1) != "\n"
    }

    /// Decodes the escape at `index` (just past the backslash).
    private mutating func escape() -> Unicode.Scalar {
      guard let first = at(0) else { return "\u{FFFD}" }
      guard Self.hexValue(first) != nil else {
        index += 1
        return first
      }
      var value: UInt32 = 0
      var count = 0
      while count < 6, let scalar = at(0), let digit = Self.hexValue(scalar) {
        value = value * 16 + digit
        index += 1
        count += 1
      }
      if let space = at(0), space == " " || space == "\t" || space == "\n" { index += 1 }
      guard value != 0, let decoded = Unicode.Scalar(value) else { return "\u{FFFD}" }
      return decoded
    }

    private mutating func name() -> String {
      var result = String.UnicodeScalarView()
      while let scalar = at(0) {
        if Self.isName(scalar) {
          result.append(scalar)
          index += 1
        } else if startsEscape() {
          index += 1
          result.append(escape())
        } else {
          break
        }
      }
      return String(result)
    }

    private func startsName(_ offset: Int = 0) -> Bool {
      guard let first = at(offset) else { return false }
      if first == "-" {
        guard let second = at(offset + 1) else { return false }
        return Self.isNameStart(second) || startsEscape(offset + 1)
      }
      return Self.isNameStart(first) || startsEscape(offset)
    }

    private mutating func string(ending quote: Unicode.Scalar) -> String {
      var result = String.UnicodeScalarView()
      while let scalar = at(0) {
        index += 1
        if scalar == quote || scalar == "\n" { break }
        if scalar == "\\" {
          if at(0) == "\n" {
            index += 1
          } else if at(0) != nil {
            result.append(escape())
          }
          continue
        }
        result.append(scalar)
      }
      return String(result)
    }

    /// The rest of an unquoted `url(…)`.
    private mutating func unquotedURL() -> String {
      var result = String.UnicodeScalarView()
      while let scalar = at(0) {
        index += 1
        if scalar == ")" { break }
        if scalar == "\\", at(0) != nil {
          result.append(escape())
          continue
        }
        result.append(scalar)
      }
      return String(result).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private mutating func scan() -> Token? {
      while let scalar = at(0) {
        if scalar == "/", at(1) == "*" {
          index += 2
          while index < input.count, !(at(0) == "*" && at(1) == "/") { index += 1 }
          index = min(index + 2, input.count)
          continue
        }
        if scalar == "\"" || scalar == "'" {
          index += 1
          return .string(string(ending: scalar))
        }
        if scalar == "@", startsName(1) {
          index += 1
          return .atKeyword(name())
        }
        if scalar == ":" {
          index += 1
          return .colon
        }
        if startsName() {
          let word = name()
          guard at(0) == "(" else { return .ident(word) }
          index += 1
          if word.lowercased() == "url" {
            while let space = at(0), space == " " || space == "\t" || space == "\n" { index += 1 }
            if at(0) != "\"" && at(0) != "'" { return .url(unquotedURL()) }
          }
          return .function(word)
        }
        index += 1
        if scalar == "\\" {
          // An escape that starts no name is still a character, as in a browser.
          _ = at(0) != nil ? escape() : "\u{FFFD}"
          return .delimiter("\u{FFFD}")
        }
        return .delimiter(scalar)
      }
      return nil
    }
  }
}
