/// A unified line diff, for showing how a render differs from its golden.
package enum LineDiff {
  /// One line of a diff.
  package enum Line: Equatable, Sendable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The lines of `old` and `new` aligned by their longest common subsequence.
  package static func lines(from old: [Substring], to new: [Substring]) -> [Line] {
    // Trim the common head and tail first: goldens usually differ in a few lines.
    var head = 0
    while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
    var tail = 0
    while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
      tail += 1
    }
    let a = Array(old[head..<(old.count - tail)])
    let b = Array(new[head..<(new.count - tail)])
    var result = old[0..<head].map { Line.same(String($0)) }
    result += middle(a, b)
    result += old[(old.count - tail)...].map { Line.same(String($0)) }
    return result
  }

  private static func middle(_ a: [Substring], _ b: [Substring]) -> [Line] {
    if a.isEmpty { return b.map { .added(String($0)) } }
    if b.isEmpty { return a.map { .removed(String($0)) } }
    // Too large for a table: show the whole block as replaced.
    guard a.count * b.count <= 4_000_000 else {
      return a.map { .removed(String($0)) } + b.map { .added(String($0)) }
    }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var result: [Line] = []
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      if a[i] == b[j] {
        result.append(.same(String(a[i])))
        i += 1
        j += 1
      } else if table[i + 1][j] >= table[i][j + 1] {
        result.append(.removed(String(a[i])))
        i += 1
      } else {
        result.append(.added(String(b[j])))
        j += 1
      }
    }
    result += a[i...].map { .removed(String($0)) }
    result += b[j...].map { .added(String($0)) }
    return result
  }

  /// A unified diff (`---`/`+++` headers, `@@` hunks with `context` lines
  /// around each change); empty when the texts are equal.
  package static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
    guard old != new else { return "" }
    let diff = lines(
      from: old.split(separator: "\n", omittingEmptySubsequences: false),
      to: new.split(separator: "\n", omittingEmptySubsequences: false))
    var output = "--- \(oldName)\n+++ \(newName)\n"
    var index = 0
    var oldLine = 1
    var newLine = 1
    var positions: [(old: Int, new: Int)] = []
    for line in diff {
      positions.append((oldLine, newLine))
      switch line {
      case .same: oldLine += 1; newLine += 1
      case .removed: oldLine += 1
      case .added: newLine += 1
      }
    }
    while index < diff.count {
      guard let change = diff[index...].firstIndex(where: { if case .same = $0 { return false } else { return true } })
      else { break }
      let start = max(0, change - context)
      var end = change
      var lastChange = change
      while end < diff.count {
        if case .same = diff[end] {
          if end - lastChange > 2 * context { break }
        } else {
          lastChange = end
        }
        end += 1
      }
      end = min(diff.count, lastChange + context + 1)
      let hunk = diff[start..<end]
      let oldCount = hunk.filter { if case .added = $0 { return false } else { return true } }.count
      let newCount = hunk.filter { if case .removed = $0 { return false } else { return true } }.count
      output += "@@ -\(positions[start].old),\(oldCount) +\(positions[start].new),\(newCount) @@\n"
      for line in hunk {
        switch line {
        case .same(let text): output += " " + text + "\n"
        case .removed(let text): output += "-" + text + "\n"
        case .added(let text): output += "+" + text + "\n"
        }
      }
      index = end
    }
    return output
  }
}
