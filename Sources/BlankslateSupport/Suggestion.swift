/// "Did you mean …?" for near misses of a known word.
package enum Suggestion {
  /// The allowed value closest to `word`, if it is close enough to be a slip.
  ///
  /// Close enough: a case-insensitive edit distance (with transpositions) of
  /// at most a third of the word's length (at least 1), or one word starting
  /// with the other (`blank` → `blank-page`). Ties go to the first allowed value.
  package static func nearest(to word: String, among allowed: [String]) -> String? {
    let target = Array(word.lowercased())
    guard !target.isEmpty else { return nil }
    var best: (value: String, distance: Int)?
    for candidate in allowed where candidate != word {
      let other = Array(candidate.lowercased())
      var distance = editDistance(target, other)
      if distance > max(1, target.count / 3) {
        let isPrefix = target.count >= 3 && (other.starts(with: target) || target.starts(with: other))
        guard isPrefix else { continue }
        distance = max(1, target.count / 3)
      }
      if distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.value
  }

  /// The optimal-string-alignment distance: insertions, deletions,
  /// substitutions and swaps of two neighbours each count one.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
