#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text with the demo's module name taken off the type names in it: `cellkit_demo.Poll` reads `Poll`.
///
/// CellKit names types as `String(reflecting:)` does, module first, so that an app's messages are
/// unambiguous; in the demo every type is the demo's own, and the module name is noise.
func withoutModuleName(_ text: String) -> String {
    text.replacing(modulePrefix, with: "")
}

/// `"cellkit_demo."`, read from a type's full name rather than spelled out.
private let modulePrefix = String(String(reflecting: FeedSection.self).dropLast("FeedSection".count))

/// Writes text to standard output at once, without a newline (a terminal shows stdout line by line, and a
/// full-screen draw ends without a newline so that the terminal does not scroll).
func show(_ text: String) {
    print(text, terminator: "")
    fflush(nil)  // every output stream; `stdout` itself is a global Swift 6 will not read
}

/// Writes a message and a newline to standard error.
func printError(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }  // interrupted: write the rest
        if count <= 0 { return }
        written += count
    }
}
