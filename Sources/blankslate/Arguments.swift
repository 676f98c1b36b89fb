/// The command line after the command name: options with values, flags, and
/// positional arguments. Each command says which options it accepts.
struct Arguments {
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  private(set) var values: [String: String] = [:]
  private(set) var flags: Set<String> = []
  private(set) var positional: [String] = []

  /// - Parameters:
  ///   - options: options that take a value (`--site`).
  ///   - flags: options that take none (`--json`).
  init(_ arguments: [String], options: [String], flags allowedFlags: [String]) throws(UsageError) {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        positional += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positional.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if allowedFlags.contains(name) {
        guard inlineValue == nil else { throw UsageError(description: "\(name) takes no value") }
        flags.insert(name)
      } else if options.contains(name) {
        if let inlineValue {
          values[name] = inlineValue
        } else {
          guard index < arguments.count else { throw UsageError(description: "\(name) needs a value") }
          values[name] = arguments[index]
          index += 1
        }
      } else {
        let known = options + allowedFlags
        let hint = nearest(to: name, among: known).map { " Did you mean \($0)?" } ?? ""
        throw UsageError(description: "unknown option \(name).\(hint)")
      }
    }
  }

  func value(_ name: String) -> String? { values[name] }

  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// A positive whole number option.
  func count(_ name: String) throws(UsageError) -> Int? {
    guard let text = values[name] else { return nil }
    guard let number = Int(text), number > 0 else {
      throw UsageError(description: "\(name) needs a whole number of at least 1, not \"\(text)\"")
    }
    return number
  }

  private func nearest(to word: String, among candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
      var row = Array(0...b.count)
      for i in 1...max(a.count, 1) where !a.isEmpty {
        var previous = row[0]
        row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
          let current = row[j]
          row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
          previous = current
        }
      }
      return row[b.count]
    }
    let scored = candidates.map { ($0, distance(Array(word), Array($0))) }.min { $0.1 < $1.1 }
    guard let scored, scored.1 <= 3 else { return nil }
    return scored.0
  }
}
