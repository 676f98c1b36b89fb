/// The bytes of an array or a string, in place, for a body that throws one
/// error type: the standard library's `withUnsafeBytes` and `withUTF8`
/// rethrow `any Error`, which a typed `throws` cannot pass on.
extension [UInt8] {
  package func withBytes<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
    var failure: Failure?
    withUnsafeBytes { buffer in
      do throws(Failure) {
        try body(buffer)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }
}

extension String {
  /// The string's UTF-8 (made contiguous first if it is not).
  package func withBytes<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
    var text = self
    var failure: Failure?
    text.withUTF8 { utf8 in
      do throws(Failure) {
        try body(UnsafeRawBufferPointer(utf8))
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }
}
