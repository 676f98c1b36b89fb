import BlankslateCore
import BlankslateServe
import BlankslateSite
import BlankslateSupport
import BlankslateValidation

/// One command of the `blankslate` tool, declared once: its options, what
/// it does and how it exits. Parsing, `--help`, the command list and the
/// README's command table are all made from these declarations.
package struct CommandSpec: Sendable {
  /// One option: `--site DIR` (a value) or `--quiet` (a flag).
  package struct Option: Sendable {
    package let name: String
    /// What the value stands for (`DIR`); nil for a flag.
    package let value: String?
    /// What it does; the help adds the default.
    package let summary: String
    /// The value when the option is not given (nil: none, or it says in `summary`).
    package let defaultValue: String?

    package init(name: String, value: String?, help: String, default defaultValue: String? = nil) {
      self.name = name
      self.value = value
      summary = help
      self.defaultValue = defaultValue
    }

    /// What `--help` says of it: what it does, and its default.
    package var help: String { defaultValue.map { summary + " (default: \($0))" } ?? summary }

    /// `--site DIR`, or `--quiet`.
    package var synopsis: String { value.map { name + " " + $0 } ?? name }
  }

  /// The tool's commands, a case each: the dispatch is a switch the compiler holds to every one.
  package enum Command: String, Sendable, CaseIterable {
    case build, check, record, accept, prune, lint, report, validate, list, serve
    case `init`
    case export, fonts, schema
  }

  package let command: Command
  /// The command's name on the command line (`build`).
  package var name: String { command.rawValue }
  /// One line, for the command list and the README.
  package let summary: String
  /// What `--help` says after the usage line.
  package let details: String
  /// The positional arguments (`PATH...`), or nil when the command takes none.
  package let positional: String?
  package let options: [Option]
  /// How the command exits (`0 built, 1 …, 2 …`).
  package let exitCodes: String

  /// `blankslate build [--site DIR] … [--quiet]`.
  package var synopsis: String {
    (["blankslate", name] + options.map { "[" + $0.synopsis + "]" } + (positional.map { [$0] } ?? [])).joined(
      separator: " ")
  }

  /// The whole `--help` text.
  package var help: String {
    let width = (options.map(\.synopsis.count).max() ?? 0) + 2
    // The usage line, wrapped under the command's name.
    var usage = ["Usage: blankslate " + name]
    for part in options.map({ "[" + $0.synopsis + "]" }) + (positional.map { [$0] } ?? []) {
      if usage[usage.count - 1].count + part.count + 1 > 80 {
        usage.append(String(repeating: " ", count: "Usage: blankslate \(name)".count) + " " + part)
      } else {
        usage[usage.count - 1] += " " + part
      }
    }
    var lines = usage + ["", details]
    if !options.isEmpty {
      lines.append("")
      for option in options {
        lines.append("  " + option.synopsis.padding(toLength: width, withPad: " ", startingAt: 0) + option.help)
      }
    }
    lines += ["", "Exit codes: " + exitCodes + "."]
    return lines.joined(separator: "\n")
  }

  /// Why a command line cannot be used, in a sentence.
  package struct UsageError: Error, Sendable, CustomStringConvertible {
    package var description: String

    package init(description: String) {
      self.description = description
    }
  }

  /// The command line after the command's name, read against the declarations.
  package struct Arguments: Sendable {
    fileprivate(set) var values: [String: String] = [:]
    fileprivate(set) var flags: Set<String> = []
    package fileprivate(set) var positional: [String] = []

    /// The option's value as given, else its declared default.
    package func value(_ option: Option) -> String? { values[option.name] ?? option.defaultValue }
    /// The value of an option that has a default.
    package subscript(_ option: Option) -> String { values[option.name] ?? option.defaultValue ?? "" }
    /// Whether the flag was given.
    package func has(_ flag: Option) -> Bool { flags.contains(flag.name) }

    /// A whole-number option of at least 1.
    package func count(_ option: Option) throws(UsageError) -> Int? {
      let name = option.name
      guard let text = values[name] else { return nil }
      guard let number = Int(text), number > 0 else {
        throw UsageError(
          description: "\(name) needs a whole number of at least 1, not \"\(TerminalText.excerpt(text))\"")
      }
      return number
    }
  }

  /// Reads `arguments` (after the command's name): each option as declared,
  /// `--name=value` or `--name value`, and `--` before positional arguments
  /// that start with a dash.
  package func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
    var parsed = Arguments()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        parsed.positional += arguments[index...]
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        parsed.positional.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.name == name }) else {
        let hint = Suggestion.nearest(to: name, among: options.map(\.name)).map { " Did you mean \($0)?" } ?? ""
        throw UsageError(description: "unknown option \(TerminalText.excerpt(name)).\(hint)")
      }
      if option.value == nil {
        guard inlineValue == nil else { throw UsageError(description: "\(name) takes no value") }
        parsed.flags.insert(name)
      } else if let inlineValue {
        parsed.values[name] = inlineValue
      } else {
        guard index < arguments.count else { throw UsageError(description: "\(name) needs a value") }
        parsed.values[name] = arguments[index]
        index += 1
      }
    }
    if positional == nil, let first = parsed.positional.first {
      throw UsageError(description: "\(name) takes no arguments, only options (found \(TerminalText.excerpt(first)))")
    }
    return parsed
  }

  /// The declaration of `name`, or nil.
  package static func named(_ name: String) -> CommandSpec? {
    Command(rawValue: name).flatMap { command in all.first { $0.command == command } }
  }

  /// The tool's own usage: every command with its summary.
  package static var overview: String {
    let width = (all.map(\.name.count).max() ?? 0) + 3
    return """
      blankslate: a design gallery of mobile empty-state screens, from JSON definitions.

      Usage: blankslate <command> [options]

      Commands:
      \(all.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

      Run 'blankslate <command> --help' for a command's options.
      Exit codes: 0 success, 1 a check found differences or invalid output, 2 bad usage or bad input.
      """
  }

  /// The README's command table, in Markdown.
  package static var markdownTable: String {
    var lines = ["| command | what it does | exit codes |", "|---|---|---|"]
    for command in all {
      let synopsis = command.synopsis.replacingOccurrences(of: "|", with: "\\|")
      lines.append("| `\(synopsis)` | \(command.summary) | \(command.exitCodes) |")
    }
    return lines.joined(separator: "\n")
  }

  /// "Did you mean" for a command name.
  package static func suggestion(for name: String) -> String? {
    Suggestion.nearest(to: name, among: all.map(\.name))
  }
}
