// Small text helpers shared by the stages.

extension StringProtocol {
  /// How many times `character` occurs.
  func count(of character: Character) -> Int {
    reduce(0) { $1 == character ? $0 + 1 : $0 }
  }

  var trimmingWhitespace: String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}

extension String {
  /// The string without leading and trailing `character`s.
  func trimmingCharacters(in character: Character) -> String {
    var slice = Substring(self)
    while slice.first == character { slice.removeFirst() }
    while slice.last == character { slice.removeLast() }
    return String(slice)
  }
}
