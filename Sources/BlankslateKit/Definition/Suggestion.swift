/// "Did you mean …?" for near misses of a known word.
enum Suggestion {
  /// The allowed value closest to `word`, if it is close enough to be a typo.
  ///
  /// Case-insensitive Levenshtein distance; "close enough" is at most a third
  /// of the word's length (at least 1), and ties go to the first allowed value.
  static func nearest(to word: String, among allowed: [String]) -> String? {
    let target = Array(word.lowercased())
    guard !target.isEmpty else { return nil }
    var best: (value: String, distance: Int)?
    for candidate in allowed where candidate != word {
      let distance = editDistance(target, Array(candidate.lowercased()))
      if distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    guard let best, best.distance <= max(1, target.count / 3) else { return nil }
    return best.value
  }

  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
